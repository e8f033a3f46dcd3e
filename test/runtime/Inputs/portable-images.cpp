// Loads one image list on whichever device is selected: an axpy kernel and
// its device-function library, each as an AMD object, its translated IR
// and PTX - ferry_module_load hands each backend the images it can use.
// Then the library function's device address (ferry_module_symbol), and
// with "run" a launch whose results are checked. Prints what it did.
//   portable-images K.o K.bc K.ptx L.o L.bc L.ptx [run]
#include "ferry/runtime.h"
#include <openacc.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

static std::string slurp(const char *Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
}

int main(int argc, char **argv) {
  if (argc < 7)
    return 2;
  std::vector<std::string> Files;
  for (int I = 1; I <= 6; ++I)
    Files.push_back(slurp(argv[I]));
  const char *Kinds[] = {"object", "bitcode", "ptx", "object", "bitcode", "ptx"};
  std::vector<ferry_image_desc> Images;
  for (int I = 0; I < 6; ++I)
    Images.push_back({Kinds[I], Files[I].data(), Files[I].size()});
  ferry_module M = nullptr;
  if (ferry_module_load(Images.data(), Images.size(), &M) != FERRY_SUCCESS) {
    std::printf("load: refused: %s\n", ferry_last_error());
    return 1;
  }
  std::printf("load: ok\n");
  uint64_t Address = 0, Size = 0;
  if (ferry_module_symbol(M, "axpy_element", &Address, &Size) == FERRY_SUCCESS)
    std::printf("axpy_element: %s\n", Address ? "has an address" : "address 0");
  else
    std::printf("axpy_element: %s\n", ferry_last_error());
  // Only what the device takes: PTX alone on an AMD device, objects alone on
  // an NVIDIA one.
  ferry_module Other = nullptr;
  ferry_image_desc Foreign[] = {Images[2], Images[5]};
  if (acc_get_device_type() == acc_device_nvidia) {
    Foreign[0] = Images[0];
    Foreign[1] = Images[3];
  }
  if (ferry_module_load(Foreign, 2, &Other) != FERRY_SUCCESS)
    std::printf("foreign: %s\n", ferry_last_error());
  ferry_kernel K = nullptr;
  if (ferry_module_get_kernel(M, "axpy", &K) != FERRY_SUCCESS) {
    std::printf("kernel: %s\n", ferry_last_error());
    return 1;
  }
  // What the device says the kernel uses (NVIDIA: the driver's numbers).
  ferry_kernel_resources R;
  if (ferry_kernel_get_resources(K, &R) != FERRY_SUCCESS)
    std::printf("resources: %s\n", ferry_last_error());
  else
    std::printf("resources: %s registers, %s largest block\n", R.registers ? "some" : "no",
                R.max_block_size ? "a" : "no");
  if (argc > 7 && std::string(argv[7]) == "run") {
    const int N = 1000;
    std::vector<float> X(N), Y(N), Out(N);
    for (int I = 0; I < N; ++I) {
      X[I] = float(I % 97);
      Y[I] = float(I % 13);
    }
    float *DX = (float *)acc_malloc(N * sizeof(float)), *DY = (float *)acc_malloc(N * sizeof(float));
    acc_memcpy_to_device(DX, X.data(), N * sizeof(float));
    acc_memcpy_to_device(DY, Y.data(), N * sizeof(float));
    float A = 2.5f;
    int Count = N;
    void *Args[] = {&A, &DX, &DY, &Count};
    uint32_t Grid[3] = {(N + 255) / 256, 1, 1}, Block[3] = {256, 1, 1};
    if (ferry_launch(K, Grid, Block, 0, Args, acc_async_sync) != FERRY_SUCCESS) {
      std::printf("launch: %s\n", ferry_last_error());
      return 1;
    }
    acc_memcpy_from_device(Out.data(), DY, N * sizeof(float));
    int Bad = 0;
    for (int I = 0; I < N; ++I)
      Bad += Out[I] != std::fma(A, X[I], Y[I]);
    std::printf("run: %d wrong\n", Bad);
  }
  ferry_module_unload(M);
  return 0;
}

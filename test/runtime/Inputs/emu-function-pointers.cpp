// On an emulated AMD device: a kernel image whose kernel calls through a
// function pointer it is given (apply), linked with a library (twice,
// plus_one); each library function's address from ferry_module_symbol,
// passed to the kernel, which calls it. Prints the results' check.
//   emu-function-pointers K.o K.bc L.o L.bc
#include "ferry/runtime.h"
#include <openacc.h>

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
  if (argc != 5)
    return 2;
  std::string Files[4] = {slurp(argv[1]), slurp(argv[2]), slurp(argv[3]), slurp(argv[4])};
  ferry_image_desc Images[] = {{"object", Files[0].data(), Files[0].size()},
                               {"bitcode", Files[1].data(), Files[1].size()},
                               {"object", Files[2].data(), Files[2].size()},
                               {"bitcode", Files[3].data(), Files[3].size()}};
  ferry_module M = nullptr;
  ferry_kernel K = nullptr;
  if (ferry_module_load(Images, 4, &M) != FERRY_SUCCESS ||
      ferry_module_get_kernel(M, "apply", &K) != FERRY_SUCCESS) {
    std::printf("load: %s\n", ferry_last_error());
    return 1;
  }
  const int N = 1000;
  std::vector<float> In(N), Out(N);
  for (int I = 0; I < N; ++I)
    In[I] = float(I);
  float *DIn = (float *)acc_malloc(N * sizeof(float)), *DOut = (float *)acc_malloc(N * sizeof(float));
  acc_memcpy_to_device(DIn, In.data(), N * sizeof(float));
  for (const char *Fn : {"twice", "plus_one"}) {
    uint64_t Address = 0, Size = 0;
    if (ferry_module_symbol(M, Fn, &Address, &Size) != FERRY_SUCCESS) {
      std::printf("%s: %s\n", Fn, ferry_last_error());
      return 1;
    }
    void *FnPtr = reinterpret_cast<void *>(Address);
    int Count = N;
    void *Args[] = {&FnPtr, &DIn, &DOut, &Count};
    uint32_t Grid[3] = {(N + 255) / 256, 1, 1}, Block[3] = {256, 1, 1};
    if (ferry_launch(K, Grid, Block, 0, Args, acc_async_sync) != FERRY_SUCCESS) {
      std::printf("%s: launch: %s\n", Fn, ferry_last_error());
      return 1;
    }
    acc_memcpy_from_device(Out.data(), DOut, N * sizeof(float));
    int Bad = 0;
    for (int I = 0; I < N; ++I)
      Bad += Out[I] != (std::string(Fn) == "twice" ? 2 * In[I] : In[I] + 1);
    std::printf("%s: %d wrong\n", Fn, Bad);
  }
  return 0;
}

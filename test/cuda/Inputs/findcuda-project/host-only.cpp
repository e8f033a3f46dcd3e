// A C++ program (no CUDA source) that uses the CUDA runtime API through
// FindCUDAToolkit's CUDA::cudart: a round trip through device memory.
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  int count = 0, in[4] = {1, 2, 3, 4}, out[4] = {};
  void *d = nullptr;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1 ||
      cudaMalloc(&d, sizeof in) != cudaSuccess)
    return std::puts("FAIL: no device"), 1;
  cudaMemcpy(d, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
  cudaFree(d);
  for (int i = 0; i < 4; ++i)
    if (out[i] != in[i])
      return std::printf("FAIL at %d\n", i), 1;
  std::puts("PASS");
  return 0;
}

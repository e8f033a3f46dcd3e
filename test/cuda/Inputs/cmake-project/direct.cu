// A whole CUDA program in one .cu file, which CMake links with the CUDA
// compiler (the C++ executable `scale` is linked by the C++ compiler).
#include <cstdio>

__global__ void fill(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 3 * i;
}

int main() {
  const int n = 300;
  int *d, h[n];
  cudaMalloc(&d, sizeof h);
  fill<<<(n + 127) / 128, 128>>>(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  for (int i = 0; i < n; ++i)
    if (h[i] != 3 * i)
      return std::printf("FAIL at %d\n", i), 1;
  std::puts("PASS");
  return 0;
}

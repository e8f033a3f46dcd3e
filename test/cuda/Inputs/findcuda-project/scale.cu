// A whole CUDA program whose project links NVIDIA's runtime library by the
// name CMake's modules find (CMakeLists.txt): Ferry's runtime must answer.
#include <cstdio>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

int main() {
  const int n = 200;
  float h[n], *d;
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  if (cudaError_t E = cudaMalloc(&d, sizeof h); E != cudaSuccess)
    return std::printf("FAIL: cudaMalloc: %s\n", cudaGetErrorString(E)), 1;
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<(n + 63) / 64, 64>>>(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  for (int i = 0; i < n; ++i)
    if (h[i] != 2.0f * i)
      return std::printf("FAIL at %d\n", i), 1;
  std::puts("PASS");
  return 0;
}

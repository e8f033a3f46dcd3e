// A one-kernel program for the driver tests.
#include <cuda_runtime.h>
#include <cstdio>
__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}
int main() {
#ifdef SAY_HELLO
  printf("hello %d\n", SAY_HELLO);
#endif
  float *x, *y;
  cudaMalloc(&x, 64 * sizeof(float));
  cudaMalloc(&y, 64 * sizeof(float));
  saxpy<<<1, 64>>>(2.0f, x, y, 64);
  printf("%s\n", cudaDeviceSynchronize() == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}

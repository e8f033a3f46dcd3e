// Uses the project's inc/cuda.h through -Iinc (test/cuda/driver-options.test);
// `register` as nvcc's host compiler accepts it under -std=c++17.
#include "cuda.h"
__global__ void twice(float *p) {
  register int i = threadIdx.x;
  p[i] = 2.0f * i;
}
int own_cuda_h_helper(cudaError_t status) { return status != cudaSuccess; }
int main() {
  float *d;
  cudaMalloc(&d, 16);
  twice<<<1, 4>>>(d);
  return own_cuda_h_helper(cudaDeviceSynchronize());
}

#include <cuda_runtime.h>

__global__ void scaleKernel(float *v, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= s;
}

// Returns 0 when the device scaled every element.
int scaleOnDevice(float *h, float s, int n) {
  float *d;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
    return 1;
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  scaleKernel<<<(n + 127) / 128, 128>>>(d, s, n);
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return cudaGetLastError() != cudaSuccess;
}

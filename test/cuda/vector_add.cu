// The smallest whole program: cudaMalloc, cudaMemcpy both ways, a
// __constant__ written by cudaMemcpyToSymbol, a __device__ counter read back
// by cudaMemcpyFromSymbol, and a <<<>>> launch; silent but for its PASS.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// An emulated device asked for that does not come says why, once (CUDA's
// "no device" alone hid it; CUDA sweep 11 F3: an emulator library that did
// not load).
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx-bad %not %t 2>&1 | %FileCheck %s --check-prefix=NOEMU
// CHECK: PASS
// NOEMU: ferry: error: cuda: no device: FERRY_EMULATE=gfx-bad: 'gfx-bad' is not an AMD processor name
// NOEMU-NOT: cuda: no device
#include <cstdio>
#include <cuda_runtime.h>

__device__ int counter;
__constant__ float scale[4];

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = (a[i] + b[i]) * scale[0];
    atomicAdd(&counter, 1);
  }
}

int main() {
  const int n = 1000;
  float *a, *b, *c;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&c, n * sizeof(float));
  float h[n], r[n];
  for (int i = 0; i < n; ++i)
    h[i] = i;
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(b, h, sizeof h, cudaMemcpyHostToDevice);
  float s[4] = {2, 0, 0, 0};
  cudaMemcpyToSymbol(scale, s, sizeof s);
  vadd<<<(n + 255) / 256, 256>>>(a, b, c, n);
  cudaMemcpy(r, c, sizeof r, cudaMemcpyDeviceToHost);
  int count = 0;
  cudaMemcpyFromSymbol(&count, counter, sizeof count);
  for (int i = 0; i < n; ++i)
    if (r[i] != 4 * i) {
      printf("FAIL at %d: %f\n", i, r[i]);
      return 1;
    }
  if (count != n) {
    printf("FAIL: count %d\n", count);
    return 1;
  }
  if (cudaGetLastError() != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  printf("PASS\n");
  return 0;
}

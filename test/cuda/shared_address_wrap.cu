// Shared-memory addresses are 32 bits wide on the GPU: indexing a __shared__
// array with a negated unsigned value, p[~x], is p[-x-1] there (HeCBench's
// merge relies on it). The emulated devices wrap group addresses the same
// way, also through the generic pointers clang leaves (InferAddressSpaces,
// as the AMDGPU backend, then 32-bit offsets: emu/Program.cpp). Built
// without -O too: nvcc optimizes device code unless told otherwise, and so
// does ferry-nvcc (clang alone would compile it at -O0).
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %ferry-nvcc -arch=sm_80 %s -o %t.default
// RUN: %emu-gfx90a %t.default > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %ferry-nvcc -arch=sm_80 -c %s -o %t.o --dryrun 2>&1 | %FileCheck %s --check-prefix=DEVICE-O3
// DEVICE-O3: --cuda-device-only {{.*}} -O3
// DEVICE-O3-NOT: -O3
// CHECK: PASS
#include <cstdint>
#include <cstdio>

__global__ void mirror(const unsigned *in, unsigned *out) {
  __shared__ unsigned buf[64];
  unsigned *hi = buf + 32;
  buf[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  const uint32_t x = threadIdx.x & 31;
  out[threadIdx.x] = hi[~x]; // buf[31 - x]
}

int main() {
  unsigned h[64], r[64];
  for (int i = 0; i < 64; i++)
    h[i] = 100 + i;
  unsigned *d, *o;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof r);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  mirror<<<1, 64>>>(d, o);
  const cudaError_t E = cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  int Bad = 0;
  for (int i = 0; i < 64; i++)
    Bad += r[i] != 100u + (31 - (i & 31));
  if (E != cudaSuccess || Bad) {
    std::printf("FAIL: %d wrong (%s)\n", Bad, cudaGetErrorString(E));
    return 1;
  }
  std::puts("PASS");
  return 0;
}

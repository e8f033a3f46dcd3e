// Shared memory with a large alignment (`__shared__ __align__(16 * 1024)`,
// how-to-optimize-gemm's double buffers flipped by `addr ^= 0x2000` on the
// 32-bit shared address): a GPU's shared memory starts at offset 0, so the
// variable has that alignment; the emulator's group memory was page
// aligned only (a memory fault, or wrong data, depending on the run).
// RUN: %ferry-nvcc -O2 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cstdio>

__global__ void flip(unsigned *misaligned, float *out) {
  __shared__ __align__(16 * 1024) char smem[24 * 1024];
  const unsigned base = unsigned(__cvta_generic_to_shared(smem));
  if (threadIdx.x == 0)
    *misaligned = base % (16 * 1024);
  // Two 8 KiB buffers: the second is the first with bit 13 flipped.
  float *first = reinterpret_cast<float *>(smem);
  float *second = reinterpret_cast<float *>(smem + (base ^ 0x2000) - base);
  first[threadIdx.x] = float(threadIdx.x);
  second[threadIdx.x] = 2.0f * threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = first[threadIdx.x] + second[threadIdx.x];
}

int main() {
  unsigned *misaligned, m = 1;
  float *out, h[64];
  cudaMalloc(&misaligned, sizeof m);
  cudaMalloc(&out, sizeof h);
  flip<<<2, 64>>>(misaligned, out);
  cudaMemcpy(&m, misaligned, sizeof m, cudaMemcpyDeviceToHost);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  bool ok = cudaGetLastError() == cudaSuccess && m == 0;
  for (int i = 0; i < 64; ++i)
    ok &= h[i] == 3.0f * i;
  if (!ok)
    std::printf("offset %u from a 16 KiB boundary, out[63] = %g\n", m, h[63]);
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return !ok;
}

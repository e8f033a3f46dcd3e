// A float array in private memory read and written through uint4 (16-byte
// type punning through a pointer parameter, as HeCBench hadamard's
// FlashAttention-style code does): clang claims uint4's alignment (16) for
// accesses to an `alloca [8 x [4 x float]], align 4`. AMD GPUs access
// private memory at any alignment; the emulator's host code used an aligned
// vector move on the array's 4-aligned stack slot and the kernel failed
// with "memory access fault (SIGSEGV) at address (nil)". Private arrays are
// 16-aligned in the emulator now, and in PTX (as nvcc's local depot is: the
// H200 stopped the kernel with a misaligned address before).
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cstdio>

__device__ __forceinline__ void load_vec(float v[][4], const uint4 *in, int c) {
  reinterpret_cast<uint4 *>(v[c])[0] = in[c];
}

__device__ __forceinline__ void store_vec(const float v[][4], uint4 *out, int c) {
  out[c] = reinterpret_cast<const uint4 *>(v[c])[0];
}

__global__ void shuffle(const uint4 *in, uint4 *out, int sel) {
  float pad[3]; // puts v at an address that is 4-aligned only
  float v[8][4];
  for (int i = 0; i < 3; ++i)
    pad[i] = float(sel + i);
#pragma unroll
  for (int c = 0; c < 8; ++c)
    load_vec(v, in, c);
  // A dynamic index keeps v in private memory.
  reinterpret_cast<uint4 *>(v[sel & 7])[0] = in[(sel + 1) & 7];
#pragma unroll
  for (int c = 0; c < 8; ++c)
    store_vec(v, out, c);
  out[8].x = __float_as_uint(pad[sel % 3]);
}

int main() {
  uint4 h[9], r[9];
  for (int i = 0; i < 8; ++i)
    h[i] = make_uint4(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);
  uint4 *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  const int sel = 2;
  shuffle<<<1, 1>>>(in, out, sel);
  const cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int bad = e != cudaSuccess;
  for (int c = 0; c < 8; ++c) {
    const uint4 x = c == (sel & 7) ? h[(sel + 1) & 7] : h[c];
    bad |= r[c].x != x.x || r[c].y != x.y || r[c].z != x.z || r[c].w != x.w;
  }
  std::printf("%s\n%s\n", cudaGetErrorString(e), bad ? "FAIL" : "PASS");
  return bad;
}

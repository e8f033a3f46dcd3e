// Warp-synchronous code written for lockstep warps: the lanes of a warp
// exchange values through volatile shared memory without __syncwarp (the
// classic reduction's last warp, a volatile inclusive scan). GPUs run a
// warp's lanes in lockstep, so each step reads the others' previous stores;
// the emulated devices let every work-item of the group run to its next
// volatile access before one goes on (emu/Scheduler.h, lockstepFunction),
// which gives the same values.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cstdio>

template <unsigned B> __device__ void warpReduce(volatile int *S, unsigned T) {
  if (B >= 64) S[T] += S[T + 32];
  if (B >= 32) S[T] += S[T + 16];
  if (B >= 16) S[T] += S[T + 8];
  if (B >= 8) S[T] += S[T + 4];
  if (B >= 4) S[T] += S[T + 2];
  if (B >= 2) S[T] += S[T + 1];
}

template <unsigned B> __global__ void reduce(const int *In, int *Out, unsigned N) {
  __shared__ int S[B];
  unsigned T = threadIdx.x, I = blockIdx.x * B * 2 + T;
  const unsigned Grid = B * 2 * gridDim.x;
  S[T] = 0;
  for (; I < N; I += Grid)
    S[T] += In[I] + (I + B < N ? In[I + B] : 0);
  __syncthreads();
  if (B >= 256) {
    if (T < 128)
      S[T] += S[T + 128];
    __syncthreads();
  }
  if (B >= 128) {
    if (T < 64)
      S[T] += S[T + 64];
    __syncthreads();
  }
  if (T < 32)
    warpReduce<B>(S, T);
  if (T == 0)
    Out[blockIdx.x] = S[0];
}

// Inclusive scan of one warp: each step adds the value `offset` lanes back.
__global__ void scan(const unsigned *In, unsigned *Out) {
  __shared__ volatile unsigned S[64];
  const unsigned Lane = threadIdx.x, Idx = Lane + 32;
  S[Lane] = 0;
  S[Idx] = In[Lane];
  for (unsigned Offset = 1; Offset < 32; Offset *= 2)
    S[Idx] += S[Idx - Offset];
  Out[Lane] = S[Idx];
}

int main() {
  const unsigned N = 1 << 16, Blocks = 64;
  int *H = new int[N];
  long Want = 0;
  for (unsigned I = 0; I < N; I++)
    Want += H[I] = I % 7;
  int *D, *O, R[Blocks];
  cudaMalloc(&D, N * sizeof(int));
  cudaMalloc(&O, sizeof R);
  cudaMemcpy(D, H, N * sizeof(int), cudaMemcpyHostToDevice);
  reduce<256><<<Blocks, 256>>>(D, O, N);
  cudaMemcpy(R, O, sizeof R, cudaMemcpyDeviceToHost);
  long Got = 0;
  for (unsigned B = 0; B < Blocks; B++)
    Got += R[B];
  if (Got != Want)
    std::printf("reduce FAIL (%ld, want %ld)\n", Got, Want);

  unsigned Ones[32], Sums[32];
  for (unsigned &V : Ones)
    V = 1;
  unsigned *SD, *SO;
  cudaMalloc(&SD, sizeof Ones);
  cudaMalloc(&SO, sizeof Sums);
  cudaMemcpy(SD, Ones, sizeof Ones, cudaMemcpyHostToDevice);
  scan<<<1, 32>>>(SD, SO);
  cudaMemcpy(Sums, SO, sizeof Sums, cudaMemcpyDeviceToHost);
  int Bad = 0;
  for (unsigned I = 0; I < 32; I++)
    Bad += Sums[I] != I + 1;
  if (Bad)
    std::printf("scan FAIL (out[31] = %u, want 32)\n", Sums[31]);
  if (Got != Want || Bad)
    return 1;
  std::puts("PASS");
  return 0;
}

// Warp-synchronous code through plain (non-volatile) shared memory, without
// __syncwarp: TeaLeaf's block reduction (its last stages inside one warp,
// offsets 16..1), a shift of a warp's values one lane up (each lane reads
// its neighbour's value, then overwrites its own), and gardenia's pull
// step (two lanes store a row's bounds, the whole warp reads them). A GPU
// runs a warp's lanes in lockstep; so do the emulated devices for their
// group-memory accesses that follow another one with no barrier between
// (emu/Scheduler.h, waveStepFunction), which gives the same values.
// (Before: lane 0 ran its stages before lanes 1-31 stored theirs: block
// sums of 112 instead of 1018, a shift that copied lane 0's value to every
// lane, bounds read before they were stored.)
// RUN: %ferry-nvcc -O2 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// RUN: %emu-gfx1100 %t | %FileCheck %s
// CHECK: reduce PASS
// CHECK: shift PASS
// CHECK: bounds PASS
// CHECK-NEXT: PASS
#include <cstdio>

constexpr int Block = 256;

template <int Offset> struct Reduce {
  __device__ static void run(double *s) {
    if (Offset > 16)
      __syncthreads();
    if (threadIdx.x < Offset) {
      s[threadIdx.x] += s[threadIdx.x + Offset];
      Reduce<Offset / 2>::run(s);
    }
  }
};
template <> struct Reduce<0> {
  __device__ static void run(double *) {}
};

__global__ void blockSum(const double *in, double *out) {
  __shared__ double s[Block];
  s[threadIdx.x] = in[blockIdx.x * Block + threadIdx.x];
  Reduce<Block / 2>::run(s);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

// Each warp's lane i ends with what lane i-1 had (lane 0 keeps its own).
__global__ void shiftUp(int *out) {
  __shared__ int s[Block];
  const int t = threadIdx.x, lane = t % 32;
  s[t] = t * 3 + 1;
  __syncthreads();
  const int below = lane ? s[t - 1] : s[t];
  s[t] = below;
  out[t] = s[t];
}

// gardenia's pull step: lanes 0 and 1 of each warp store a row's bounds,
// every lane reads them and sums its share of the row.
__global__ void rowSums(const int *rowStart, const int *values, int *out) {
  __shared__ int bounds[Block / 32][2];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int row = blockIdx.x * (Block / 32) + warp;
  if (lane < 2)
    bounds[warp][lane] = rowStart[row + lane];
  int sum = 0;
  for (int i = bounds[warp][0] + lane; i < bounds[warp][1]; i += 32)
    sum += values[i];
  for (int d = 16; d > 0; d /= 2)
    sum += __shfl_down_sync(0xffffffff, sum, d);
  if (lane == 0)
    out[row] = sum;
}

int main() {
  const int Blocks = 4, Rows = Blocks * (Block / 32);
  static double in[Blocks * Block], sums[Blocks];
  for (int i = 0; i < Blocks * Block; ++i)
    in[i] = 1.0 + i % 7;
  double *dIn, *dSums;
  cudaMalloc(&dIn, sizeof in);
  cudaMalloc(&dSums, sizeof sums);
  cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice);
  blockSum<<<Blocks, Block>>>(dIn, dSums);
  cudaMemcpy(sums, dSums, sizeof sums, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int b = 0; b < Blocks; ++b) {
    double e = 0;
    for (int i = 0; i < Block; ++i)
      e += in[b * Block + i];
    ok &= sums[b] == e;
  }
  printf("reduce %s\n", ok ? "PASS" : "FAIL");
  bool all = ok;

  static int shifted[Block];
  int *dOut;
  cudaMalloc(&dOut, sizeof(int) * Rows * 64);
  shiftUp<<<1, Block>>>(dOut);
  cudaMemcpy(shifted, dOut, sizeof shifted, cudaMemcpyDeviceToHost);
  ok = true;
  for (int t = 0; t < Block; ++t)
    ok &= shifted[t] == (t % 32 ? (t - 1) * 3 + 1 : t * 3 + 1);
  printf("shift %s\n", ok ? "PASS" : "FAIL");
  all &= ok;

  static int start[Rows + 1], values[Rows * 40], rows[Rows];
  int n = 0;
  for (int r = 0; r < Rows; ++r) {
    start[r] = n;
    n += (r * 13) % 40;
  }
  start[Rows] = n;
  for (int i = 0; i < n; ++i)
    values[i] = i % 11 - 3;
  int *dStart, *dValues;
  cudaMalloc(&dStart, sizeof start);
  cudaMalloc(&dValues, sizeof values);
  cudaMemcpy(dStart, start, sizeof start, cudaMemcpyHostToDevice);
  cudaMemcpy(dValues, values, sizeof values, cudaMemcpyHostToDevice);
  rowSums<<<Blocks, Block>>>(dStart, dValues, dOut);
  cudaMemcpy(rows, dOut, sizeof rows, cudaMemcpyDeviceToHost);
  ok = true;
  for (int r = 0; r < Rows; ++r) {
    int e = 0;
    for (int i = start[r]; i < start[r + 1]; ++i)
      e += values[i];
    ok &= rows[r] == e;
  }
  printf("bounds %s\n", ok ? "PASS" : "FAIL");
  all &= ok && cudaGetLastError() == cudaSuccess;
  printf("%s\n", all ? "PASS" : "FAIL");
  return !all;
}

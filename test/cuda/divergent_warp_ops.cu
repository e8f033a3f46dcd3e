// A warp operation inside a divergent branch, then operations of the whole
// warp after it (brucefan1983's CUDA-Programming warp.cu: `if (tid != 0)
// __all_sync(mask, tid);` then __shfl_xor_sync/__any_sync of the full
// mask). The hardware runs the branch's side first and reconverges; the
// emulator ran lane 0's operation after the branch first, with lane 0 alone
// (0 where 1 was right). Lanes of a wave waiting at different sites now go
// in code order.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cstdio>

__global__ void lanes(int *out) {
  const int tid = threadIdx.x;
  int inside = -1;
  if (tid != 0)
    inside = __ballot_sync(0xfffffffeu, tid & 1);
  out[tid] = __shfl_xor_sync(0xffffffffu, tid, 1);
  out[32 + tid] = __any_sync(0xffffffffu, tid);
  out[64 + tid] = inside;
}

int main() {
  int *d, h[96];
  cudaMalloc(&d, sizeof h);
  lanes<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = cudaGetLastError() != cudaSuccess;
  for (int t = 0; t < 32; ++t) {
    bad += h[t] != (t ^ 1);
    bad += h[32 + t] != 1;
    bad += h[64 + t] != (t ? int(0xaaaaaaaau) : -1);
  }
  std::printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}

// Device printf from the lanes of one warp comes out statement by statement,
// each statement's lines in lane order, as a GPU's lockstep warp prints them
// (a CUDA book's warp.cu listing): the emulated devices let a wave's lanes
// reach each printf together (docs/emulator.md). A branch only some lanes
// take prints theirs after the lines before it.
// (Before: lane by lane, a0 b0 a1 b1 ...)
// RUN: %ferry-nvcc -O2 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// RUN: %emu-gfx1100 %t | %FileCheck %s
// CHECK:      a0
// CHECK-NEXT: a1
// CHECK-NEXT: a2
// CHECK:      a31
// CHECK-NEXT: b0 1
// CHECK-NEXT: b1 2
// CHECK:      b31 32
// CHECK-NEXT: c0
// CHECK-NEXT: c1
// CHECK-NEXT: c2
// CHECK-NEXT: c3
// CHECK-NEXT: PASS
#include <cstdio>

__global__ void lanes() {
  const int t = threadIdx.x;
  printf("a%d\n", t);
  printf("b%d %d\n", t, t + 1);
  if (t < 4)
    printf("c%d\n", t);
}

int main() {
  lanes<<<1, 32>>>();
  const bool ok = cudaDeviceSynchronize() == cudaSuccess;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}

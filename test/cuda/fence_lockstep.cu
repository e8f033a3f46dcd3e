// Stores of a warp's lanes before __threadfence(), then an atomic by
// another lane of the warp on a word one of them stored (HeCBench's btree:
// lane 30 writes a node's word, lane 1 clears the lock bit with atomicAnd
// after the fence; on a GPU the warp's stores are done when the fence is).
// On the emulated devices the store of a later lane landed after the
// atomic, the lock stayed set and btree spun forever (CUDA sweep 11 F2): a
// fence lets the other work-items of the group run to it first, as a
// volatile access does. Volatile and plain stores.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// RUN: %emu-gfx1100 %t | %FileCheck %s
// CHECK: PASS
#include <cstdio>

template <bool Volatile> __global__ void lockWord(unsigned *node) {
  const unsigned lane = threadIdx.x & 31;
  const unsigned v = lane == 30 ? 0x80000001u : lane; // lane l writes word 31 - l
  if (Volatile)
    ((volatile unsigned *)node)[31 - lane] = v;
  else
    node[31 - lane] = v;
  __threadfence();
  if (lane == 1)
    atomicAnd(node + 1, 0x7fffffffu); // release the lock bit lane 30 set
}

int main() {
  unsigned *d, h[2][32];
  cudaMalloc(&d, 2 * 32 * sizeof(unsigned));
  cudaMemset(d, 0, 2 * 32 * sizeof(unsigned));
  lockWord<true><<<1, 32>>>(d);
  lockWord<false><<<1, 32>>>(d + 32);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  const bool ok = h[0][1] == 1 && h[1][1] == 1 && h[0][31] == 0 && h[1][2] == 29;
  printf("words %#x %#x\n%s\n", h[0][1], h[1][1], ok ? "PASS" : "FAIL");
  cudaFree(d);
  return ok ? 0 : 1;
}

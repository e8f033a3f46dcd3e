// cooperative_groups::this_grid() in a normal launch: its rank and size
// cover the grid, is_valid() is false (no cooperative launch: Ferry has
// none), and grid.sync() fails the kernel as CUDA's abort does (a sticky
// error: on NVIDIA the process cannot use the device after it).
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t 2> %t.err | %FileCheck %s && %FileCheck %s --check-prefix=ERR < %t.err
// RUN: %emu-gfx1100 %t 2> %t.err | %FileCheck %s && %FileCheck %s --check-prefix=ERR < %t.err
// CHECK: sync failed as expected
// CHECK-NEXT: PASS
// ERR: kernel '{{.*}}syncGrid{{.*}}' failed on device 0
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void ranks(unsigned long long *rank, unsigned long long *size, int *valid) {
  cg::grid_group grid = cg::this_grid();
  rank[grid.thread_rank()] = grid.thread_rank();
  if (grid.thread_rank() == 0) {
    *size = grid.size();
    *valid = grid.is_valid();
  }
}

__global__ void syncGrid(int *out) {
  cg::grid_group grid = cg::this_grid();
  out[grid.thread_rank()] = 1;
  grid.sync();
}

int main() {
  const int blocks = 3, threads = 64, n = blocks * threads;
  unsigned long long *rank, *size;
  int *valid;
  cudaMalloc(&rank, n * sizeof *rank);
  cudaMalloc(&size, sizeof *size);
  cudaMalloc(&valid, sizeof *valid);
  ranks<<<blocks, threads>>>(rank, size, valid);
  unsigned long long h[n], hs = 0;
  int hv = -1;
  cudaMemcpy(h, rank, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hs, size, sizeof hs, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hv, valid, sizeof hv, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (h[i] != (unsigned long long)i) {
      printf("FAIL: rank %d is %llu\n", i, h[i]);
      return 1;
    }
  if (hs != (unsigned long long)n || hv != 0) {
    printf("FAIL: size %llu, is_valid %d\n", hs, hv);
    return 1;
  }
  int *out;
  cudaMalloc(&out, n * sizeof *out);
  syncGrid<<<blocks, threads>>>(out);
  if (cudaDeviceSynchronize() == cudaSuccess) {
    printf("FAIL: grid.sync() outside a cooperative launch succeeded\n");
    return 1;
  }
  printf("sync failed as expected\n");
  printf("PASS\n");
  return 0;
}

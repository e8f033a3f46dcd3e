// The sm_80 warp reductions __reduce_{add,min,max,and,or,xor}_sync, with the
// whole warp and with half of it, and cooperative_groups::reduce on a
// 32-thread tile (which uses them for int): clang 19's own wrappers swap
// the operands (ferry_cuda_device.h puts them in order).
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void reduce(int *out) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned v = lane * 3 + 1;
  const int s = int(lane) - 10;
  if (threadIdx.x < 32) {
    out[0] = __reduce_add_sync(0xffffffffu, v);
    out[1] = __reduce_min_sync(0xffffffffu, s);
    out[2] = __reduce_max_sync(0xffffffffu, s);
    out[3] = __reduce_max_sync(0xffffffffu, v);
    out[4] = __reduce_and_sync(0xffffffffu, v | 0x100);
    out[5] = __reduce_or_sync(0xffffffffu, 1u << (lane % 8));
    out[6] = __reduce_xor_sync(0xffffffffu, v);
    if (lane < 16)
      out[7] = __reduce_add_sync(0x0000ffffu, v);
  }
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  const int total = cg::reduce(tile, int(lane) + 1, cg::plus<int>());
  if (threadIdx.x == 32)
    out[8] = total;
}

int main() {
  int *d, h[9] = {};
  cudaMalloc(&d, sizeof h);
  reduce<<<1, 64>>>(d);
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  unsigned add = 0, andAll = ~0u, xorAll = 0, half = 0;
  for (unsigned l = 0; l < 32; ++l) {
    add += l * 3 + 1;
    andAll &= (l * 3 + 1) | 0x100;
    xorAll ^= l * 3 + 1;
    if (l < 16)
      half += l * 3 + 1;
  }
  const int want[9] = {int(add), -10, 21, 94, int(andAll), 0xff, int(xorAll), int(half), 528};
  for (int i = 0; i < 9; ++i)
    if (h[i] != want[i]) {
      printf("FAIL: result %d is %d, not %d\n", i, h[i], want[i]);
      return 1;
    }
  printf("PASS\n");
  return 0;
}

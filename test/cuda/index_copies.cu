// The built-in index variables copied, as nvcc allows (there threadIdx and
// blockIdx are uint3 variables, blockDim and gridDim dim3 ones): `const auto
// t = threadIdx;` was "call to deleted constructor of 'const
// __cuda_builtin_threadIdx_t'" (CUDA-Tutorial's GridConfiguration sample).
// Copies read the same registers; at -O0 too (no variable behind them).
// A copy is not assignable: that stays an error (ASSIGN below).
// RUN: %ferry-nvcc -O0 -arch=sm_80 %s -o %t.O0
// RUN: %emu-gfx90a %t.O0 > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t.O3
// RUN: %emu-gfx1100 %t.O3 > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: not %ferry-nvcc -arch=sm_80 -DASSIGN -c %s -o %t.o 2>&1 | %FileCheck --check-prefix=ASSIGN %s
// ASSIGN: error: no setter defined for property 'x'
// CHECK: PASS
#include <cuda_runtime.h>

#include <cstdio>

template <class Index> __device__ unsigned linear(Index t, dim3 n) { return t.x + n.x * t.y; }

__global__ void copies(unsigned *out) {
  const auto t = threadIdx; // uint3 with nvcc
  auto b = blockIdx;
  const auto n = blockDim;
  const auto g = gridDim; // (not in one declaration: Ferry's four types differ)
  const uint3 u = t;
  const dim3 d = b;
#ifdef ASSIGN
  b.x = 0;
#endif
  const unsigned block = b.x + g.x * b.y;
  const unsigned at = block * n.x * n.y + linear(t, n);
  out[at] = u.x + 10 * u.y + 100 * d.x + 1000 * d.y + 10000 * (n.z + g.z);
}

int main() {
  const dim3 grid(3, 2), block(4, 2);
  const unsigned count = 3 * 2 * 4 * 2;
  unsigned *out, h[count];
  cudaMalloc(&out, sizeof h);
  copies<<<grid, block>>>(out);
  bool ok = cudaDeviceSynchronize() == cudaSuccess;
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  for (unsigned by = 0; by < 2; ++by)
    for (unsigned bx = 0; bx < 3; ++bx)
      for (unsigned ty = 0; ty < 2; ++ty)
        for (unsigned tx = 0; tx < 4; ++tx)
          ok &= h[(bx + 3 * by) * 8 + tx + 4 * ty] == tx + 10 * ty + 100 * bx + 1000 * by + 20000;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}

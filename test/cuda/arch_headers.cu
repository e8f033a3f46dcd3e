// Programs that include CUDA's per-architecture headers themselves, as
// older code does and nvcc allows (Learn-CUDA-Programming's
// mixed_precision_int.cu: <sm_61_intrinsics.h> for __dp2a/__dp4a;
// <sm_60_atomic_functions.h> for double atomicAdd). clang's CUDA wrapper
// includes their definitions without their include guards, so each of them
// defined its functions a second time ("redefinition of '__dp2a_lo'").
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <sm_20_atomic_functions.h>
#include <sm_20_intrinsics.h>
#include <sm_32_atomic_functions.h>
#include <sm_60_atomic_functions.h>
#include <sm_61_intrinsics.h>
#include <cstdio>

__global__ void kernel(int *dots, double *sum, unsigned long long *bits) {
  if (threadIdx.x == 0) {
    // a's two 16-bit halves times b's two low bytes, plus c: 1*5 + 2*6 + 9.
    dots[0] = __dp2a_lo(0x00020001, 0x00000605, 9);
    // four byte products: 1*5 + 2*6 + 3*7 + 4*8 + 1.
    dots[1] = __dp4a(0x04030201, 0x08070605, 1);
  }
  atomicAdd(sum, 0.5);
  atomicOr(bits, 1ull << (threadIdx.x % 64));
}

int main() {
  int *dots;
  double *sum;
  unsigned long long *bits;
  cudaMalloc(&dots, 2 * sizeof(int));
  cudaMalloc(&sum, sizeof(double));
  cudaMalloc(&bits, sizeof(unsigned long long));
  cudaMemset(sum, 0, sizeof(double));
  cudaMemset(bits, 0, sizeof(unsigned long long));
  kernel<<<1, 128>>>(dots, sum, bits);
  int d[2];
  double s;
  unsigned long long b;
  cudaMemcpy(d, dots, sizeof d, cudaMemcpyDeviceToHost);
  cudaMemcpy(&s, sum, sizeof s, cudaMemcpyDeviceToHost);
  cudaMemcpy(&b, bits, sizeof b, cudaMemcpyDeviceToHost);
  const bool ok = cudaGetLastError() == cudaSuccess && d[0] == 26 && d[1] == 71 && s == 64.0 &&
                  b == ~0ull;
  if (!ok)
    std::printf("dots %d %d (26 71), sum %g (64), bits %llx\n", d[0], d[1], s, b);
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return !ok;
}

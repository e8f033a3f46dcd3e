// Integer division and remainder by zero, and INT_MIN / -1, in a kernel:
// the GPUs compute a value (which one is unspecified) and the kernel goes
// on; the emulator's host code trapped (SIGFPE: the program died without a
// message; Learn-CUDA-Programming's aos/soa divide by uninitialised
// fields). The kernel completes, the other divisions are right, and the
// emulator gives the values AMDGPU's expansion gives.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s --check-prefixes=CHECK,EMU < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s --check-prefixes=CHECK,EMU < %t.out && %count 0 < %t.err
// EMU: edges: -1 4294967295 7 7 -2147483648 0
// CHECK: PASS
#include <climits>
#include <cstdio>

__global__ void divide(const int *in, int *out) {
  const int x = in[0], zero = in[1], min = in[2], minus_one = in[3], three = in[4];
  const unsigned ux = unsigned(x), uzero = unsigned(zero);
  out[0] = x / zero;
  out[1] = int(ux / uzero);
  out[2] = x % zero;
  out[3] = int(ux % uzero);
  out[4] = min / minus_one;
  out[5] = min % minus_one;
  out[6] = x / three;
  out[7] = x % three;
  out[8] = int(ux / unsigned(three));
}

int main() {
  const int h[5] = {7, 0, INT_MIN, -1, 3};
  int *in, *out, r[9];
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  divide<<<1, 1>>>(in, out);
  const cudaError_t E = cudaDeviceSynchronize();
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("edges: %d %u %d %d %d %d\n", r[0], unsigned(r[1]), r[2], r[3], r[4], r[5]);
  const bool ok = E == cudaSuccess && r[6] == 2 && r[7] == 1 && r[8] == 2;
  if (!ok)
    std::printf("%s, 7/3 %d, 7%%3 %d, 7u/3 %d\n", cudaGetErrorString(E), r[6], r[7], r[8]);
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return !ok;
}

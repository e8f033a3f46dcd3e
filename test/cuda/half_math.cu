// Half-precision math of CUDA 13's cuda_fp16.hpp against float references:
// __hdiv and the / operator, hrcp, hsqrt, hrsqrt (AMDGPU's rcp/sqrt/rsq
// intrinsics, which the emulator did not model: every launch of such a
// program failed to load), hexp and hlog (inline PTX with upper-case
// hexadecimal immediates, 0XC1EFU: "malformed immediate"), htanh_approx and
// h2tanh_approx (tanh.approx.f16/.f16x2: "not translated"); sincospi and
// sincospif; and `register` under -std=c++17, which nvcc accepts and clang
// refuses by default.
// RUN: %ferry-nvcc -O3 -arch=sm_80 -std=c++17 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>

constexpr int N = 64, Ops = 9;

__global__ void halfOps(const float *in, float *out) {
  register int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N)
    return;
  const __half x = __float2half(in[i]), two = __float2half(2.0f);
  float *o = out + i * Ops;
  o[0] = __half2float(__hdiv(x, two));
  o[1] = __half2float(x / two);
  o[2] = __half2float(hrcp(x));
  o[3] = __half2float(hsqrt(x));
  o[4] = __half2float(hrsqrt(x));
  o[5] = __half2float(hexp(__hneg(x)));
  o[6] = __half2float(hlog(x));
  o[7] = __half2float(htanh_approx(x));
  o[8] = __low2float(h2tanh_approx(__halves2half2(__hneg(x), x)));
}

// sincospi and sincospif (ocml's __ocml_sincospi_*: the emulator had no
// host version, and refused the whole image; curand_normal_double uses it).
__global__ void sinCosPi(const float *in, double *out) {
  const int i = threadIdx.x;
  float s, c;
  sincospif(in[i], &s, &c);
  double sd, cd;
  sincospi(double(in[i]), &sd, &cd);
  out[4 * i] = s, out[4 * i + 1] = c, out[4 * i + 2] = sd, out[4 * i + 3] = cd;
}

int main() {
  register int bad = 0;
  float in[N], out[N * Ops];
  for (int i = 0; i < N; i++)
    in[i] = 0.25f + 0.125f * i; // 0.25 .. 8.125, exact in half
  float *dIn, *dOut;
  cudaMalloc(&dIn, sizeof in);
  cudaMalloc(&dOut, sizeof out);
  cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice);
  halfOps<<<2, 32>>>(dIn, dOut);
  if (cudaError_t E = cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost)) {
    printf("FAIL: %s\n", cudaGetErrorString(E));
    return 1;
  }
  for (int i = 0; i < N; i++) {
    const float x = in[i];
    const float want[Ops] = {x / 2,          x / 2,    1 / x,     std::sqrt(x),
                             1 / std::sqrt(x), std::exp(-x), std::log(x), std::tanh(x),
                             -std::tanh(x)};
    for (int k = 0; k < Ops; k++) {
      const float got = out[i * Ops + k];
      // Half precision: 11 bits; the approximations within a few ulps.
      if (!(std::fabs(got - want[k]) <= 4e-3f * std::fabs(want[k]) + 1e-4f)) {
        if (++bad <= 5)
          printf("op %d of %g: %g, expected %g\n", k, x, got, want[k]);
      }
    }
  }
  double *dPi, pi[4 * N];
  cudaMalloc(&dPi, sizeof pi);
  sinCosPi<<<1, N>>>(dIn, dPi);
  cudaMemcpy(pi, dPi, sizeof pi, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) {
    const double x = in[i], s = std::sin(M_PI * x), c = std::cos(M_PI * x);
    if (!(std::fabs(pi[4 * i] - s) < 1e-6 && std::fabs(pi[4 * i + 1] - c) < 1e-6 &&
          std::fabs(pi[4 * i + 2] - s) < 1e-12 && std::fabs(pi[4 * i + 3] - c) < 1e-12) &&
        ++bad <= 5)
      printf("sincospi(%g): %g %g %g %g, expected %g %g\n", x, pi[4 * i], pi[4 * i + 1],
             pi[4 * i + 2], pi[4 * i + 3], s, c);
  }
  cudaFree(dPi);
  cudaFree(dIn);
  cudaFree(dOut);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}

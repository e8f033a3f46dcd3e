// C math in device code by names other than CUDA's headers give: CCCL's
// cuda::std:: functions (under nvcc's macros, which ferry-nvcc defines, CCCL
// calls `__builtin_exp`, `__builtin_hypot`, ...) and `__builtin_*` written
// directly reach the translation as LLVM's math intrinsics (`llvm.sin.f64`,
// `llvm.lrint`) and C library calls (`hypot`, `tgamma`, `cbrt`). They become
// libdevice's functions, for AMD and NVIDIA: were "Cannot select: f64 =
// fsin" (reported as a Ferry bug), "no libcall available for fexp", "the
// code object would call undefined functions 'hypot', 'tgamma', 'cbrt'".
// RUN: %ferry-nvcc -O3 -arch=sm_80 -std=c++17 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %ferry-nvcc -O0 -arch=sm_80 -std=c++17 %s -o %t.O0
// RUN: %emu-gfx90a %t.O0 > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda/std/cmath>
#include <cuda/std/complex>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>

__global__ void math(double *o, float *of, double a, double b) {
  o[0] = cuda::std::exp(a);
  o[1] = cuda::std::sin(a);
  o[2] = cuda::std::hypot(3.0, b);
  o[3] = cuda::std::tgamma(a);
  o[4] = cuda::std::cbrt(16.0 * a);
  o[5] = double(cuda::std::lrint(b / 2.0 + 0.1));
  o[6] = cuda::std::pow(b, a);
  o[7] = cuda::std::log10(100.0 * a * 2.0);
  const cuda::std::complex<double> z = cuda::std::exp(cuda::std::complex<double>(0.0, 2.0 * a));
  o[8] = z.real();
  o[9] = cuda::std::abs(cuda::std::complex<double>(3.0, b));
  o[10] = __builtin_cos(a);
  of[0] = __builtin_expf(float(a));
  of[1] = __builtin_sinf(float(a));
  of[2] = __builtin_powf(float(b), 0.5f);
}

int main() {
  double *o, h[11];
  float *of, hf[3];
  cudaMalloc(&o, sizeof h);
  cudaMalloc(&of, sizeof hf);
  math<<<1, 1>>>(o, of, 0.5, 4.0);
  bool ok = cudaDeviceSynchronize() == cudaSuccess;
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(hf, of, sizeof hf, cudaMemcpyDeviceToHost);
  const double want[11] = {std::exp(0.5), std::sin(0.5), 5.0, std::sqrt(std::acos(-1.0)), 2.0, 2.0,
                           2.0, 2.0, std::cos(1.0), 5.0, std::cos(0.5)};
  for (int i = 0; i < 11; ++i)
    if (std::fabs(h[i] - want[i]) > 1e-12 * (1 + std::fabs(want[i]))) {
      std::printf("o[%d] = %.17g, expected %.17g\n", i, h[i], want[i]);
      ok = false;
    }
  const float wantf[3] = {std::exp(0.5f), std::sin(0.5f), 2.0f};
  for (int i = 0; i < 3; ++i)
    if (std::fabs(hf[i] - wantf[i]) > 1e-6f * (1 + std::fabs(wantf[i]))) {
      std::printf("of[%d] = %.9g, expected %.9g\n", i, hf[i], wantf[i]);
      ok = false;
    }
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}

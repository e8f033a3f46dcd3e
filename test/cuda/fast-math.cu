// --use_fast_math is nvcc's: flushed denormals, approximate division,
// square root and transcendentals (`expf` as `__expf`), contraction; not
// clang's -ffast-math, which also assumes that no infinity or NaN occurs.
// A masked softmax seeds its maximum with -INFINITY and tests a fully
// masked row with `m == -INFINITY`, a NaN check writes `x != x`: nvcc's
// code compares (its PTX keeps `setp.eq.ftz.f32 .., 0fFF800000` and
// `setp.nan`); with -ffast-math both folded to false (llm.c's dev/cuda
// kernels are all built with --use_fast_math). The fast functions stay
// close to the precise ones. On NVIDIA, --use_fast_math is also nvcc's
// -prec-div=false -prec-sqrt=false: div.approx and sqrt.approx in the PTX
// (division and sqrtf were precise, as clang's fast-math flags on the division
// do not choose NVPTX's approximation, and inlining libdevice took
// approx-func off the callers); IEEE without the option. fmad.test: the
// option's multiplies and adds stay apart with -fmad=false.
// RUN: %ferry-nvcc -O3 -arch=sm_80 --use_fast_math %s -o %t 2>&1 | %count 0
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: rm -rf %t.keep && mkdir -p %t.keep
// RUN: %ferry-nvcc -O3 -arch=sm_80 --use_fast_math -keep -keep-dir %t.keep -c %S/Inputs/fast-math-ptx.cu -o %t.o
// RUN: cat %t.keep/*.ptx | %FileCheck %s --check-prefix=FAST
// RUN: rm -rf %t.keep && mkdir -p %t.keep
// RUN: %ferry-nvcc -O3 -arch=sm_80 -keep -keep-dir %t.keep -c %S/Inputs/fast-math-ptx.cu -o %t.o
// RUN: cat %t.keep/*.ptx | %FileCheck %s --check-prefix=IEEE
// CHECK: PASS
// FAST: div.approx.ftz.f32
// FAST: sqrt.approx.ftz.f32
// IEEE: div.rn.f32
// IEEE: sqrt.rn.f32
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void kernel(const float *x, int *flags, float *values) {
  float m = -INFINITY;
  for (int i = 0; i < 4; i++)
    m = fmaxf(m, x[i]); // a fully masked row: every input is -inf
  flags[0] = m == -INFINITY;
  flags[1] = x[4] != x[4]; // NaN
  flags[2] = isinf(x[5]) && !isinf(x[6]);
  values[0] = expf(x[6]);
  values[1] = sinf(x[6]);
  values[2] = x[6] / 3.0f;
  values[3] = sqrtf(x[6]);
}

int main() {
  const float h[7] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY, NAN, INFINITY, 0.75f};
  float *x, *values;
  int *flags;
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&flags, 3 * sizeof(int));
  cudaMalloc(&values, 4 * sizeof(float));
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  kernel<<<1, 1>>>(x, flags, values);
  int f[3] = {-1, -1, -1};
  float v[4];
  cudaMemcpy(f, flags, sizeof f, cudaMemcpyDeviceToHost);
  cudaMemcpy(v, values, sizeof v, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 3; ++i)
    if (f[i] != 1) {
      printf("flag %d: %d, expected 1\n", i, f[i]);
      ++bad;
    }
  const float want[4] = {std::exp(0.75f), std::sin(0.75f), 0.25f, std::sqrt(0.75f)};
  for (int i = 0; i < 4; ++i)
    if (std::fabs(v[i] - want[i]) > 1e-5f * (1 + std::fabs(want[i]))) {
      printf("value %d: %.9g, expected %.9g\n", i, v[i], want[i]);
      ++bad;
    }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}

// What nvcc's headers give CUDA programs that clang 19's lack, as ferry-nvcc
// fills them in (include/ferry/cuda/ferry_cuda_device.h): CCCL's traits of
// extended lambdas under --extended-lambda (before: "'_Fp' does not refer
// to a value" in any program that includes thrust or CUB), isfinite, isnan
// and isinf called unqualified in host code, the cache-hint loads and
// stores (__ldcs, __stcs, ...), the 16-bit atomicCAS (two counters
// that share a word), and time() without <time.h>.
// RUN: %ferry-nvcc -O3 -arch=sm_80 --extended-lambda %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cmath>
#include <cstdio>
#include <cuda/std/functional>
#include <cuda/std/type_traits>

template <class T> int finite_count(const T *a, int n) {
  int c = 0;
  for (int i = 0; i < n; i++)
    c += isfinite(a[i]) && !isnan(a[i]) && !isinf(a[i]);
  return c;
}

__global__ void hints(const float *in, float *out, double *out2, unsigned short *counters,
                      int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  __stcs(out + t, __ldcs(in + t) + __ldcg(in + t) + __ldca(in + t) + __ldlu(in + t) +
                      __ldcv(in + t));
  __stcg(out2 + t, 1.0f); // the value converts to the pointee's type
  __stwb(out2 + n + t, 2.0);
  __stwt(out2 + 2 * n + t, 3);
  for (int c = 0; c < 2; c++) {
    unsigned short old = counters[c], seen;
    do {
      seen = old;
      old = atomicCAS(&counters[c], seen, (unsigned short)(seen + 1 + c));
    } while (old != seen);
  }
}

int main() {
  // time() without <time.h>: nvcc's headers include it in every compile.
  if (time(nullptr) == (time_t)-1)
    printf("no clock\n");
  auto twice = [] __device__(int x) { return 2 * x; };
  static_assert(cuda::std::is_same<cuda::std::invoke_result_t<decltype(twice), int>, int>::value,
                "the lambda's result type");
  const int n = 300;
  float h[n], *in, *out;
  double *out2, h2[3 * n];
  unsigned short *counters, hc[2];
  for (int i = 0; i < n; i++)
    h[i] = i * 0.5f;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMalloc(&out2, 3 * n * sizeof(double));
  cudaMalloc(&counters, 2 * sizeof(unsigned short));
  cudaMemset(counters, 0, 2 * sizeof(unsigned short));
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  hints<<<(n + 127) / 128, 128>>>(in, out, out2, counters, n);
  cudaMemcpy(h, out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(h2, out2, 3 * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(hc, counters, sizeof hc, cudaMemcpyDeviceToHost);
  int bad = finite_count(h, n) != n || hc[0] != n || hc[1] != 2 * n;
  for (int i = 0; i < n; i++)
    bad += h[i] != i * 2.5f || h2[i] != 1 || h2[n + i] != 2 || h2[2 * n + i] != 3;
  float special[3] = {1.0f, INFINITY, NAN};
  bad += finite_count(special, 3) != 1;
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}

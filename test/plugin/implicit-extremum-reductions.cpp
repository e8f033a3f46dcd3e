// A plain loop of `kernels` whose statement `x = fmax(x, e);` (fmaxf,
// fmaxl, max, std::max, the min forms; x first or second) is the one use of
// a scalar declared before the construct reduces with max or min, as NVHPC
// finds the error of a Jacobi sweep; in a loop of loops it is found before
// the dependence test, which then proves the nest. A scalar named elsewhere
// in the loop, or updated with another expression, is no reduction.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clang -x c -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
#include <math.h>

void sweep(int n, int m, double *__restrict a, const double *__restrict b) {
  double err = 0, low = 1e30, other = 0;
  float f = 0;
// CHECK: implicit-extremum-reductions.cpp:[[#@LINE+2]]:3: remark: ferry: plain loop in 'kernels' (as 'loop') over a collapse(2) nest, iterations proven independent{{.*}}reductions: max:err
#pragma acc kernels copy(a[0:n * m]) copyin(b[0:n * m])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      a[i * m + j] = b[i * m + j] + 1;
      err = fmax(err, fabs(a[i * m + j]));
    }
// CHECK: implicit-extremum-reductions.cpp:[[#@LINE+2]]:3: remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent{{.*}}reductions: min:low, max:f
#pragma acc kernels copyin(b[0:n])
  for (int i = 0; i < n; ++i) {
    low = fmin(b[i], low);
    f = fmaxf(f, (float)b[i]);
  }
// CHECK: implicit-extremum-reductions.cpp:[[#@LINE+2]]:3: remark: ferry: plain loop in 'kernels' over 'i' not parallelized: the variable 'other'
#pragma acc kernels copyin(b[0:n])
  for (int i = 0; i < n; ++i)
    other = fmax(other, b[i]) + 1;
}

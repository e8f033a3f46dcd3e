// -fplugin-arg-ferry-remarks: one remark per construct saying how it runs,
// the data it maps, and how the body sees its variables.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark

void f(int n, float *x, float *y, float a, float &s) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n]) reduction(+:s) private(a)
  for (int i = 0; i < n; ++i) {
    a = x[i];
    y[i] += a;
    s += a;
  }
// CHECK: remarks.cpp:8:13: remark: ferry: 'parallel loop' over 'i': runs on the host thread pool (device code is not generated yet); data: copyin(x[0:n]) copy(y[0:n]); pointers captured by value (attached on a GPU): x, y; reductions: +:s; private(a); other variables: scalars firstprivate, arrays captured by copy
#pragma acc kernels
  {
#pragma acc loop collapse(2)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        y[i + j] = 0;
  }
// CHECK: remarks.cpp:[[@LINE-5]]:13: remark: ferry: 'loop' over a collapse(2) nest, iterations in order: runs on the host thread pool
// CHECK: remarks.cpp:[[@LINE-8]]:13: remark: ferry: 'kernels' (its loops are regions of their own): runs on the host thread pool (device code is not generated yet); data: none
#pragma acc enter data copyin(x[0:n])
// CHECK: remarks.cpp:[[@LINE-1]]:13: remark: ferry: 'enter data': maps data on the selected device; data: copyin(x[0:n])
}

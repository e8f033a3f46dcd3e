// The dependence test of `kernels` loops without `independent` and of
// `auto` loops:
// -Rpass-missed=ferry names why a loop was not parallelized, the remarks of
// -fplugin-arg-ferry-remarks say which loops were proven independent.
// RUN: %ferry-clangxx -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=SHAPE
// RUN: %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark

void f(double *a, double *b, double *c, double *p, double (*R)[4], int n, int *idx) {
  double s = 0;
#pragma acc data copy(a[0:n], b[0:n], c[0:n], R[0:n][0:4])
  {
// SHAPE: kernels-dependence-remarks.cpp:[[@LINE+2]]:{{.*}} 'kernels loop' over 'i', iterations proven independent
// CHECK-NOT: remarks.cpp:[[@LINE+1]]
#pragma acc kernels loop
    for (int i = 0; i < n; ++i)
      c[i] = a[i] + b[i + 1];
// SHAPE: kernels-dependence-remarks.cpp:[[@LINE+1]]:{{.*}} 'kernels loop' over 'i', iterations proven independent
#pragma acc kernels loop
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < 4; ++j)
        R[i][j] = a[i] * j;
// CHECK: remarks.cpp:[[@LINE+2]]:{{.*}} remark: ferry: 'kernels loop' over 'i' not parallelized: loop-carried dependence on 'a': it is written as a[i] and accessed as a[i-1]; its iterations run in order (write 'independent' if they are)
// SHAPE: kernels-dependence-remarks.cpp:[[@LINE+1]]:{{.*}} 'kernels loop' over 'i', iterations in order
#pragma acc kernels loop
    for (int i = 1; i < n; ++i)
      a[i] = a[i - 1] * 0.5;
// CHECK: remarks.cpp:[[@LINE+1]]:{{.*}} not parallelized: the variable 's', declared outside the loop, is assigned in its iterations
#pragma acc kernels loop
    for (int i = 0; i < n; ++i)
      s = a[i];
// CHECK: remarks.cpp:[[@LINE+1]]:{{.*}} not parallelized: 'p' is not named with a section in a data clause, so it may overlap the arrays the loop writes
#pragma acc kernels loop
    for (int i = 0; i < n; ++i)
      a[i] = p[i];
// CHECK: remarks.cpp:[[@LINE+1]]:{{.*}} not parallelized: 'b' is written at b[idx[i]]: Ferry proves independence only for a subscript that is the loop variable plus or minus terms that do not change in the loop
#pragma acc kernels loop copyin(idx[0:n])
    for (int i = 0; i < n; ++i)
      b[idx[i]] = a[i];
// CHECK: remarks.cpp:[[@LINE+1]]:{{.*}} not parallelized: 'c' is written at c[2*i]: Ferry proves
#pragma acc kernels loop
    for (int i = 0; i < n / 2; ++i)
      c[2 * i] = a[i];
// `auto` anywhere leaves the decision to Ferry, with the same test.
// CHECK: remarks.cpp:[[@LINE+2]]:{{.*}} remark: ferry: 'parallel loop' over 'i' not parallelized: loop-carried dependence on 'b': it is written as b[i] and accessed as b[i+1]
// SHAPE: kernels-dependence-remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i', iterations in order
#pragma acc parallel loop auto
    for (int i = 0; i < n - 1; ++i)
      b[i] = b[i + 1];
// SHAPE: kernels-dependence-remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i', iterations proven independent
#pragma acc parallel loop auto
    for (int i = 0; i < n; ++i)
      b[i] = 2 * a[i];
  }
}

// Pointers a `kernels` loop's body declares into an array (`double *row =
// &y[i * n];`, `= y + i * n`, `= A[i]`, `auto` too) are read as that
// array's elements by the dependence test: row[j] is y[i * n + j], so the
// rows of a loop over i are proven distinct; a pointer used otherwise, or
// an `auto` variable that is no such pointer, is not proven.
// test/e2e/kernels-plain-patterns.c runs the proven forms.
// RUN: %ferry-clangxx -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=SHAPE

static double A[64][64];

void f(double *y, const double *x, double *b, int n, bool c) {
  int i, j;
#pragma acc kernels copy(y[0:n*n], b[0:n], A) copyin(x[0:n*n])
  {
    // SHAPE: pointers.cpp:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent
    for (i = 0; i < n; i++) {
      double *row = &y[i * n];
      const double *xr = x + i * n;
      for (j = 0; j < n; j++)
        row[j] += xr[j] * 2;
    }
    // SHAPE: pointers.cpp:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent
    for (i = 0; i < 64; i++) {
      double *r = A[i];
      for (j = 0; j < 64; j++)
        r[j] = i + j;
    }
    // SHAPE: pointers.cpp:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent
    for (int i = 0; i < n; i++) {
      auto row = y + i * n;
      for (int j = 0; j < n; j++)
        row[j] = 0;
    }
    // CHECK: pointers.cpp:[[@LINE+1]]:{{.*}} not parallelized: loop-carried dependence on 'y': it is written as y[i*n+j] and accessed as y[(i-1)*n+j]
    for (i = 1; i < n; i++) {
      double *row = y + i * n;
      double *prev = y + (i - 1) * n;
      for (j = 0; j < n; j++)
        row[j] += prev[j];
    }
    // CHECK: pointers.cpp:[[@LINE+1]]:{{.*}} not parallelized: it uses the pointer 'row' (into 'y') other than with one subscript
    for (i = 0; i < n; i++) {
      double *row = y + i * n;
      b[i] = row != 0;
    }
    // CHECK: pointers.cpp:[[@LINE+1]]:{{.*}} not parallelized: it indexes 'p', declared with 'auto' from something else than an array, a sum array + offset or an element's address
    for (i = 0; i < n; i++) {
      auto p = c ? y : y + n;
      p[i] = 1;
    }
  }
}

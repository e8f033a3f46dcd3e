// Loops whose iterations certainly update one element or scalar (the
// `independent` that `parallel` implies is false for them): a warning
// naming the variable and the element; without `independent` written the
// loop runs in order (its sequential result), with it the loop stays
// parallel; so do updates in place under a condition (`if (c) s += 1;`).
// Assignments under a condition, atomics, reductions, private
// variables, elements that differ per iteration and `seq` loops: no warning.
// RUN: %ferry-clangxx -fsyntax-only -Xclang -verify %s
// RUN: %ferry-clangxx -fsyntax-only -fplugin-arg-ferry-remarks %s 2>&1 | %FileCheck %s

void f(double *x, double *y, const double *A, int n, int m) {
#pragma acc parallel loop copy(x[0:n], y[0:n * m]) copyin(A[0:n * m])
  for (int i = 0; i < n; ++i) {
#pragma acc loop // expected-warning {{the iterations of this OpenACC loop over 'j' are not independent: each one updates 'x[i]'; Ferry runs them in order, with their sequential result (use a reduction into a scalar, or 'atomic', to run them in parallel)}}
    for (int j = 0; j < m; ++j)
      x[i] = x[i] + A[i * m + j];
#pragma acc loop independent // expected-warning {{the iterations of this OpenACC loop over 'j' are not independent: each one updates 'x[i]', so the result depends on their order (use a reduction into a scalar, or 'atomic')}}
    for (int j = 0; j < m; ++j)
      x[i] += A[i * m + j];
    double s = 0, t = 0;
#pragma acc loop // expected-warning {{each one updates 's'}}
    for (int j = 0; j < m; ++j)
      s += A[i * m + j];
#pragma acc loop // expected-warning {{each one updates 'x[i+1]'}}
    for (int j = 0; j < m; ++j)
      x[i + 1] = A[i * m + j];
    // In place under a condition: a race as soon as two iterations meet it.
#pragma acc loop // expected-warning {{the iterations of this OpenACC loop over 'j' are not independent: the ones a condition selects update 's'; Ferry runs them in order}}
    for (int j = 0; j < m; ++j)
      if (A[i * m + j] > 0)
        s += 1;
#pragma acc loop // expected-warning {{the ones a condition selects update 'x[i]'}}
    for (int j = 0; j < m; ++j) {
      int h = j;
      while (h > 0) {
        x[i] += 1;
        h /= 2;
      }
    }
    // No conflict:
#pragma acc loop
    for (int j = 0; j < m; ++j)
      y[i * m + j] = x[i] * A[i * m + j];
#pragma acc loop reduction(+ : t)
    for (int j = 0; j < m; ++j)
      t += A[i * m + j];
#pragma acc loop
    for (int j = 0; j < m; ++j) {
      double u = A[i * m + j];
      u += 1;
      y[i * m + j] = u;
    }
#pragma acc loop
    for (int j = 0; j < m; ++j)
      if (j == 0)
        x[i] = A[i * m];
#pragma acc loop
    for (int j = 0; j < m; ++j) {
#pragma acc atomic update
      x[i] += A[i * m + j];
    }
#pragma acc loop seq
    for (int j = 0; j < m; ++j)
      x[i] += A[i * m + j];
    int k; // a loop variable declared outside, assigned first in each iteration
#pragma acc loop
    for (int j = 0; j < m; ++j)
      for (k = 0; k < 2; ++k)
        y[i * m + j] += k;
    x[i] += s + t;
  }
}
// The first loop runs in order (no spread remark), the second spreads.
// CHECK-NOT: racy-loops.cpp:14:{{.*}} spread
// CHECK: racy-loops.cpp:17:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over

// A pivot loop of a triangular nest marked independent: iterations k and
// k + 1 write the same elements. Warned and run on one gang; `seq`, a
// `kernels` loop (not proven, so in order anyway) and rows of its own are
// not warned.
static double P[64][64];
void pivot(int n) {
#pragma acc parallel loop copy(P) // expected-warning {{the iterations of this OpenACC loop over 'k' are not independent: iterations k and k + 1 both write 'P[i][j]' (i from k + 1); Ferry runs them in order on one gang}}
  for (int k = 0; k < n; ++k) {
#pragma acc loop
    for (int i = k + 1; i < n; ++i)
      for (int j = 0; j < n; ++j)
        P[i][j] -= P[i][k] * P[k][j];
  }
#pragma acc parallel loop seq copy(P)
  for (int k = 0; k < n; ++k) {
#pragma acc loop
    for (int i = k + 1; i < n; ++i)
      for (int j = 0; j < n; ++j)
        P[i][j] -= P[i][k] * P[k][j];
  }
#pragma acc kernels loop copy(P)
  for (int k = 0; k < n; ++k) {
#pragma acc loop
    for (int i = k + 1; i < n; ++i)
      for (int j = 0; j < n; ++j)
        P[i][j] -= P[i][k] * P[k][j];
  }
#pragma acc parallel loop copy(P)
  for (int k = 0; k < n; ++k) {
#pragma acc loop
    for (int i = k + 1; i < n; ++i)
      P[i][k] /= P[k][k];
  }
#pragma acc parallel loop copy(P)
  for (int k = 0; k < n; ++k) {
#pragma acc loop
    for (int j = k + 1; j < n; ++j)
      P[k][j] = P[k][j] / P[k][k];
  }
}

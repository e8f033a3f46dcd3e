// Function parameters declared as arrays with constant bounds, named whole
// in data clauses, the way benchmark suites written in C pass their arrays
// (`void kernel(int n, double A[N][M], double x[M])` with copyin(A)): the
// clause maps the declared extent, not the pointer C++ makes of it.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=REMARK
// REMARK: remark: ferry: 'A' is a parameter declared as an array of 64 elements: copyin(A) maps A[0:64]
#include <cstdio>

#define N 64
#define M 48

static void matvec(int n, int m, double A[N][M], double x[M], double y[N]) {
#pragma acc parallel loop copyin(A, x) copyout(y)
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = 0; j < m; ++j)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

static void scale(double v[N], double f) {
#pragma acc data copy(v)
  {
#pragma acc parallel loop present(v)
    for (int i = 0; i < N; ++i)
      v[i] *= f;
  }
}

int main() {
  static double A[N][M], x[M], y[N];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      A[i][j] = i + j;
  for (int j = 0; j < M; ++j)
    x[j] = 1;
  matvec(N, M, A, x, y);
  scale(y, 2.0);
  int err = 0;
  for (int i = 0; i < N; ++i) {
    const double want = 2.0 * (M * i + M * (M - 1) / 2.0);
    if (y[i] != want) {
      std::printf("y[%d] = %g, want %g\n", i, y[i], want);
      ++err;
      break;
    }
  }
  return err;
}

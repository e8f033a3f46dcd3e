// `kernels` whose statement is a convergence loop, `while (err > tol && iter
// < max) { ... }` or `do { ... } while (...);` without braces around it (the
// legacy Jacobi solver): the
// loop is the construct's sequential control on the host and the plain
// loops in it launch at full width in every step (before: the whole
// construct ran as one region of one work-item). A loop whose condition
// reads an array still runs as one region (the host cannot evaluate it).
// Results and the scalars the control leaves (iterations, error) equal the
// sequential program's on the host, the emulated gfx90a (race-checked) and
// gfx1100, in C and in C++.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t -lm 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

#define N 66
#define MAX_ITER 40

static double A[N][N], Anew[N][N], R[N][N], Rnew[N][N];

static void init(double (*X)[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      X[i][j] = i == 0 ? 1.0 : 0.0;
}

/// The sequential program's step, for the reference: the error.
static double sweep(double (*X)[N], double (*Xnew)[N]) {
  double e = 0.0;
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++) {
      Xnew[i][j] = 0.25 * (X[i - 1][j] + X[i + 1][j] + X[i][j - 1] + X[i][j + 1]);
      e = fmax(e, fabs(Xnew[i][j] - X[i][j]));
    }
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      X[i][j] = Xnew[i][j];
  return e;
}

int main(void) {
  int i, j, iter = 0, riter = 0;
  double err = 1.0, rerr = 1.0;
  init(A);
  init(R);
  // Forty steps, two launches each, at full width.
  // CHECK-COUNT-80: launch {{.*}}while_control_c_{{[0-9]+}}_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 256x1x1
#pragma acc kernels copy(A) create(Anew)
  while (err > 1e-6 && iter < MAX_ITER) {
    err = 0.0;
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++) {
        Anew[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
        err = fmax(err, fabs(Anew[i][j] - A[i][j]));
      }
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = Anew[i][j];
    iter++;
  }
  while (rerr > 1e-6 && riter < MAX_ITER) {
    rerr = sweep(R, Rnew);
    riter++;
  }
  CHECK(iter == riter && iter == MAX_ITER);
  CHECK(err == rerr);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      CHECK(A[i][j] == R[i][j]);

  // The same as `do { ... } while (...);`: control, full width.
  init(A);
  iter = 0;
  // CHECK-COUNT-80: launch {{.*}}while_control_c_{{[0-9]+}}_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 256x1x1
#pragma acc kernels copy(A) create(Anew)
  do {
    err = 0.0;
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++) {
        Anew[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
        err = fmax(err, fabs(Anew[i][j] - A[i][j]));
      }
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = Anew[i][j];
    iter++;
  } while (err > 1e-6 && iter < MAX_ITER);
  CHECK(iter == riter && err == rerr);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      CHECK(A[i][j] == R[i][j]);

  // A `do` whose condition reads the array: one region of one work-item.
  // CHECK: launch {{.*}}while_control_c_[[#@LINE+3]]_kernels_{{.*}}: grid 1x1x1 block 1x1x1
  iter = 0;
  A[2][1] = 0.1;
#pragma acc kernels copy(A, iter)
  do {
    for (i = 2; i < N - 1; i++)
      A[i][1] += 0.01;
    iter++;
  } while (A[2][1] < 0.3);
  CHECK(A[2][1] >= 0.3 && A[2][1] < 0.31 && iter >= 19 && iter <= 21);

  // The condition reads the array: one region of one work-item.
  // CHECK: launch {{.*}}while_control_c_[[#@LINE+3]]_kernels_{{.*}}: grid 1x1x1 block 1x1x1
  iter = 0;
  A[1][1] = 0.1;
#pragma acc kernels copy(A, iter)
  while (A[1][1] < 0.3) {
    for (i = 1; i < N - 1; i++)
      A[i][1] += 0.01;
    iter++;
  }
  CHECK(A[1][1] >= 0.3 && A[1][1] < 0.31 && iter >= 19 && iter <= 21);
  return report();
}

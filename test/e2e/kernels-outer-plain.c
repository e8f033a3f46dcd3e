// `kernels` around an outer loop written without a directive whose body
// holds `loop` constructs (the loop nests of legacy code annotated from the
// inside): where Ferry proves the outer loop's iterations independent, the
// nest is one launch, an iteration per gang and the `loop`s spread over its
// work-items (two loops over a row, a row's dot product with a `loop`
// reduction, a statement before the inner loop, without braces around the
// construct's loop). A time loop around `loop`s, and an outer loop that
// reads the row before it, stay the construct's sequential control on the
// host, one launch per `loop` and iteration; one left by a `break` makes the
// construct one region. Results equal the sequential
// program's on the host, the emulated gfx90a (race-checked) and gfx1100, in
// C and in C++; test/plugin/kernels-outer-plain.c shows the remarks.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,C
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s --check-prefixes=CHECK,CXX
#include "Inputs/check_c.h"

#include <stdlib.h>

#define N 300
#define M 70
#define STEPS 4

static double a[N][M], b[N][M], y[N], x[M];

int main(void) {
  double *flat = (double *)malloc(sizeof(double) * N * M);
  double ref[N][M];
  int i, j, t;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      a[i][j] = (i % 7) + 0.25 * j;
      flat[i * M + j] = i - j;
    }
  for (j = 0; j < M; j++)
    x[j] = 1.0 + (j % 3);

  /* Two loops over row i: one launch of N gangs. */
  // CHECK: launch __ferry_{{.*}}_loop_{{.*}} grid 300x1x1 block {{[0-9]+}}x1x1
#pragma acc kernels copyin(a) copyout(b) copy(flat[0:N*M])
  {
    for (i = 0; i < N; i++) {
#pragma acc loop
      for (j = 0; j < M; j++)
        b[i][j] = 2 * a[i][j];
#pragma acc loop
      for (j = 0; j < M; j++)
        flat[i * M + j] += b[i][j];
    }
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      CHECK(flat[i * M + j] == i - j + 2 * a[i][j]);

  /* y = A x, the row's dot product a reduction of its gang. */
  // CHECK-NEXT: launch __ferry_{{.*}}_loop_{{.*}} grid {{[0-9]+}}x1x1
#pragma acc kernels copyin(a, x) copyout(y)
  for (i = 0; i < N; i++) {
    double s = 0;
#pragma acc loop reduction(+ : s)
    for (j = 0; j < M; j++)
      s += a[i][j] * x[j];
    y[i] = s;
  }
  for (i = 0; i < N; i++) {
    double s = 0;
    for (j = 0; j < M; j++)
      s += a[i][j] * x[j];
    CHECK(near(y[i], s, 1e-12));
  }

  /* A statement before the row's loop, in the iteration. */
  // CHECK-NEXT: launch __ferry_{{.*}}_loop_{{.*}} grid 300x1x1
#pragma acc kernels copy(b) copyout(y)
  {
    for (i = 0; i < N; i++) {
      y[i] = i;
#pragma acc loop independent
      for (j = 0; j < M; j++)
        b[i][j] = b[i][j] + i;
    }
  }
  for (i = 0; i < N; i++) {
    CHECK(y[i] == i);
    for (j = 0; j < M; j++)
      CHECK(b[i][j] == 2 * a[i][j] + i);
  }

  /* A time loop: every step updates the same elements, so it is control. */
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      ref[i][j] = b[i][j];
  for (t = 0; t < STEPS; t++)
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++)
        ref[i][j] = 0.5 * ref[i][j] + a[i][j];
  // CHECK-COUNT-4: launch __ferry_{{.*}}_loop_{{.*}} grid {{[0-9]+}}x1x1
#pragma acc kernels copyin(a) copy(b)
  {
    for (t = 0; t < STEPS; t++) {
#pragma acc loop
      for (i = 0; i < N; i++)
#pragma acc loop
        for (j = 0; j < M; j++)
          b[i][j] = 0.5 * b[i][j] + a[i][j];
    }
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      CHECK(near(b[i][j], ref[i][j], 1e-12));

  /* Left by a break on a device value: the construct is one region, the
     loops in order (it was refused: "'break' leaves an OpenACC loop"). */
  // CHECK: launch __ferry_{{.*}}_kernels_{{.*}} grid 1x1x1 block 1x1x1
  t = -1;
#pragma acc kernels copy(b, t)
  {
    for (i = 0; i < N; i++) {
#pragma acc loop
      for (j = 0; j < M; j++)
        b[i][j] = i + j;
      if (b[i][0] > 5) {
        t = i;
        break;
      }
    }
  }
  CHECK(t == 6);
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      CHECK(b[i][j] == (i <= 6 ? i + j : ref[i][j]));
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      b[i][j] = ref[i][j];

  /* Row i reads row i - 1: control, a launch per row, in order (C++: the
     loop over j interchanged with it, one launch). */
  for (j = 0; j < M; j++)
    ref[0][j] = b[0][j];
  for (i = 1; i < N; i++)
    for (j = 0; j < M; j++)
      ref[i][j] = ref[i - 1][j] + 1;
  // C-COUNT-299: launch __ferry_{{.*}}_loop_{{.*}} grid 1x1x1 block {{[0-9]+}}x1x1
  // CXX: launch __ferry_{{.*}}_loop_{{.*}} grid 1x1x1 block {{[0-9]+}}x1x1
  // CHECK-NOT: launch
#pragma acc kernels copy(b)
  {
    for (i = 1; i < N; i++) {
#pragma acc loop
      for (j = 0; j < M; j++)
        b[i][j] = b[i - 1][j] + 1;
    }
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      CHECK(b[i][j] == ref[i][j]);
  free(flat);
  return report();
}

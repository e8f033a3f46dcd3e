// `kernels` and `parallel` over a nest whose outer loop is written without a
// directive and whose inner loops have one (`loop reduction(+:s)`,
// `loop independent`), with statements around them: the outer loop is a
// loop of the construct (proven independent), each iteration on one gang,
// the inner loops spread over the gang's work-items; before, the construct
// ran as one region of one work-item. A time loop around `loop`s in the
// construct's block stays its sequential control on the host. An inner
// `loop` without braces joins the outer loop; C89-style variables declared
// before the construct are each iteration's own. In C and, the same file
// compiled as C++, in C++. Results equal the sequential program's on the
// host, the emulated gfx90a (race-checked) and gfx1100.
// RUN: %ferry-clang -std=c99 -O2 -fplugin-arg-ferry-remarks %s -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 -fplugin-arg-ferry-remarks %s -o %t.cxx 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

enum { N = 50, M = 90, STEPS = 3 };

static double A[N][M], B[N][M], y[N], rowmax[N], u[M], v[M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (double)((i * 5 + j * 7) % 13) - 6;
  int n = N, m = M;

  // REMARK: plain-outer-loops.c:[[#@LINE+3]]:{{.*}} plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent, each iteration on one gang whose work-items share its nested loops
  // CHECK: launch {{.*}}plain_outer_loops_c_[[#@LINE+2]]_loop_{{.*}}: grid 50x1x1
#pragma acc kernels copyin(A) copyout(y, rowmax, B)
  for (int i = 0; i < n; i++) {
    double s = 0, mx = -100;
#pragma acc loop independent reduction(+:s) reduction(max:mx)
    for (int j = 0; j < m; j++) {
      s += A[i][j];
      mx = A[i][j] > mx ? A[i][j] : mx;
    }
    y[i] = s;
    rowmax[i] = mx;
#pragma acc loop independent
    for (int j = 0; j < m; j++)
      B[i][j] = A[i][j] - s / m;
  }
  for (int i = 0; i < N; i++) {
    double s = 0, mx = -100;
    for (int j = 0; j < M; j++) {
      s += A[i][j];
      mx = A[i][j] > mx ? A[i][j] : mx;
    }
    CHECK(y[i] == s && rowmax[i] == mx);
    for (int j = 0; j < M; j++)
      CHECK(B[i][j] == A[i][j] - s / M);
  }

  // REMARK: plain-outer-loops.c:[[#@LINE+3]]:{{.*}} plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent, each iteration on one gang whose work-items share its nested loops
  // CHECK: launch {{.*}}plain_outer_loops_c_[[#@LINE+2]]_loop_{{.*}}: grid 50x1x1
#pragma acc parallel copyin(A) copyout(y)
  for (int i = 0; i < n; i++) {
    double s = 0;
#pragma acc loop reduction(+:s)
    for (int j = 0; j < m; j++)
      s += A[i][j] * j;
    y[i] = 2 * s;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * j;
    CHECK(y[i] == 2 * s);
  }

  // A time loop around `loop`s: host control, each `loop` a launch.
  for (int j = 0; j < M; j++)
    u[j] = j;
  // REMARK: plain-outer-loops.c:[[#@LINE+1]]:{{.*}} 'kernels' (its loops are regions of their own, one launch each; the sequential control around them runs on the calling thread
#pragma acc kernels copy(u, v)
  {
    for (int t = 0; t < STEPS; t++) {
  // CHECK-COUNT-3: launch {{.*}}plain_outer_loops_c_[[#@LINE+1]]_loop_{{.*}}: grid 1x1x1 block 256x1x1
#pragma acc loop independent
      for (int j = 0; j < m; j++)
        v[j] = u[j] + 1;
#pragma acc loop independent
      for (int j = 0; j < m; j++)
        u[j] = v[j] * 2;
    }
  }
  for (int j = 0; j < M; j++) {
    double w = j;
    for (int t = 0; t < STEPS; t++)
      w = (w + 1) * 2;
    CHECK(u[j] == w);
  }
  // The inner `loop` as the whole body, without braces: the two join.
  // CHECK: launch {{.*}}plain_outer_loops_c_[[#@LINE+2]]_loop_{{.*}}: grid {{[2-9]|[1-9][0-9]+}}x1x1 block 256x1x1
#pragma acc kernels copyin(A) copyout(B)
  for (int i = 0; i < n; i++)
#pragma acc loop independent
    for (int j = 0; j < m; j++)
      B[i][j] = 3 * A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      CHECK(B[i][j] == 3 * A[i][j]);

  // C89's style, the variables declared before the construct: the nest is
  // proven (j, which the inner header assigns, is each iteration's own) and
  // joins; under `kernels loop independent` j is each iteration's own too
  // (shared, it would race: FERRY_EMU_RACES above).
  int i, j;
  // CHECK: launch {{.*}}plain_outer_loops_c_[[#@LINE+2]]_loop_{{.*}}: grid {{[2-9]|[1-9][0-9]+}}x1x1 block 256x1x1
#pragma acc kernels copyin(A) copyout(B)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = A[i][j] - 1;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      CHECK(B[i][j] == A[i][j] - 1);
#pragma acc kernels loop independent copyin(A) copyout(y)
  for (i = 0; i < n; i++) {
    y[i] = 0;
    for (j = 0; j < m; j++)
      y[i] += A[i][j];
  }
  for (i = 0; i < N; i++) {
    double s = 0;
    for (j = 0; j < M; j++)
      s += A[i][j];
    CHECK(y[i] == s);
  }
  return report();
}

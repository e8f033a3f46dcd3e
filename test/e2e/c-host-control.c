/* Sequential control in C: a `kernels` or `parallel` construct whose loops
 * stand among statements the host can run (a time loop, scalars declared
 * and assigned between the loops, conditions) runs that code on the host,
 * each loop a region of its own at full width, as in C++. The variables the
 * control declares are the loops' firstprivate copies (or shared, where a
 * loop assigns them); `parallel`'s control works on its firstprivate copies
 * of the host's scalars, `kernels`' on the host's own. Results equal the
 * sequential program's. In C and, the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: env FERRY_NOTIFY=3 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_NOTIFY=3 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
 */
#include "Inputs/check_c.h"

enum { N = 2048, STEPS = 3 };
static double a[N], b[N], ref[N], next[N];

int main(void) {
  int n = N;
  for (int i = 0; i < n; ++i)
    a[i] = ref[i] = i % 7;
  for (int t = 0; t < STEPS; ++t) {
    for (int i = 1; i < n - 1; ++i)
      next[i] = (ref[i - 1] + ref[i] + ref[i + 1]) / 3;
    for (int i = 1; i < n - 1; ++i)
      ref[i] = next[i];
  }

  /* A time loop: the host runs it, its two loops launch at full width in
   * every step. */
  // CHECK: launch {{.*}}host_control_c_[[#FIRST:@LINE+9]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#SECOND:@LINE+10]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#FIRST]]_loop_
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#SECOND]]_loop_
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#FIRST]]_loop_
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#SECOND]]_loop_
#pragma acc kernels copy(a[0:n]) create(b[0:n])
  {
    for (int t = 0; t < STEPS; ++t) {
      for (int i = 1; i < n - 1; ++i)
        b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
      for (int i = 1; i < n - 1; ++i)
        a[i] = b[i];
    }
  }
  for (int i = 0; i < n; ++i)
    CHECK(near(a[i], ref[i], 1e-12));

  /* Scalars the control declares and computes, read by the loops (their
   * firstprivate copies); a condition; a loop that sums into a scalar of the
   * control, which the control reads after it (a reduction); a statement
   * the host cannot run (it writes a variable of the data clauses) runs as
   * a region of one work-item. */
  double total = -1;
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#@LINE+9]]_loop_{{.*}}: grid 4x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#@LINE+11]]_loop_{{.*}}: grid 4x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#@LINE+12]]_statement_{{.*}}: grid 1x1x1 block 1x1x1
#pragma acc parallel copy(b[0:n], total)
  {
    int half = n / 2;
    double scale = 0.5;
    if (half > 100)
      scale = 2;
    for (int i = 0; i < half; ++i)
      b[i] = scale * i;
    double s = 0;
    for (int i = 0; i < half; ++i)
      s += b[i];
    total = s + half;
  }
  double expect = 0;
  for (int i = 0; i < n / 2; ++i) {
    CHECK(b[i] == 2.0 * i);
    expect += 2.0 * i;
  }
  CHECK(total == expect + n / 2);

  /* `parallel`: the control's writes go to its firstprivate copy of `x`, the
   * loops see them, the host's `x` keeps its value. `kernels`: the control
   * writes the host's `x` (copy). */
  int x = 1;
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#@LINE+5]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#@LINE+7]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
#pragma acc parallel copy(b[0:n])
  {
    x = 3;
    for (int i = 0; i < n; ++i)
      b[i] = x;
    x = 4;
    for (int i = 0; i < n; ++i)
      b[i] += x;
  }
  CHECK(x == 1);
  for (int i = 0; i < n; ++i)
    CHECK(b[i] == 7);
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#@LINE+4]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
#pragma acc kernels copy(b[0:n])
  {
    x = 5;
    for (int i = 0; i < n; ++i)
      b[i] = x;
  }
  CHECK(x == 5);
  for (int i = 0; i < n; ++i)
    CHECK(b[i] == 5);

  /* A time loop alone, without braces around it, whose step counts down,
   * with a scalar of the step computed on the host, and a loop whose
   * iterations all write one scalar: in order, the last iteration's value. */
  int last = -1;
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#SCALE:@LINE+9]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#LAST:@LINE+10]]_loop_{{.*}}: grid 1x1x1 block 1x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#SCALE]]_loop_
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#LAST]]_loop_
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#SCALE]]_loop_
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#LAST]]_loop_
#pragma acc kernels copy(a[0:n], last)
  for (int t = STEPS; t > 0; --t) {
    double w = 1.0 / t;
    for (int i = 0; i < n; ++i)
      a[i] = a[i] * w;
    for (int i = 0; i < n; ++i)
      last = i;
  }
  for (int i = 0; i < n; ++i)
    CHECK(near(a[i], ref[i] / 6, 1e-12));
  CHECK(last == n - 1);

  /* LU in `kernels` over plain loops: the pivot loop over k is the host's
   * control (iterations k and k + 1 both write the trailing matrix), its
   * row scaling and its trailing update (rows and columns from k + 1, which
   * never write row or column k that they read) are proven independent and
   * launch at full width, the update as one collapsed nest. */
  enum { M = 24 };
  static double lu[M][M], want[M][M];
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < M; ++j)
      lu[i][j] = want[i][j] = (i == j ? 2.0 * M : 0.0) + (double)((i * 7 + j * 3) % 11) / 11;
  for (int k = 0; k < M; ++k) {
    for (int j = k + 1; j < M; ++j)
      want[k][j] = want[k][j] / want[k][k];
    for (int i = k + 1; i < M; ++i)
      for (int j = k + 1; j < M; ++j)
        want[i][j] = want[i][j] - want[i][k] * want[k][j];
  }
  int m = M;
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#ROW:@LINE+7]]_loop_{{.*}}: grid 1x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#TRAIL:@LINE+8]]_loop_{{.*}}: grid 3x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#ROW]]_loop_
  // CHECK-NEXT: launch {{.*}}host_control_c_[[#TRAIL]]_loop_{{.*}}: grid 2x1x1
#pragma acc kernels copy(lu)
  {
    for (int k = 0; k < m; ++k) {
      for (int j = k + 1; j < m; ++j)
        lu[k][j] = lu[k][j] / lu[k][k];
      for (int i = k + 1; i < m; ++i)
        for (int j = k + 1; j < m; ++j)
          lu[i][j] = lu[i][j] - lu[i][k] * lu[k][j];
    }
  }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(near(lu[i][j], want[i][j], 1e-12));
  return report();
}

/* A pivot loop marked `loop` in `parallel` (LU as PolyBench-ACC writes it):
 * iterations k and k + 1 write the same elements of the trailing matrix,
 * so the `independent` that `parallel` implies is false and a GPU would race
 * on them. Ferry warns, naming the loop and the element. Where the
 * construct's statement is that loop and its body holds only loop
 * constructs and plain loops around one, the loop over k runs on the host
 * as the construct's sequential control: the row scaling is a launch of
 * its own, the plain loop over i with its loop over j (made plain) one
 * collapsed launch at full width. With other statements in its body the
 * loop runs in order on one gang, its nested loops spread over the gang's
 * work-items (C and C++). Results equal the sequential
 * factorisation; the emulator's race checking finds nothing. A triangular
 * nest whose iterations write rows of their own (row k) is no conflict. In
 * C and, the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %FileCheck %s
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s --check-prefixes=LAUNCH,GANG
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %FileCheck %s
 * RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s --check-prefixes=LAUNCH,GANG
 * CHECK-NOT: warning:
 * CHECK: c-pivot-loop.c:[[#LU:]]:{{.*}} warning: the iterations of this OpenACC loop over 'k' are not independent: iterations k and k + 1 both write 'A[i][j]' (j from k + 1); Ferry runs them in order on the host, as the construct's sequential control, each loop in them a launch of its own
 * CHECK-NOT: warning:
 * CHECK: c-pivot-loop.c:[[#LU2:]]:{{.*}} warning: the iterations of this OpenACC loop over 'k' are not independent: iterations k and k + 1 both write 'B[i][j]' (j from k + 1); Ferry runs them in order on one gang
 * CHECK-NOT: warning:
 * LAUNCH: c_pivot_loop_c_[[#ROW:]]_loop_{{.*}}: grid 1x1x1 block 256x1x1
 * LAUNCH-NEXT: c_pivot_loop_c_[[#ROW+3]]_loop_{{.*}}: grid {{[2-9]|[1-9][0-9]+}}x1x1 block 256x1x1
 * LAUNCH-NEXT: c_pivot_loop_c_[[#ROW]]_loop_{{.*}}: grid 1x1x1 block 256x1x1
 * LAUNCH-NEXT: c_pivot_loop_c_[[#ROW+3]]_loop_{{.*}}: grid {{[2-9]|[1-9][0-9]+}}x1x1 block 256x1x1
 * GANG: c_pivot_loop_c_[[#]]_loop_{{.*}}: grid 1x1x1 block 128x1x1
 */
#include "Inputs/check_c.h"

enum { N = 40 };
static double A[N][N], LU[N][N], B[N][N];

int main(void) {
  int n = N;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      A[i][j] = LU[i][j] = (i == j ? 2.0 * n : 0.0) + (double)((i * 7 + j * 3) % 11) / 11;
  for (int k = 0; k < n; ++k) {
    for (int j = k + 1; j < n; ++j)
      LU[k][j] = LU[k][j] / LU[k][k];
    for (int i = k + 1; i < n; ++i)
      for (int j = k + 1; j < n; ++j)
        LU[i][j] = LU[i][j] - LU[i][k] * LU[k][j];
  }

#pragma acc data copy(A)
  {
#pragma acc parallel
    {
#pragma acc loop
      for (int k = 0; k < n; k++) {
#pragma acc loop
        for (int j = k + 1; j < n; j++)
          A[k][j] = A[k][j] / A[k][k];
        for (int i = k + 1; i < n; i++)
#pragma acc loop
          for (int j = k + 1; j < n; j++)
            A[i][j] = A[i][j] - A[i][k] * A[k][j];
      }
    }
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      CHECK(near(A[i][j], LU[i][j], 1e-12));

  /* The same with a statement of its own in the pivot loop's body (the
   * pivot read once): one gang. */
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      B[i][j] = (i == j ? 2.0 * n : 0.0) + (double)((i * 7 + j * 3) % 11) / 11;
#pragma acc parallel copy(B)
  {
#pragma acc loop
    for (int k = 0; k < n; k++) {
      const double pivot = B[k][k];
#pragma acc loop
      for (int j = k + 1; j < n; j++)
        B[k][j] = B[k][j] / pivot;
      for (int i = k + 1; i < n; i++)
#pragma acc loop
        for (int j = k + 1; j < n; j++)
          B[i][j] = B[i][j] - B[i][k] * B[k][j];
    }
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      CHECK(near(B[i][j], LU[i][j], 1e-12));

  /* Each iteration writes its own row, over a shrinking range: parallel,
   * no warning. */
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      B[i][j] = 0;
#pragma acc parallel loop copy(B)
  for (int k = 0; k < n; k++) {
#pragma acc loop
    for (int j = k + 1; j < n; j++)
      B[k][j] = k + j;
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      CHECK(B[i][j] == (j > i ? i + j : 0));
  return report();
}

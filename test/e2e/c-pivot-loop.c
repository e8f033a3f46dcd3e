/* A pivot loop marked `loop` in `parallel` (LU as PolyBench-ACC writes it):
 * iterations k and k + 1 write the same elements of the trailing matrix,
 * so the `independent` that `parallel` implies is false and a GPU would race
 * on them. Ferry warns, naming the loop and the element, and runs the loop
 * over k in order on one gang (C++: its nested loops spread over the
 * gang's work-items; C: one work-item). Results equal the sequential
 * factorisation; the emulator's race checking finds nothing. A triangular
 * nest whose iterations write rows of their own (row k) is no conflict. In
 * C and, the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %FileCheck %s
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %FileCheck %s
 * RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s --check-prefix=GANG
 * CHECK-NOT: warning:
 * CHECK: c-pivot-loop.c:[[#LU:]]:{{.*}} warning: the iterations of this OpenACC loop over 'k' are not independent: iterations k and k + 1 both write 'A[i][j]' (j from k + 1); Ferry runs them in order on one gang
 * CHECK-NOT: warning:
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

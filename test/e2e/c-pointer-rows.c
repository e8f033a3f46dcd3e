// Two-dimensional sections of arrays of pointers (`a[0:n][0:m]` of
// `double **a`), in C and, the same file compiled as C++, in C++: each row is mapped and the device's pointers attached to
// the rows, so regions use a[i][j]; on constructs, `enter data` /
// `exit data`, `update` of some rows, `present`, and arrays of rows still
// one block.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <stdlib.h>

static double **rows(int n, int m, double first) {
  double **r = (double **)malloc(n * sizeof *r);
  for (int i = 0; i < n; ++i) {
    r[i] = (double *)malloc(m * sizeof **r);
    for (int j = 0; j < m; ++j)
      r[i][j] = first + i * 100 + j;
  }
  return r;
}

int main(void) {
  const int n = 12, m = 40;
  double **a = rows(n, m, 0), **b = rows(n, m, -1);
#pragma acc data copyin(a[0:n][0:m]) copyout(b[0:n][0:m])
  {
#pragma acc parallel loop collapse(2) present(a[0:n][0:m], b[0:n][0:m])
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        b[i][j] = 2 * a[i][j];
  }
  CHECK(b[0][0] == 0 && b[11][39] == 2 * 1139.0 && b[5][7] == 2 * 507.0);
  CHECK(a[3][3] == 303); /* the host's pointers were never touched */
  /* Unstructured: enter, compute, update some rows, exit. */
#pragma acc enter data copyin(a[0:n][0:m]) create(b[0:n][0:m])
#pragma acc parallel loop present(a[0:n][0:m], b[0:n][0:m])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      b[i][j] = a[i][j] + 1;
#pragma acc update self(b[2:2][0:m])
  CHECK(b[2][0] == 201 && b[3][39] == 340);
  for (int j = 0; j < m; ++j)
    a[4][j] = -j;
#pragma acc update device(a[4:1][0:m])
#pragma acc parallel loop present(a[0:n][0:m], b[0:n][0:m])
  for (int j = 0; j < m; ++j)
    b[4][j] = a[4][j] * 3;
#pragma acc exit data copyout(b[0:n][0:m]) delete(a[0:n][0:m])
  CHECK(b[4][10] == -30 && b[11][0] == 1101);
  /* Rows that are arrays: one block, as before. */
  double grid[6][8];
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 8; ++j)
      grid[i][j] = 0;
#pragma acc parallel loop copy(grid[1:4][0:8])
  for (int i = 1; i < 5; ++i)
    for (int j = 0; j < 8; ++j)
      grid[i][j] = i + j;
  CHECK(grid[0][0] == 0 && grid[4][7] == 11 && grid[5][0] == 0);
  for (int i = 0; i < n; ++i) {
    free(a[i]);
    free(b[i]);
  }
  free(a);
  free(b);
  return report();
}

// Gangs in several dimensions (OpenACC 3.3): `num_gangs(x, y)` and
// `num_gangs(x, y, z)` launch x*y(*z) gangs in one dimension, and a loop
// with `gang(dim:d)` is a gang loop (the gang loops nested in it run as
// nested gang loops do), over arrays of variable length in two and three
// dimensions, which C regions reach through a pointer to their rows. In C
// and, the same file compiled as C++, in C++. FERRY_NOTIFY shows the grids
// on the emulated device.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=3 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=3 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

/* Rows of a 2-D array of variable length: a parameter of VLA type (C only:
 * C++ refuses sections of pointers to rows of variable length). */
#ifndef __cplusplus
static void scale_rows(int n, int m, double a[n][m], double s) {
#pragma acc parallel loop num_gangs(3, 4) gang(dim:2) copy(a[0:n][0:m])
  for (int i = 0; i < n; ++i)
#pragma acc loop gang(dim:1)
    for (int j = 0; j < m; ++j)
      a[i][j] *= s;
}
#else
static void scale_rows(int n, int m, double *a, double s) {
#pragma acc parallel loop num_gangs(3, 4) gang(dim:2) copy(a[0:n * m])
  for (int i = 0; i < n; ++i)
#pragma acc loop gang(dim:1)
    for (int j = 0; j < m; ++j)
      a[i * m + j] *= s;
}
#endif

int main(void) {
  int n = 37, m = 19, l = 7;
  double a[n][m];
  float c[l][m][n];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i][j] = i * m + j;

  // Local VLAs, implicitly copied: whole arrays of variable size.
  // CHECK: launch {{.*}}gang_dims_c_[[#@LINE+3]]_loop_{{.*}}: grid 35x1x1
  // CHECK: launch {{.*}}gang_dims_c_[[#@LINE+10]]_loop_{{.*}}: grid 42x1x1
#pragma acc parallel num_gangs(l, 5)
#pragma acc loop gang(dim:2)
  for (int i = 0; i < n; ++i) {
#pragma acc loop gang(dim:1)
    for (int j = 0; j < m; ++j)
      a[i][j] += 1;
  }

#pragma acc parallel num_gangs(2, 3, l)
#pragma acc loop gang(dim:3)
  for (int k = 0; k < l; ++k)
#pragma acc loop gang(dim:2)
    for (int j = 0; j < m; ++j)
#pragma acc loop gang(dim:1)
      for (int i = 0; i < n; ++i)
        c[k][j][i] = (float)(k * 1000 + j * 10) + (float)i * 0.5f;

  // CHECK: launch {{.*}}gang_dims_c_{{[0-9]+}}_parallel_loop_{{.*}}: grid 12x1x1
#ifndef __cplusplus
  scale_rows(n, m, a, 2.0);
#else
  scale_rows(n, m, &a[0][0], 2.0);
#endif

  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      CHECK(a[i][j] == 2.0 * (i * m + j + 1));
  for (int k = 0; k < l; ++k)
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < n; ++i)
        CHECK(c[k][j][i] == (float)(k * 1000 + j * 10) + (float)i * 0.5f);

#ifndef __cplusplus
  // A pointer to rows of variable length, in a data clause.
  double(*p)[m] = a;
#pragma acc parallel loop gang(dim:1) copy(p[0:n][0:m])
  for (int i = 0; i < n; ++i)
    p[i][m - 1] = -i;
  for (int i = 0; i < n; ++i)
    CHECK(a[i][m - 1] == -i);
#endif
  return report();
}

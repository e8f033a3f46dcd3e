/* Pointers in no data clause whose elements a region's loops subscript get
 * the section the loops' bounds give, mapped where the device does not have
 * it (copy where the region writes, copyin where it reads; ImplicitSections.h):
 * on devices that do not reach host memory (gfx90a without XNACK, gfx1100,
 * NVIDIA without HMM) these programs ran into "points to memory that is not
 * present". Present data is used as it is (no copy), a section that starts
 * past its pointer translates the pointer, a section of no element moves
 * nothing. FERRY_TIME's byte counts show what moved. In C and, the same
 * file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: env FERRY_TIME=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_TIME=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
 * The rows of FERRY_TIME (bytes to and from the device), as the functions
 * below say:
 * CHECK-DAG: data directives and API outside regions {{.*}} 8000 0{{$}}
 * CHECK-DAG: c-implicit-sections.c:{{[0-9]+}} parallel loop {{.*}} 3 {{.*}} 24000 16000
 * CHECK-DAG: c-implicit-sections.c:{{[0-9]+}} loop {{.*}} 1 {{.*}} 56000 56000
 * CHECK-DAG: c-implicit-sections.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 15984 7992
 * CHECK-DAG: c-implicit-sections.c:{{[0-9]+}} serial {{.*}} 1 {{.*}} 16008 8008
 * CHECK-DAG: c-implicit-sections.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 8000 8000
 */
#include "Inputs/check_c.h"

#include <openacc.h>
#include <stdlib.h>

enum { N = 1000, M = 7 };

/* x[0:n] copyin (8000 bytes in), y[0:n] copy (8000 in and out); called
 * three times: once more with x present (y's 8000 bytes each way), once
 * with n = 0 (nothing). */
static void saxpy(int n, double a, const double *x, double *y) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

/* A nest flattened with a row length the compiler cannot sign: g[0:n*m]
 * copy (56000 bytes each way); counting down. */
static void fill(double *g, int n, int m) {
#pragma acc kernels
  for (int i = n - 1; i >= 0; --i)
    for (int j = 0; j < m; ++j)
      g[i * m + j] = i + 0.5 * j;
}

/* From element 1: the section b[1:n-1] (7992 bytes each way), the closure's
 * b translated through its base; b[0] is not the region's. Its neighbour a
 * is read at i - 1: a[0:n-1] (7992 bytes in). */
static void shift(const double *a, double *b, int n) {
#pragma acc parallel loop
  for (int i = 1; i < n; ++i)
    b[i] = a[i - 1];
}

/* A serial region over loops: one region, its sections the union of its
 * loops' (s[0:n] copy, t[0:n] copyin, one element r[3] copy). */
static void prefix(double *s, const double *t, double *r, int n) {
#pragma acc serial
  {
    s[0] = t[0];
    for (int i = 1; i < n; ++i)
      s[i] = s[i - 1] + t[i];
    r[3] = s[n - 1];
  }
}

int main(void) {
  double *x = (double *)malloc(N * sizeof *x), *y = (double *)malloc(N * sizeof *y);
  double *g = (double *)malloc(N * M * sizeof *g);
  for (int i = 0; i < N; ++i) {
    x[i] = i;
    y[i] = 1;
  }
  saxpy(N, 2.0, x, y);
  for (int i = 0; i < N; ++i)
    CHECK(y[i] == 2.0 * i + 1);

  fill(g, N, M);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(g[i * M + j] == i + 0.5 * j);

  y[0] = -7;
  shift(x, y, N);
  CHECK(y[0] == -7);
  for (int i = 1; i < N; ++i)
    CHECK(y[i] == i - 1);

  double r[4] = {0, 0, 0, 0};
  prefix(g, x, r, N);
  CHECK(r[3] == (N - 1.0) * N / 2);
  for (int i = 0; i < N; ++i)
    CHECK(g[i] == i * (i + 1.0) / 2);

  /* Present data is the device's copy: no implicit copy of it (the host's
   * later values are not seen where the device has a copy of its own). */
#pragma acc enter data copyin(x[0:N])
  for (int i = 0; i < N; ++i)
    x[i] = -1;
  saxpy(N, 1.0, x, y);
#pragma acc parallel loop
  for (int i = 0; i < N; ++i)
    y[i] = x[i];
  const int shared = acc_get_device_type() == acc_device_host;
  for (int i = 0; i < N; ++i)
    CHECK(y[i] == (shared ? -1 : i));
#pragma acc exit data delete(x[0:N])

  /* No element: nothing moves, nothing fails. */
  saxpy(0, 1.0, NULL, NULL);
  free(x);
  free(y);
  free(g);
  return report();
}

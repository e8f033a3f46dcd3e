/* Pointers into one allocation whose inferred sections overlap or touch get
 * one device copy of their union (runtime/core/SectionGroups.h): every
 * pointer translates into it, the union is copied in whole and only the
 * written sections come back. Mapped one after the other, the second
 * section lay partly in the first one's copy and its pointer ran past that
 * copy's end (its writes lost, its last reads outside the copy). A clause of
 * the construct is entered before the inferred sections, so a section inside
 * a clause's data is not mapped again (that was a "partly present" error).
 * FERRY_TIME's byte counts show what moved. In C and, compiled as C++, in
 * C++.
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
 * CHECK-DAG: c-implicit-overlap.c:{{[0-9]+}} serial {{.*}} 1 {{.*}} 8008 8000
 * CHECK-DAG: c-implicit-overlap.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 16016 8000
 * CHECK-DAG: c-implicit-overlap.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 16000 16000
 * CHECK-DAG: c-implicit-overlap.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 8008 8000{{ }}
 */
#include "Inputs/check_c.h"

#include <stdlib.h>

enum { N = 1000 };

/* b = a + 1, a recurrence run in order: a[0:n] read, b[0:n] written; one
 * copy of buf[0:n+1] in (8008 bytes), b's 8000 bytes back. */
static void count_up(const double *a, double *b, int n) {
#pragma acc serial
  for (int i = 0; i < n; ++i)
    b[i] = a[i] + 1;
}

/* A three-point average read through two views of x, l = x and r = x + 2:
 * one copy of x[0:n+2] in (8016 bytes); c[0:n] copy (8000 each way). */
static void average(const double *l, const double *r, double *c, int n) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    c[i] = (l[i] + r[i]) / 2;
}

/* Two halves of one array, lo = buf and hi = buf + n, end to end: one copy
 * of buf[0:2n] (16000 bytes each way, as two copies would move). */
static void halves(double *lo, double *hi, int n) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    lo[i] = i;
    hi[i] = -i;
  }
}

/* Clauses name a[0:n+1] and out[0:n]; b = a + 1 reads inside a's data:
 * b's inferred section is not mapped again (8008 bytes in, 8000 out). */
static void triple_in_clause(const double *a, double *out, int n) {
  const double *b = a + 1;
#pragma acc parallel loop copyin(a[0:n + 1]) copyout(out[0:n])
  for (int i = 0; i < n; ++i)
    out[i] = b[i] * 3 + a[i];
}

int main(void) {
  double *buf = (double *)malloc((2 * N + 2) * sizeof *buf);
  double *c = (double *)malloc(N * sizeof *c);

  for (int i = 0; i <= N; ++i)
    buf[i] = i == 0 ? 0 : -1;
  count_up(buf, buf + 1, N);
  for (int i = 0; i <= N; ++i)
    CHECK(buf[i] == i);
  buf[N + 1] = N + 1;

  for (int i = 0; i < N; ++i)
    c[i] = -1;
  average(buf, buf + 2, c, N);
  for (int i = 0; i < N; ++i)
    CHECK(c[i] == i + 1);

  halves(buf, buf + N, N);
  for (int i = 0; i < N; ++i)
    CHECK(buf[i] == i && buf[N + i] == -i);

  for (int i = 0; i <= N; ++i)
    buf[i] = i;
  triple_in_clause(buf, c, N);
  for (int i = 0; i < N; ++i)
    CHECK(c[i] == 3.0 * (i + 1) + i);

  free(buf);
  free(c);
  return report();
}

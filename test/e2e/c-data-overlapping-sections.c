/* One construct whose clauses name overlapping sections of the same data
 * that are not the same section: a stencil's `copyin(u[0:N])
 * copyout(u[1:N-2])`, or a tutorial's `copyin(b[0:n+1]) copy(a[0:n])`
 * called in place as f(x, x) (OpenACC sweep 13 F4). One device copy of
 * their union, copied in where any clause copies in; at the end the
 * sections of the clauses that copy back are copied back, in any clause
 * order. Clause by clause, the second section lay inside the first, whose
 * exit did not copy it back (the results were lost without a word), or
 * reached past it ("partially present": the program stopped). Data present
 * before the construct is left to the present table as before. In C and,
 * the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#include <stdlib.h>

#define N 1000

static void fill(double *u) {
  for (int i = 0; i < N; i++)
    u[i] = i;
}

/* Doubles the interior; the ends stay. */
static int interiorDoubled(const double *u) {
  for (int i = 0; i < N; i++)
    if (u[i] != (i == 0 || i == N - 1 ? i : 2.0 * i))
      return 0;
  return 1;
}

static void shift(double *a, const double *b, int n) {
#pragma acc parallel loop copyin(b[0 : n + 1]) copy(a[0 : n])
  for (int i = 0; i < n; i++)
    a[i] = b[i + 1] + 1;
}

static void shiftOtherOrder(double *a, const double *b, int n) {
#pragma acc parallel loop copy(a[0 : n]) copyin(b[0 : n + 1])
  for (int i = 0; i < n; i++)
    a[i] = b[i + 1] + 1;
}

int main(void) {
  double *u = (double *)malloc(N * sizeof(double));
  fill(u);
#pragma acc parallel loop copyin(u[0 : N]) copyout(u[1 : N - 2])
  for (int i = 1; i < N - 1; i++)
    u[i] = u[i] * 2;
  CHECK(interiorDoubled(u));
  fill(u);
#pragma acc parallel loop copyout(u[1 : N - 2]) copyin(u[0 : N])
  for (int i = 1; i < N - 1; i++)
    u[i] = u[i] * 2;
  CHECK(interiorDoubled(u));
  fill(u);
#pragma acc parallel loop copyin(u[0 : N]) copy(u[1 : N - 2])
  for (int i = 1; i < N - 1; i++)
    u[i] = u[i] * 2;
  CHECK(interiorDoubled(u));
  fill(u);
#pragma acc parallel loop create(u[0 : N]) copy(u[1 : N - 2])
  for (int i = 1; i < N - 1; i++)
    u[i] = u[i] * 2;
  CHECK(interiorDoubled(u));
  fill(u);
#pragma acc parallel loop copyin(u[1 : N - 1]) copy(u[0 : N - 1])
  for (int i = 1; i < N - 1; i++)
    u[i] = u[i] * 2;
  CHECK(interiorDoubled(u));
  fill(u);
#pragma acc parallel loop copyin(u[0 : N]) copyout(u[0 : N - 1])
  for (int i = 0; i < N - 1; i++)
    u[i] = -1;
  CHECK(u[0] == -1 && u[N - 2] == -1 && u[N - 1] == N - 1);
  /* Through two pointers to one array. */
  fill(u);
  shift(u, u, N - 1);
  CHECK(u[0] == 2 && u[N - 2] == N && u[N - 1] == N - 1);
  fill(u);
  shiftOtherOrder(u, u, N - 1);
  CHECK(u[0] == 2 && u[N - 2] == N && u[N - 1] == N - 1);
  /* A data construct, and a construct inside it that finds its data present. */
  fill(u);
#pragma acc data copyin(u[0 : N]) copyout(u[1 : N - 2])
  {
#pragma acc parallel loop present(u[0 : N])
    for (int i = 1; i < N - 1; i++)
      u[i] = u[i] * 2;
  }
  CHECK(interiorDoubled(u));
  free(u);
  return report();
}

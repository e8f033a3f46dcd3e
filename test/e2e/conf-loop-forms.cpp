// Conformance style: loop shapes: decreasing loops, steps of 2 and 3,
// <= and >= bounds, != bounds, unsigned and long induction variables,
// the variable declared before the loop, bounds from struct members and
// function calls, and empty and one-iteration loops.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

static int limit(void) { return n; }

int test1() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = 0;
#pragma acc parallel loop copy(a[0:n])
  for (int x = n - 1; x >= 0; x--)
    a[x] += 1;
#pragma acc parallel loop copy(a[0:n])
  for (int x = 0; x <= n - 2; x += 2)
    a[x] += 2;
#pragma acc parallel loop copy(a[0:n])
  for (int x = n - 1; x > 0; x -= 3)
    a[x] += 4;
  long lx;
#pragma acc parallel loop copy(a[0:n])
  for (lx = 0; lx != n; ++lx)
    a[lx] += 8;
  unsigned ux;
#pragma acc parallel loop copy(a[0:n])
  for (ux = 0u; ux < (unsigned)limit(); ux = ux + 5)
    a[ux] += 16;
  for (int x = 0; x < n; ++x) {
    real_t want = 1 + ((x % 2 == 0) ? 2 : 0) + (((n - 1 - x) % 3 == 0 && x > 0) ? 4 : 0) + 8 +
                  ((x % 5 == 0) ? 16 : 0);
    if (a[x] != want)
      err += 1;
  }
  delete[] a;
  return err;
}

int test2() {
  int err = 0;
  int zero = 0, one = 1;
  int count = 0;
#pragma acc parallel loop reduction(+:count)
  for (int x = 0; x < zero; ++x)
    count += 1;
  if (count != 0)
    err += 1;
#pragma acc parallel loop reduction(+:count)
  for (int x = 0; x < one; ++x)
    count += 1;
  if (count != 1)
    err += 1;
  long long big = 0;
#pragma acc parallel loop reduction(+:big)
  for (long long x = 3000000000LL; x < 3000000000LL + n; ++x)
    big += x - 3000000000LL;
  if (big != (long long)n * (n - 1) / 2)
    err += 1;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}

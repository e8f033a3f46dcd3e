// Conformance style: scalars in kernels are copy (a value computed in
// kernels is seen after it), a reduction variable also in a copy clause
// of an enclosing data construct gets the result on the device copy and,
// at the data construct's end, on the host; kernels loop with reduction.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
  real_t maxval = 0;
  int count = 0;
#pragma acc kernels copyin(a[0:n])
  {
    maxval = a[n - 1];
    count += 5;
  }
  if (maxval != n - 1 || count != 5)
    err += 1;
  real_t total = 0;
#pragma acc kernels loop copyin(a[0:n]) reduction(+:total)
  for (int x = 0; x < n; ++x)
    total += a[x];
  if (total != (real_t)n * (n - 1) / 2)
    err += 1;
  delete[] a;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = 1;
  real_t sum = 10;
#pragma acc data copyin(a[0:n]) copy(sum)
  {
#pragma acc parallel loop reduction(+:sum)
    for (int x = 0; x < n; ++x)
      sum += a[x];
    // The device copy holds the result: a second region reads it.
    real_t twice = 0;
#pragma acc parallel loop reduction(+:twice)
    for (int x = 0; x < 2; ++x)
      twice += sum;
    if (twice != 2 * (10.0 + n))
      err += 1;
  }
  if (sum != 10.0 + n)
    err += 1;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}

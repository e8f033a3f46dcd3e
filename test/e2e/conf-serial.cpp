// Conformance style: serial with a recurrence, serial with loops and
// plain statements, serial with a reduction clause, serial loop seq and
// a scalar copied out of serial.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
#pragma acc serial copyin(a[0:n]) copyout(b[0:n])
  {
    b[0] = a[0];
    for (int x = 1; x < n; ++x)
      b[x] = b[x - 1] + a[x];
  }
  real_t s = 0;
  for (int x = 0; x < n; ++x) {
    s += a[x];
    if (fabs(b[x] - s) > PRECISION * n)
      err += 1;
  }
  delete[] a;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
  real_t total = 0;
  int imax = 0;
#pragma acc serial copyin(a[0:n]) copy(total, imax)
  {
    for (int x = 0; x < n; ++x) {
      total += a[x];
      if (a[x] > a[imax])
        imax = x;
    }
  }
  real_t hs = 0;
  int hmax = 0;
  for (int x = 0; x < n; ++x) {
    hs += a[x];
    if (a[x] > a[hmax])
      hmax = x;
  }
  if (fabs(total - hs) > PRECISION * n || imax != hmax)
    err += 1;
  real_t red = 1.0;
#pragma acc serial copyin(a[0:n]) reduction(+:red)
  {
#pragma acc loop
    for (int x = 0; x < n; ++x)
      red += a[x];
  }
  if (fabs(red - (hs + 1.0)) > PRECISION * n)
    err += 1;
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  int *a = new int[n];
  for (int x = 0; x < n; ++x)
    a[x] = 0;
#pragma acc serial loop seq copy(a[0:n])
  for (int x = 1; x < n; ++x)
    a[x] = a[x - 1] + 2;
  for (int x = 0; x < n; ++x)
    if (a[x] != 2 * x)
      err += 1;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  srand(12);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

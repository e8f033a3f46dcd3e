// Conformance style: the data construct with copyin/create/copyout around
// parallel and kernels regions that use the data through present; copy of
// a section in the middle of an array; nested data constructs; copyout
// of data created by an enclosing construct stays until its end.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n], *c = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = 0;
    c[x] = 0;
  }
#pragma acc data copyin(a[0:n]) create(b[0:n]) copyout(c[0:n])
  {
#pragma acc parallel
    {
#pragma acc loop
      for (int x = 0; x < n; ++x)
        b[x] = a[x] * 3;
    }
#pragma acc parallel present(b[0:n], c[0:n])
    {
#pragma acc loop
      for (int x = 0; x < n; ++x)
        c[x] = b[x] + 1;
    }
  }
  for (int x = 0; x < n; ++x) {
    if (fabs(c[x] - (a[x] * 3 + 1)) > PRECISION)
      err += 1;
    if (!conf_shared() && b[x] != 0)
      err += 1; // create never copies back
  }
  delete[] a;
  delete[] b;
  delete[] c;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc data copy(a[n / 4:n / 2])
  {
#pragma acc parallel loop present(a[n / 4:n / 2])
    for (int x = n / 4; x < n / 4 + n / 2; ++x)
      a[x] = -a[x];
  }
  for (int x = 0; x < n; ++x) {
    real_t want = (x >= n / 4 && x < n / 4 + n / 2) ? -x : x;
    if (a[x] != want)
      err += 1;
  }
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = 0;
  }
#pragma acc data copyin(a[0:n])
  {
#pragma acc data copyout(b[0:n])
    {
#pragma acc kernels
      {
#pragma acc loop
        for (int x = 0; x < n; ++x)
          b[x] = a[x] / 2;
      }
    }
    for (int x = 0; x < n; ++x)
      if (fabs(b[x] - a[x] / 2) > PRECISION)
        err += 1;
    if (!acc_is_present(a, n * sizeof(real_t)))
      err += 1;
    if (!conf_shared() && acc_is_present(b, n * sizeof(real_t)))
      err += 1;
  }
  if (!conf_shared() && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  srand(2);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

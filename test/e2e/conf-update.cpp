// Conformance style: update device and update self (and host) of whole
// sections and parts of them, with if, async and if_present (on absent
// data it does nothing), update of scalars, and update between regions
// of a data construct.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = 0;
  }
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
  {
    for (int x = 0; x < n; ++x)
      a[x] = 2 * x;
#pragma acc update device(a[0:n])
#pragma acc parallel loop present(a[0:n], b[0:n])
    for (int x = 0; x < n; ++x)
      b[x] = a[x] + 1;
#pragma acc update self(b[0:n / 2])
    for (int x = 0; x < n / 2; ++x)
      if (b[x] != 2 * x + 1)
        err += 1;
#pragma acc parallel loop present(b[0:n])
    for (int x = 0; x < n; ++x)
      b[x] = b[x] * 2;
#pragma acc update host(b[n / 2:n / 2])
    for (int x = n / 2; x < n; ++x)
      if (b[x] != 2 * (2 * x + 1))
        err += 1;
  }
  for (int x = 0; x < n; ++x)
    if (b[x] != 2 * (2 * x + 1))
      err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
  // Absent data: if_present makes update a no-op.
#pragma acc update device(a[0:n]) if_present
#pragma acc update self(a[0:n]) if_present
  for (int x = 0; x < n; ++x)
    if (a[x] != x)
      err += 1;
#pragma acc enter data copyin(a[0:n])
#pragma acc parallel loop present(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] = -a[x];
  int doit = 1;
#pragma acc update self(a[0:n]) if(doit) async(3)
#pragma acc wait(3)
  for (int x = 0; x < n; ++x)
    if (a[x] != -x)
      err += 1;
#pragma acc update self(a[0:n]) if_present async(4)
#pragma acc wait
#pragma acc exit data delete(a[0:n])
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  real_t s = 1.0;
  int k = 3;
  real_t *a = new real_t[n];
#pragma acc data copyin(s, k) copyout(a[0:n])
  {
    s = 4.0;
    k = 5;
#pragma acc update device(s, k)
#pragma acc parallel loop present(s, k)
    for (int x = 0; x < n; ++x)
      a[x] = s * x + k;
  }
  for (int x = 0; x < n; ++x)
    if (a[x] != 4.0 * x + 5)
      err += 1;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  srand(18);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

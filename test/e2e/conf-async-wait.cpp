// Conformance style: async(1) compute constructs with wait(1), chains of
// work on one queue, two queues joined by wait clauses, async data
// directives, acc_async_test and acc_async_test_all after waits, and
// wait async(q) making one queue wait for another.
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
    b[x] = conf_rand();
    c[x] = 0;
  }
#pragma acc data copyin(a[0:n], b[0:n]) copyout(c[0:n])
  {
#pragma acc parallel loop async(1)
    for (int x = 0; x < n; ++x)
      c[x] = a[x] + b[x];
#pragma acc parallel loop async(1)
    for (int x = 0; x < n; ++x)
      c[x] = c[x] * 2;
#pragma acc wait(1)
  }
  for (int x = 0; x < n; ++x)
    if (fabs(c[x] - 2 * (a[x] + b[x])) > PRECISION)
      err += 1;
  if (!acc_async_test(1) || !acc_async_test_all())
    err += 1;
  delete[] a;
  delete[] b;
  delete[] c;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n], *c = new real_t[n];
  real_t *a0 = new real_t[n], *b0 = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = a0[x] = conf_rand();
    b[x] = b0[x] = conf_rand();
    c[x] = 0;
  }
#pragma acc enter data create(a[0:n], b[0:n], c[0:n])
#pragma acc update device(a[0:n]) async(1)
#pragma acc update device(b[0:n]) async(2)
#pragma acc parallel loop present(a[0:n]) async(1)
  for (int x = 0; x < n; ++x)
    a[x] = a[x] * 2;
#pragma acc parallel loop present(b[0:n]) async(2)
  for (int x = 0; x < n; ++x)
    b[x] = b[x] * 3;
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n]) async(3) wait(1, 2)
  for (int x = 0; x < n; ++x)
    c[x] = a[x] + b[x];
#pragma acc update self(c[0:n]) async(3)
#pragma acc wait(3)
  for (int x = 0; x < n; ++x)
    if (fabs(c[x] - (2 * a0[x] + 3 * b0[x])) > PRECISION)
      err += 1;
#pragma acc exit data delete(a[0:n], b[0:n], c[0:n]) async(4)
#pragma acc wait
  if (!conf_shared() && acc_is_present(c, n * sizeof(real_t)))
    err += 1;
  delete[] a0;
  delete[] b0;
  delete[] a;
  delete[] b;
  delete[] c;
  return err;
}

int test3() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = x;
    b[x] = 0;
  }
#pragma acc enter data copyin(a[0:n]) create(b[0:n]) async(1)
#pragma acc parallel loop present(a[0:n]) async(1)
  for (int x = 0; x < n; ++x)
    a[x] += 1;
#pragma acc wait(1) async(2)
#pragma acc parallel loop present(a[0:n], b[0:n]) async(2)
  for (int x = 0; x < n; ++x)
    b[x] = a[x] * 2;
#pragma acc exit data copyout(b[0:n]) delete(a[0:n]) async(2)
#pragma acc wait(2)
  for (int x = 0; x < n; ++x)
    if (b[x] != 2.0 * (x + 1))
      err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  srand(4);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

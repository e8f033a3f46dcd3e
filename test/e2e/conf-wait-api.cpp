// Conformance style: the wait routines: acc_wait, acc_wait_all,
// acc_wait_async, acc_wait_all_async, acc_wait_any, acc_async_test on
// idle and used queues, acc_async_wait (deprecated), and the wait
// directive with several queues and with async.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = x;
    b[x] = 0;
  }
  if (!acc_async_test(7) || !acc_async_test_all())
    err += 1; // idle queues
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
#pragma acc parallel loop present(a[0:n]) async(1)
  for (int x = 0; x < n; ++x)
    a[x] += 1;
  acc_wait_async(1, 2);
#pragma acc parallel loop present(a[0:n], b[0:n]) async(2)
  for (int x = 0; x < n; ++x)
    b[x] = a[x] * 2;
  acc_wait(2);
  if (!acc_async_test(2))
    err += 1;
#pragma acc update self(b[0:n])
  for (int x = 0; x < n; ++x)
    if (b[x] != 2.0 * (x + 1))
      err += 1;
#pragma acc parallel loop present(b[0:n]) async(3)
  for (int x = 0; x < n; ++x)
    b[x] += 1;
#pragma acc parallel loop present(a[0:n]) async(4)
  for (int x = 0; x < n; ++x)
    a[x] += 1;
  acc_wait_all_async(5);
#pragma acc update self(a[0:n], b[0:n]) async(5)
  acc_async_wait(5);
  for (int x = 0; x < n; ++x)
    if (b[x] != 2.0 * (x + 1) + 1 || a[x] != x + 2)
      err += 1;
  int queues[3] = {acc_async_sync, 6, 7};
#pragma acc parallel loop present(a[0:n]) async(6)
  for (int x = 0; x < n; ++x)
    a[x] = 0;
  int which = acc_wait_any(3, queues);
  if (which != 1 && which != 2)
    err += 1;
  acc_wait_all();
  if (acc_wait_any(0, queues) != -1)
    err += 1;
#pragma acc exit data delete(a[0:n], b[0:n])
  delete[] a;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n], *c = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = x;
    b[x] = 2 * x;
  }
#pragma acc data copyin(a[0:n], b[0:n]) copyout(c[0:n])
  {
#pragma acc parallel loop async(1)
    for (int x = 0; x < n; ++x)
      a[x] = a[x] + 1;
#pragma acc parallel loop async(2)
    for (int x = 0; x < n; ++x)
      b[x] = b[x] + 1;
#pragma acc wait(1, 2) async(3)
#pragma acc parallel loop async(3)
    for (int x = 0; x < n; ++x)
      c[x] = a[x] + b[x];
#pragma acc wait(3)
  }
  for (int x = 0; x < n; ++x)
    if (c[x] != 3.0 * x + 2)
      err += 1;
  delete[] a;
  delete[] b;
  delete[] c;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}

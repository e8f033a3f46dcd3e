// Conformance style: the self clause of compute constructs (OpenACC 3.3
// 2.5.6; it was refused): self, self(1) and self(cond) run the region on
// the local thread with host memory, self(0) on the device; with if, the
// region runs on the device only where if holds and self does not. Where
// it runs is seen through acc_on_device and through data that is not
// copied back.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n];
  int dev = !conf_shared();
  for (int x = 0; x < n; ++x)
    a[x] = x;
  int where = -1;
#pragma acc parallel self copy(where)
  where = acc_on_device(acc_device_host);
  if (where != 1)
    err += 1;
  int cond = 1;
#pragma acc parallel loop self(cond) copyin(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] = -x; // host memory: the change stays even with copyin
  for (int x = 0; x < n; ++x)
    if (a[x] != -x)
      err += 1;
  cond = 0;
#pragma acc parallel loop self(cond) copyin(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] = 5; // device copy only, when there is a device
  for (int x = 0; x < n; ++x)
    if (a[x] != (dev ? -x : 5))
      err += 1;
  delete[] a;
  return err;
}

int test2() {
  int err = 0;
  int dev = !conf_shared();
  int w1 = -1, w2 = -1, w3 = -1, w4 = -1;
#pragma acc serial self(1) copy(w1)
  w1 = acc_on_device(acc_device_not_host);
#pragma acc kernels self(0) copy(w2)
  w2 = acc_on_device(acc_device_not_host);
#pragma acc parallel if(1) self(1) copy(w3)
  w3 = acc_on_device(acc_device_not_host);
#pragma acc serial if(0) self(0) copy(w4)
  w4 = acc_on_device(acc_device_not_host);
  if (w1 != 0 || w2 != dev || w3 != 0 || w4 != 0)
    err += 1;
  real_t *b = new real_t[n];
  real_t total = 0;
#pragma acc kernels loop self(n > 100) copyout(b[0:n]) reduction(+:total)
  for (int x = 0; x < n; ++x) {
    b[x] = 2 * x;
    total += 1;
  }
  for (int x = 0; x < n; ++x)
    if (b[x] != 2 * x)
      err += 1;
  if (total != n)
    err += 1;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}

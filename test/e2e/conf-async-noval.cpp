// Conformance style: async without an argument and async(acc_async_noval)
// share the default queue; wait(acc_async_noval) and acc_wait(acc_async_noval)
// wait for it; async(acc_async_sync) is synchronous; acc_set_default_async
// moves the default queue.
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
#pragma acc enter data copyin(a[0:n]) async
#pragma acc parallel loop present(a[0:n]) async(acc_async_noval)
  for (int x = 0; x < n; ++x)
    a[x] += 1;
#pragma acc update self(a[0:n]) async
#pragma acc wait(acc_async_noval)
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 1)
      err += 1;
#pragma acc parallel loop present(a[0:n]) async(acc_async_sync)
  for (int x = 0; x < n; ++x)
    a[x] += 1;
#pragma acc update self(a[0:n]) async(acc_async_sync)
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 2)
      err += 1;
  acc_set_default_async(9);
#pragma acc parallel loop present(a[0:n]) async
  for (int x = 0; x < n; ++x)
    a[x] *= 2;
#pragma acc update self(a[0:n]) async
  acc_wait(9);
  for (int x = 0; x < n; ++x)
    if (a[x] != 2.0 * (x + 2))
      err += 1;
  acc_set_default_async(acc_async_default);
#pragma acc exit data delete(a[0:n]) async
  acc_wait(acc_async_noval);
  if (!conf_shared() && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  return failcode ? 1 : 0;
}

// Conformance style: the data routines: acc_copyin returns the device
// address (acc_deviceptr of the same data), acc_create, acc_copyout,
// acc_delete, their _finalize and _async forms, acc_update_device/self,
// acc_is_present of parts, acc_hostptr, reference counts across
// acc_copyin and data constructs, and the deprecated acc_pcopyin names.
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
  void *da = acc_copyin(a, n * sizeof(real_t));
  void *db = acc_create(b, n * sizeof(real_t));
  if (!da || !db || da != acc_deviceptr(a) || db != acc_deviceptr(b))
    err += 1;
  if (acc_hostptr(da) != a || acc_hostptr((char *)da + 8) != (char *)a + 8)
    err += 1;
  if (!acc_is_present(a, n * sizeof(real_t)) || !acc_is_present(b + 1, sizeof(real_t)))
    err += 1;
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int x = 0; x < n; ++x)
    b[x] = a[x] * 3;
  acc_copyout(b, n * sizeof(real_t));
  for (int x = 0; x < n; ++x)
    if (b[x] != 3.0 * x)
      err += 1;
  if (!conf_shared() && acc_is_present(b, n * sizeof(real_t)))
    err += 1;
  for (int x = 0; x < n; ++x)
    a[x] = 1;
  acc_update_device(a, n * sizeof(real_t));
#pragma acc parallel loop present(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] += x;
  acc_update_self(a, n / 2 * sizeof(real_t));
  for (int x = 0; x < n / 2; ++x)
    if (a[x] != 1 + x)
      err += 1;
  acc_delete(a, n * sizeof(real_t));
  if (!conf_shared() && acc_is_present(a, sizeof(real_t)))
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
  acc_copyin(a, n * sizeof(real_t));
  acc_pcopyin(a, n * sizeof(real_t));
  acc_present_or_copyin(a, n * sizeof(real_t));
  acc_create(a, n * sizeof(real_t));
#pragma acc parallel loop present(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] = 2 * x;
  acc_copyout(a, n * sizeof(real_t));
  if (!acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  acc_copyout_finalize(a, n * sizeof(real_t));
  if (!conf_shared() && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  for (int x = 0; x < n; ++x)
    if (a[x] != 2 * x)
      err += 1;
  acc_pcreate(a, n * sizeof(real_t));
  acc_present_or_create(a, n * sizeof(real_t));
  acc_delete_finalize(a, n * sizeof(real_t));
  if (!conf_shared() && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
  acc_copyin_async(a, n * sizeof(real_t), 1);
#pragma acc parallel loop present(a[0:n]) async(1)
  for (int x = 0; x < n; ++x)
    a[x] = a[x] + 0.5;
  acc_update_self_async(a, n * sizeof(real_t), 1);
  acc_wait(1);
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 0.5)
      err += 1;
  acc_delete_async(a, n * sizeof(real_t), 1);
  acc_wait_all();
  if (!conf_shared() && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  // A data construct inside acc_copyin: the construct does not remove it.
  acc_copyin(a, n * sizeof(real_t));
#pragma acc data copy(a[0:n])
  {
#pragma acc parallel loop
    for (int x = 0; x < n; ++x)
      a[x] = 7;
  }
  if (!acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  acc_copyout(a, n * sizeof(real_t));
  for (int x = 0; x < n; ++x)
    if (a[x] != 7)
      err += 1;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

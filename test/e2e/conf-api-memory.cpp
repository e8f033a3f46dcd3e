// Conformance style: acc_malloc/acc_free, deviceptr clauses with
// acc_malloc'ed memory, acc_map_data/acc_unmap_data, acc_memcpy_to_device /
// from_device / device and their async forms, acc_memcpy_d2d on device 0,
// acc_get_property(free memory) after a large acc_malloc.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *host = new real_t[n];
  for (int x = 0; x < n; ++x)
    host[x] = x;
  real_t *d = (real_t *)acc_malloc(n * sizeof(real_t));
  real_t *d2 = (real_t *)acc_malloc(n * sizeof(real_t));
  if (!d || !d2)
    return 1;
  acc_memcpy_to_device(d, host, n * sizeof(real_t));
#pragma acc parallel loop deviceptr(d, d2)
  for (int x = 0; x < n; ++x)
    d2[x] = d[x] * 2;
  acc_memcpy_device(d, d2, n * sizeof(real_t));
  real_t *back = new real_t[n];
  acc_memcpy_from_device(back, d, n * sizeof(real_t));
  for (int x = 0; x < n; ++x)
    if (back[x] != 2.0 * x)
      err += 1;
  acc_memcpy_to_device_async(d2, host, n * sizeof(real_t), 2);
  acc_memcpy_device_async(d, d2, n * sizeof(real_t), 2);
  acc_memcpy_from_device_async(back, d, n * sizeof(real_t), 2);
  acc_wait(2);
  for (int x = 0; x < n; ++x)
    if (back[x] != x)
      err += 1;
  acc_free(d);
  acc_free(d2);
  delete[] host;
  delete[] back;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
  if (conf_shared()) {
    delete[] a;
    return 0; // acc_map_data maps device memory; the host has none
  }
  real_t *d = (real_t *)acc_malloc(n * sizeof(real_t));
  acc_map_data(a, d, n * sizeof(real_t));
  if (!acc_is_present(a, n * sizeof(real_t)) || acc_deviceptr(a) != d)
    err += 1;
#pragma acc update device(a[0:n])
#pragma acc parallel loop present(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] = a[x] + 1;
#pragma acc update self(a[0:n])
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 1)
      err += 1;
  acc_unmap_data(a);
  if (acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  real_t check = -1;
  acc_memcpy_from_device(&check, d + 3, sizeof(real_t));
  if (check != 4)
    err += 1;
  acc_free(d);
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  acc_device_t t = acc_get_device_type();
  int dev = acc_get_device_num(t);
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = x;
    b[x] = 0;
  }
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
  acc_memcpy_d2d(b, a, n * sizeof(real_t), dev, dev);
#pragma acc exit data copyout(b[0:n]) delete(a[0:n])
  for (int x = 0; x < n; ++x)
    if (b[x] != x)
      err += 1;
  if (!conf_shared()) {
    size_t before = acc_get_property(dev, t, acc_property_free_memory);
    void *big = acc_malloc(64 << 20);
    size_t during = acc_get_property(dev, t, acc_property_free_memory);
    if (!big || during >= before)
      err += 1;
    acc_free(big);
  }
  delete[] a;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

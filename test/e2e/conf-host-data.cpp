// Conformance style: host_data use_device with acc_memcpy_to_device,
// acc_memcpy_from_device and acc_memcpy_device on the device addresses,
// use_device of an array, with if(0) (host addresses) and if_present,
// and comparing the address to acc_deviceptr.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n], *host = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = 0;
    b[x] = 0;
    host[x] = conf_rand();
  }
#pragma acc data create(a[0:n], b[0:n])
  {
#pragma acc host_data use_device(a, b)
    {
      acc_memcpy_to_device(a, host, n * sizeof(real_t));
      acc_memcpy_device(b, a, n * sizeof(real_t));
    }
#pragma acc parallel loop present(b[0:n])
    for (int x = 0; x < n; ++x)
      b[x] += 1;
#pragma acc update self(b[0:n])
  }
  for (int x = 0; x < n; ++x)
    if (fabs(b[x] - (host[x] + 1)) > PRECISION)
      err += 1;
  delete[] a;
  delete[] b;
  delete[] host;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  real_t *out = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc enter data copyin(a[0:n])
  void *dev = acc_deviceptr(a);
  real_t *seen = nullptr;
#pragma acc host_data use_device(a)
  {
    seen = a;
    acc_memcpy_from_device(out, a, n * sizeof(real_t));
  }
  if (seen != dev)
    err += 1;
  for (int x = 0; x < n; ++x)
    if (out[x] != x)
      err += 1;
  real_t *seen2 = nullptr;
#pragma acc host_data use_device(a) if(0)
  seen2 = a;
  if (seen2 != a)
    err += 1;
#pragma acc exit data delete(a[0:n])
  real_t *seen3 = nullptr;
#pragma acc host_data use_device(a) if_present
  seen3 = a;
  if (seen3 != a)
    err += 1;
  delete[] a;
  delete[] out;
  return err;
}

int test3() {
  int err = 0;
  real_t arr[100];
  for (int x = 0; x < 100; ++x)
    arr[x] = x;
  real_t back[100];
#pragma acc data copyin(arr)
  {
#pragma acc host_data use_device(arr)
    acc_memcpy_from_device(back, arr, sizeof(arr));
  }
  for (int x = 0; x < 100; ++x)
    if (back[x] != x)
      err += 1;
  return err;
}

int main() {
  int failcode = 0;
  srand(17);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

// Conformance style: the init, shutdown and set directives with
// device_type and device_num and if, the acc_init/acc_shutdown routines,
// set default_async with async without an argument, and computing after a
// shutdown and init again.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

static int compute(real_t factor) {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc parallel loop copy(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] *= factor;
  for (int x = 0; x < n; ++x)
    if (a[x] != factor * x)
      err += 1;
  delete[] a;
  return err;
}

int test1() {
  int err = 0;
  acc_device_t t = acc_get_device_type();
#pragma acc init
  err += compute(2);
#pragma acc init device_type(host)
#pragma acc init device_type(nvidia, radeon) if(0)
  err += compute(3);
  acc_init(t);
  err += compute(4);
#pragma acc shutdown
#pragma acc init
  err += compute(5);
  int num = acc_get_device_num(t);
#pragma acc set device_num(num)
  err += compute(6);
  if (acc_get_device_type() != t)
    err += 1;
  return err;
}

int test2() {
  int err = 0;
  acc_device_t t = acc_get_device_type();
#pragma acc set device_type(host)
  if (acc_get_device_type() != acc_device_host)
    err += 1;
  err += compute(7);
  acc_set_device_type(t);
  if (acc_get_device_type() != t)
    err += 1;
  err += compute(8);
  return err;
}

int test3() {
  int err = 0;
#pragma acc set default_async(5)
  if (acc_get_default_async() != 5)
    err += 1;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = 1;
#pragma acc enter data copyin(a[0:n]) async
#pragma acc parallel loop present(a[0:n]) async
  for (int x = 0; x < n; ++x)
    a[x] += x;
#pragma acc exit data copyout(a[0:n]) async
#pragma acc wait(5)
  for (int x = 0; x < n; ++x)
    if (a[x] != 1 + x)
      err += 1;
  acc_set_default_async(acc_async_default);
  if (acc_get_default_async() == 5)
    err += 1;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
#pragma acc shutdown
  return failcode ? 1 : 0;
}

// Conformance style: if(0) and if(1) on parallel, kernels, serial, data,
// enter/exit data and update: with a false condition the host runs the
// region on host memory and nothing is mapped or moved.
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
  int cond = 0;
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n]) if(cond)
  for (int x = 0; x < n; ++x)
    b[x] = a[x] + 1;
  for (int x = 0; x < n; ++x)
    if (fabs(b[x] - (a[x] + 1)) > PRECISION)
      err += 1;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) if(0)
  for (int x = 0; x < n; ++x)
    b[x] = a[x] + 2;
  for (int x = 0; x < n; ++x)
    if (fabs(b[x] - (a[x] + 2)) > PRECISION)
      err += 1;
#pragma acc serial copyin(a[0:n]) copyout(b[0:n]) if(1)
  for (int x = 0; x < n; ++x)
    b[x] = a[x] + 3;
  for (int x = 0; x < n; ++x)
    if (fabs(b[x] - (a[x] + 3)) > PRECISION)
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
  int dev = acc_get_device_type() != acc_device_host;
#pragma acc enter data copyin(a[0:n]) if(0)
  if (acc_is_present(a, n * sizeof(real_t)) && dev)
    err += 1;
#pragma acc enter data copyin(a[0:n]) if(1)
  if (!acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  for (int x = 0; x < n; ++x)
    a[x] = -1;
#pragma acc update self(a[0:n]) if(0)
  if (dev && a[0] != -1)
    err += 1;
#pragma acc update self(a[0:n]) if(n > 0)
  if (dev && a[5] != 5)
    err += 1;
  for (int x = 0; x < n; ++x)
    a[x] = 7;
#pragma acc update device(a[0:n]) if(0)
#pragma acc exit data copyout(a[0:n]) if(0)
  if (!acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  for (int x = 0; x < n; ++x)
    a[x] = 9;
#pragma acc exit data copyout(a[0:n]) if(1)
  if (dev && a[3] != 3)
    err += 1; // device copy still held the first values
  if (dev && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = x;
    b[x] = 0;
  }
  int cond = 0;
#pragma acc data copyin(a[0:n]) copyout(b[0:n]) if(cond)
  {
    if (acc_is_present(a, n * sizeof(real_t)) && acc_get_device_type() != acc_device_host)
      err += 1;
#pragma acc parallel loop if(cond)
    for (int x = 0; x < n; ++x)
      b[x] = a[x] * 2;
  }
  for (int x = 0; x < n; ++x)
    if (b[x] != 2.0 * x)
      err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  srand(5);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

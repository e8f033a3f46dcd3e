// Conformance style: the data clause names OpenACC keeps from 1.0/2.x
// (pcopy, pcopyin, pcopyout, pcreate, present_or_*), the cache directive
// inside a loop, copyin(readonly:), create(zero:) and dtype.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n], *c = new real_t[n], *d = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = x;
    b[x] = 1;
  }
#pragma acc data pcopyin(a[0:n]) pcopy(b[0:n]) pcopyout(c[0:n]) pcreate(d[0:n])
  {
#pragma acc parallel loop present_or_copyin(a[0:n]) present_or_copy(b[0:n]) present_or_copyout(c[0:n]) present_or_create(d[0:n])
    for (int x = 0; x < n; ++x) {
      d[x] = a[x] * 2;
      b[x] += d[x];
      c[x] = b[x] - 1;
    }
  }
  for (int x = 0; x < n; ++x)
    if (b[x] != 1 + 2.0 * x || c[x] != 2.0 * x)
      err += 1;
  delete[] a;
  delete[] b;
  delete[] c;
  delete[] d;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc parallel loop copyin(readonly: a[0:n]) copyout(b[0:n])
  for (int x = 1; x < n - 1; ++x) {
#pragma acc cache(a[x - 1:3])
    b[x] = a[x - 1] + a[x] + a[x + 1];
  }
  for (int x = 1; x < n - 1; ++x)
    if (b[x] != 3.0 * x)
      err += 1;
  int *z = new int[n];
  for (int x = 0; x < n; ++x)
    z[x] = 7;
#pragma acc enter data create(zero: z[0:n])
#pragma acc parallel loop present(z[0:n])
  for (int x = 0; x < n; ++x)
    z[x] += x;
#pragma acc exit data copyout(z[0:n])
  for (int x = 0; x < n; ++x)
    if (z[x] != (conf_shared() ? 7 + x : x))
      err += 1;
  real_t *c = new real_t[n];
#pragma acc parallel loop copyout(c[0:n]) dtype(nvidia) vector_length(128) dtype(*) vector_length(64)
  for (int x = 0; x < n; ++x)
    c[x] = x;
  for (int x = 0; x < n; ++x)
    if (c[x] != x)
      err += 1;
  delete[] a;
  delete[] b;
  delete[] c;
  delete[] z;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}

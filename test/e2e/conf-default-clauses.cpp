// Conformance style: default(none) with every variable in a clause
// (scalars firstprivate, arrays copyin/copyout, a reduction), and
// default(present) on parallel, kernels and on data constructs around
// regions, with the data entered by enter data and by an outer data.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
  real_t f = 3.0, total = 0;
  int len = n;
#pragma acc parallel loop default(none) copyin(a[0:len]) copyout(b[0:len]) firstprivate(f, len) reduction(+:total)
  for (int x = 0; x < len; ++x) {
    b[x] = a[x] * f;
    total += b[x];
  }
  real_t host = 0;
  for (int x = 0; x < n; ++x) {
    if (fabs(b[x] - 3.0 * a[x]) > PRECISION)
      err += 1;
    host += 3.0 * a[x];
  }
  if (fabs(total - host) > PRECISION * n)
    err += 1;
#pragma acc kernels default(none) copyin(a[0:n]) copy(b[0:n])
  {
#pragma acc loop
    for (int x = 0; x < n; ++x)
      b[x] += a[x];
  }
  for (int x = 0; x < n; ++x)
    if (fabs(b[x] - 4.0 * a[x]) > PRECISION)
      err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = x;
    b[x] = 0;
  }
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
#pragma acc parallel loop default(present)
  for (int x = 0; x < n; ++x)
    b[x] = a[x] + 1;
#pragma acc kernels default(present)
  {
    for (int x = 0; x < n; ++x)
      b[x] = b[x] * 2;
  }
#pragma acc exit data copyout(b[0:n]) delete(a[0:n])
  for (int x = 0; x < n; ++x)
    if (b[x] != 2.0 * (x + 1))
      err += 1;
  real_t *c = new real_t[n];
#pragma acc data copyin(a[0:n]) copyout(c[0:n])
  {
#pragma acc data default(present)
    {
#pragma acc parallel loop
      for (int x = 0; x < n; ++x)
        c[x] = -a[x];
    }
  }
  for (int x = 0; x < n; ++x)
    if (c[x] != -x)
      err += 1;
  delete[] a;
  delete[] b;
  delete[] c;
  return err;
}

int main() {
  int failcode = 0;
  srand(19);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}

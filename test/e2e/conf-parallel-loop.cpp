// Conformance style: parallel + loop and parallel loop over new[]'ed and
// malloc'ed arrays, with copyin/copyout/copy/create on the construct, the
// loop variable declared before the loop, and several loops in one parallel.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n];
  real_t *b = new real_t[n];
  real_t *c = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = conf_rand();
    c[x] = 0.0;
  }
#pragma acc parallel copyin(a[0:n], b[0:n]) copyout(c[0:n])
  {
#pragma acc loop
    for (int x = 0; x < n; ++x)
      c[x] = a[x] + b[x];
  }
  for (int x = 0; x < n; ++x)
    if (fabs(c[x] - (a[x] + b[x])) > PRECISION)
      err += 1;
  delete[] a;
  delete[] b;
  delete[] c;
  return err;
}

int test2() {
  int err = 0;
  int x;
  real_t *a = (real_t *)malloc(n * sizeof(real_t));
  real_t *b = (real_t *)malloc(n * sizeof(real_t));
  real_t *c = (real_t *)malloc(n * sizeof(real_t));
  for (x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = 0;
    c[x] = 1;
  }
#pragma acc parallel loop copyin(a[0:n]) create(b[0:n]) copy(c[0:n])
  for (x = 0; x < n; ++x) {
    b[x] = 2 * a[x];
    c[x] += b[x];
  }
  for (x = 0; x < n; ++x)
    if (fabs(c[x] - (1 + 2 * a[x])) > PRECISION)
      err += 1;
  free(a);
  free(b);
  free(c);
  return err;
}

int test3() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n], *c = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = 0;
    c[x] = 0;
  }
#pragma acc parallel copyin(a[0:n]) create(b[0:n]) copyout(c[0:n])
  {
#pragma acc loop
    for (int x = 0; x < n; ++x)
      b[x] = a[x] * a[x];
#pragma acc loop
    for (int x = 0; x < n; ++x)
      c[x] = b[x] + a[x];
  }
  for (int x = 0; x < n; ++x)
    if (fabs(c[x] - (a[x] * a[x] + a[x])) > PRECISION)
      err += 1;
  delete[] a;
  delete[] b;
  delete[] c;
  return err;
}

int main() {
  int failcode = 0;
  srand(1);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

// Conformance style: reduction(*) of double, float, int and long long on
// parallel loop, kernels loop and serial loop, with factors chosen so the
// product stays exact, and a multiplication nested in a gang loop.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = (rand() % 10 == 0) ? ((rand() % 2) ? 2.0 : 0.5) : 1.0;
  real_t prod = 1.0, host = 1.0;
#pragma acc parallel loop copyin(a[0:n]) reduction(*:prod)
  for (int x = 0; x < n; ++x)
    prod *= a[x];
  for (int x = 0; x < n; ++x)
    host *= a[x];
  if (fabs(prod - host) > PRECISION * fabs(host))
    err += 1;
  float fprod = 1.0f;
#pragma acc kernels loop copyin(a[0:n]) reduction(*:fprod)
  for (int x = 0; x < 64; ++x)
    fprod = fprod * (float)(x % 2 ? 2 : 1);
  if (fprod != 4294967296.0f)
    err += 1;
  delete[] a;
  return err;
}

int test2() {
  int err = 0;
  int *a = new int[n];
  for (int x = 0; x < n; ++x)
    a[x] = (x % 1000 == 0) ? 3 : ((x % 1777 == 0) ? -1 : 1);
  int prod = 1;
  long long lprod = 2;
#pragma acc parallel loop copyin(a[0:n]) reduction(*:prod, lprod)
  for (int x = 0; x < n; ++x) {
    prod *= a[x];
    lprod *= a[x];
  }
  int host = 1;
  for (int x = 0; x < n; ++x)
    host *= a[x];
  if (prod != host || lprod != 2LL * host)
    err += 1;
  int sprod = 1;
#pragma acc serial loop copyin(a[0:n]) reduction(*:sprod)
  for (int x = 0; x < n; ++x)
    sprod *= a[x];
  if (sprod != host)
    err += 1;
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  long long *out = new long long[16];
#pragma acc parallel loop gang copyout(out[0:16])
  for (int g = 0; g < 16; ++g) {
    long long p = 1;
#pragma acc loop vector reduction(*:p)
    for (int y = 0; y < 20; ++y)
      p *= (y % 4 == g % 4) ? 2 : 1;
    out[g] = p;
  }
  for (int g = 0; g < 16; ++g)
    if (out[g] != 32)
      err += 1;
  delete[] out;
  return err;
}

int main() {
  int failcode = 0;
  srand(7);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

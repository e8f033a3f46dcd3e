// Conformance style: kernels with several loops that depend on each other,
// kernels loop with a copy of a scalar assigned inside, nested loops in
// kernels, kernels with async/wait, and a scalar computed in kernels and
// read after it.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n], *c = new real_t[n], *d = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = conf_rand();
  }
#pragma acc kernels copyin(a[0:n], b[0:n]) create(c[0:n]) copyout(d[0:n])
  {
#pragma acc loop
    for (int x = 0; x < n; ++x)
      c[x] = a[x] + b[x];
    for (int x = 0; x < n; ++x)
      d[x] = c[x] * c[x];
#pragma acc loop independent
    for (int x = 1; x < n; ++x)
      d[x] = d[x] - 1;
  }
  for (int x = 0; x < n; ++x) {
    real_t want = (a[x] + b[x]) * (a[x] + b[x]) - (x > 0 ? 1 : 0);
    if (fabs(d[x] - want) > PRECISION * 10)
      err += 1;
  }
  delete[] a;
  delete[] b;
  delete[] c;
  delete[] d;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = 1;
  // A recurrence: kernels must keep it in order.
#pragma acc kernels copy(a[0:n])
  for (int x = 1; x < n; ++x)
    a[x] = a[x - 1] + 1;
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 1)
      err += 1;
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  const int m = 100;
  real_t *a = new real_t[m * m], *b = new real_t[m * m];
  for (int x = 0; x < m * m; ++x)
    a[x] = conf_rand();
#pragma acc kernels copyin(a[0:m * m]) copyout(b[0:m * m])
  {
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < m; ++j)
        b[i * m + j] = a[j * m + i];
  }
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      if (b[i * m + j] != a[j * m + i])
        err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int test4() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
  real_t last = 0;
  int count = 0;
#pragma acc kernels copyin(a[0:n])
  {
    last = a[n - 1];
    count = n / 2;
  }
  if (last != n - 1 || count != n / 2)
    err += 1;
  real_t *b = new real_t[n];
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) async(2)
  {
#pragma acc loop
    for (int x = 0; x < n; ++x)
      b[x] = a[x] * 0.5;
  }
#pragma acc wait(2)
  for (int x = 0; x < n; ++x)
    if (b[x] != 0.5 * x)
      err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  srand(11);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  failcode += CONF_RUN(test4);
  return failcode ? 1 : 0;
}

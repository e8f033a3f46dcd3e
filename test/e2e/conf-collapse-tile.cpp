// Conformance style: collapse(2) and collapse(3) over 2-D and 3-D arrays
// (flattened and as double pointers' rows), collapse with a reduction,
// tile(*,*), tile(8,8), and tile with a non-multiple extent.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  const int m = 100;
  real_t *a = new real_t[m * m], *b = new real_t[m * m];
  for (int x = 0; x < m * m; ++x)
    a[x] = conf_rand();
#pragma acc parallel loop collapse(2) copyin(a[0:m * m]) copyout(b[0:m * m])
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      b[i * m + j] = a[i * m + j] * 2 + i - j;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      if (fabs(b[i * m + j] - (a[i * m + j] * 2 + i - j)) > PRECISION * m)
        err += 1;
  real_t total = 0;
#pragma acc parallel loop collapse(2) copyin(a[0:m * m]) reduction(+:total)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      total += a[i * m + j];
  real_t host = 0;
  for (int x = 0; x < m * m; ++x)
    host += a[x];
  if (fabs(total - host) > PRECISION * m * m)
    err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  const int d = 20;
  int *a = new int[d * d * d];
#pragma acc parallel copyout(a[0:d * d * d])
  {
#pragma acc loop collapse(3)
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < d; ++j)
        for (int k = 0; k < d; ++k)
          a[(i * d + j) * d + k] = i * 10000 + j * 100 + k;
  }
  for (int i = 0; i < d; ++i)
    for (int j = 0; j < d; ++j)
      for (int k = 0; k < d; ++k)
        if (a[(i * d + j) * d + k] != i * 10000 + j * 100 + k)
          err += 1;
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  const int m = 99, k = 101;
  real_t *a = new real_t[m * k], *b = new real_t[m * k];
  for (int x = 0; x < m * k; ++x)
    a[x] = conf_rand();
#pragma acc parallel loop tile(*, *) copyin(a[0:m * k]) copyout(b[0:m * k])
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < k; ++j)
      b[i * k + j] = a[i * k + j] + 1;
  for (int x = 0; x < m * k; ++x)
    if (b[x] != a[x] + 1)
      err += 1;
#pragma acc parallel copyin(a[0:m * k]) copyout(b[0:m * k])
  {
#pragma acc loop tile(8, 8)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < k; ++j)
        b[i * k + j] = a[i * k + j] * 3;
  }
  for (int x = 0; x < m * k; ++x)
    if (b[x] != a[x] * 3)
      err += 1;
  real_t total = 0;
#pragma acc parallel loop tile(16, 4) copyin(a[0:m * k]) reduction(+:total)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < k; ++j)
      total += a[i * k + j];
  real_t host = 0;
  for (int x = 0; x < m * k; ++x)
    host += a[x];
  if (fabs(total - host) > PRECISION * m * k)
    err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  srand(14);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

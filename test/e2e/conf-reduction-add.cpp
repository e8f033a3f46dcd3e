// Conformance style: reduction(+) of double, float, int, unsigned, long
// long and unsigned long long on parallel loop with num_gangs,
// vector_length, on a gang loop in a parallel construct, on a vector loop
// nested in a gang loop (one sum per row), and a reduction variable that
// starts from a nonzero value.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

template <class T> int sum_type(T start) {
  int err = 0;
  T *a = new T[n];
  for (int x = 0; x < n; ++x)
    a[x] = (T)(rand() % 7);
  T total = start, host = start;
#pragma acc parallel loop num_gangs(16) vector_length(64) copyin(a[0:n]) reduction(+:total)
  for (int x = 0; x < n; ++x)
    total += a[x];
  for (int x = 0; x < n; ++x)
    host += a[x];
  if (total != host)
    err += 1;
  T total2 = 0;
#pragma acc parallel copyin(a[0:n]) num_gangs(8)
  {
#pragma acc loop gang reduction(+:total2)
    for (int x = 0; x < n; ++x)
      total2 = total2 + a[x];
  }
  if (total2 != host - start)
    err += 1;
  delete[] a;
  return err;
}

int test1() {
  int err = 0;
  err += sum_type<int>(5);
  err += sum_type<unsigned>(3u);
  err += sum_type<long long>(-7);
  err += sum_type<unsigned long long>(11);
  err += sum_type<float>(0.5f);
  err += sum_type<double>(-0.25);
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n], *rows = new real_t[n / 10];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
#pragma acc parallel loop gang num_gangs(10) vector_length(128) copyin(a[0:n]) copyout(rows[0:n / 10])
  for (int x = 0; x < n / 10; ++x) {
    real_t s = 0;
#pragma acc loop vector reduction(+:s)
    for (int y = 0; y < 10; ++y)
      s += a[x * 10 + y];
    rows[x] = s;
  }
  for (int x = 0; x < n / 10; ++x) {
    real_t s = 0;
    for (int y = 0; y < 10; ++y)
      s += a[x * 10 + y];
    if (fabs(rows[x] - s) > PRECISION * 10)
      err += 1;
  }
  delete[] a;
  delete[] rows;
  return err;
}

int test3() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
  real_t total = 0.0;
#pragma acc data copyin(a[0:n])
  {
#pragma acc parallel loop reduction(+:total) num_gangs(4) num_workers(4) vector_length(32)
    for (int x = 0; x < n; ++x)
      total += a[x];
  }
  real_t host = 0;
  for (int x = 0; x < n; ++x)
    host += a[x];
  if (fabs(total - host) > PRECISION * n)
    err += 1;
  delete[] a;
  return err;
}

int test4() {
  // Reduction at the worker level, with vector loops inside.
  int err = 0;
  const int rowsn = 100, cols = n / 100;
  real_t *a = new real_t[n];
  real_t *out = new real_t[10];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
#pragma acc parallel loop gang num_gangs(10) num_workers(4) copyin(a[0:n]) copyout(out[0:10])
  for (int g = 0; g < 10; ++g) {
    real_t s = 0;
#pragma acc loop worker reduction(+:s)
    for (int r = 0; r < rowsn / 10; ++r) {
      real_t t = 0;
#pragma acc loop vector reduction(+:t)
      for (int c = 0; c < cols; ++c)
        t += a[(g * (rowsn / 10) + r) * cols + c];
      s += t;
    }
    out[g] = s;
  }
  for (int g = 0; g < 10; ++g) {
    real_t s = 0;
    for (int r = 0; r < rowsn / 10; ++r)
      for (int c = 0; c < cols; ++c)
        s += a[(g * (rowsn / 10) + r) * cols + c];
    if (fabs(out[g] - s) > PRECISION * 1000)
      err += 1;
  }
  delete[] a;
  delete[] out;
  return err;
}

int main() {
  int failcode = 0;
  srand(6);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  failcode += CONF_RUN(test4);
  return failcode ? 1 : 0;
}

// Conformance style: routine seq, vector, worker and gang functions called
// from parallel loops at the matching level (seq from a vector loop,
// vector from a gang loop, worker from a gang loop, gang from a parallel
// construct), the named form routine(name), a routine calling another,
// and a routine with an orphaned loop reduction.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

#pragma acc routine seq
real_t square(real_t v) { return v * v; }

#pragma acc routine seq
real_t sum_of_squares(const real_t *a, int len) {
  real_t s = 0;
  for (int x = 0; x < len; ++x)
    s += square(a[x]);
  return s;
}

#pragma acc routine vector
void scale_row(real_t *row, int len, real_t f) {
#pragma acc loop vector
  for (int x = 0; x < len; ++x)
    row[x] *= f;
}

#pragma acc routine worker
real_t row_sum(const real_t *row, int len) {
  real_t s = 0;
#pragma acc loop worker vector reduction(+:s)
  for (int x = 0; x < len; ++x)
    s += row[x];
  return s;
}

#pragma acc routine gang
void fill(real_t *a, int len, real_t v) {
#pragma acc loop gang vector
  for (int x = 0; x < len; ++x)
    a[x] = v + x;
}

int cube(int v) { return v * v * v; }
#pragma acc routine(cube) seq

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
  for (int x = 0; x < n; ++x)
    b[x] = square(a[x]) + cube(x % 10);
  for (int x = 0; x < n; ++x)
    if (fabs(b[x] - (a[x] * a[x] + (x % 10) * (x % 10) * (x % 10))) > PRECISION)
      err += 1;
  real_t *sums = new real_t[n / 100];
#pragma acc parallel loop copyin(a[0:n]) copyout(sums[0:n / 100])
  for (int r = 0; r < n / 100; ++r)
    sums[r] = sum_of_squares(a + r * 100, 100);
  for (int r = 0; r < n / 100; ++r) {
    real_t s = 0;
    for (int x = 0; x < 100; ++x)
      s += a[r * 100 + x] * a[r * 100 + x];
    if (fabs(sums[r] - s) > PRECISION * 100)
      err += 1;
  }
  delete[] a;
  delete[] b;
  delete[] sums;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n], *orig = new real_t[n], *sums = new real_t[n / 100];
  for (int x = 0; x < n; ++x)
    a[x] = orig[x] = conf_rand();
#pragma acc parallel loop gang copy(a[0:n]) copyout(sums[0:n / 100])
  for (int r = 0; r < n / 100; ++r) {
    scale_row(a + r * 100, 100, 2.0);
    sums[r] = row_sum(a + r * 100, 100);
  }
  for (int r = 0; r < n / 100; ++r) {
    real_t s = 0;
    for (int x = 0; x < 100; ++x) {
      if (a[r * 100 + x] != 2 * orig[r * 100 + x])
        err += 1;
      s += 2 * orig[r * 100 + x];
    }
    if (fabs(sums[r] - s) > PRECISION * 100)
      err += 1;
  }
  delete[] a;
  delete[] orig;
  delete[] sums;
  return err;
}

int test3() {
  int err = 0;
  real_t *a = new real_t[n];
#pragma acc parallel copyout(a[0:n])
  fill(a, n, 1.5);
  for (int x = 0; x < n; ++x)
    if (a[x] != 1.5 + x)
      err += 1;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  srand(16);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

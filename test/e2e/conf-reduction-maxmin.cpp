// Conformance style: reduction(max) and reduction(min) of double, float,
// int and unsigned on parallel loop and nested gang/vector loops, both in
// one clause, with initial values that must take part in the result.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

template <class T> int maxmin(T lo, T hi) {
  int err = 0;
  T *a = new T[n];
  for (int x = 0; x < n; ++x)
    a[x] = (T)(rand() % 1000);
  T mx = lo, mn = hi;
#pragma acc parallel loop copyin(a[0:n]) reduction(max:mx) reduction(min:mn)
  for (int x = 0; x < n; ++x) {
    mx = a[x] > mx ? a[x] : mx;
    mn = fmin(a[x], mn);
  }
  T hmx = lo, hmn = hi;
  for (int x = 0; x < n; ++x) {
    hmx = a[x] > hmx ? a[x] : hmx;
    hmn = a[x] < hmn ? a[x] : hmn;
  }
  if (mx != hmx || mn != hmn)
    err += 1;
  // The initial value wins.
  T big = (T)5000, small = (T)0;
  T mx2 = big, mn2 = small;
#pragma acc parallel loop copyin(a[0:n]) reduction(max:mx2) reduction(min:mn2)
  for (int x = 0; x < n; ++x) {
    if (a[x] > mx2)
      mx2 = a[x];
    if (a[x] < mn2)
      mn2 = a[x];
  }
  if (mx2 != big || mn2 != small)
    err += 1;
  delete[] a;
  return err;
}

int test1() {
  int err = 0;
  err += maxmin<double>(-1e300, 1e300);
  err += maxmin<float>(-1e30f, 1e30f);
  err += maxmin<int>(-1000000, 1000000);
  err += maxmin<unsigned>(0u, 4000000000u);
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n], *mx = new real_t[100], *mn = new real_t[100];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand() - 0.5;
#pragma acc parallel loop gang copyin(a[0:n]) copyout(mx[0:100], mn[0:100])
  for (int g = 0; g < 100; ++g) {
    real_t hi = -1.0, lo = 1.0;
#pragma acc loop vector reduction(max:hi) reduction(min:lo)
    for (int y = 0; y < 100; ++y) {
      hi = fmax(hi, a[g * 100 + y]);
      lo = fmin(lo, a[g * 100 + y]);
    }
    mx[g] = hi;
    mn[g] = lo;
  }
  for (int g = 0; g < 100; ++g) {
    real_t hi = -1.0, lo = 1.0;
    for (int y = 0; y < 100; ++y) {
      hi = fmax(hi, a[g * 100 + y]);
      lo = fmin(lo, a[g * 100 + y]);
    }
    if (hi != mx[g] || lo != mn[g])
      err += 1;
  }
  delete[] a;
  delete[] mx;
  delete[] mn;
  return err;
}

int main() {
  int failcode = 0;
  srand(8);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}

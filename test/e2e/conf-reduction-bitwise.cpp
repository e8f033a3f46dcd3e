// Conformance style: reduction(&), (|) and (^) of int, unsigned, long long
// and unsigned long long on parallel loop, on a gang loop and on a vector
// loop nested in a gang loop, with random bit patterns.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

template <class T> int bits() {
  int err = 0;
  T *a = new T[n];
  for (int x = 0; x < n; ++x) {
    a[x] = 0;
    for (int b = 0; b < (int)(8 * sizeof(T)); ++b)
      if (rand() / (double)RAND_MAX < 0.999)
        a[x] |= (T)1 << b;
  }
  T andr = (T)~(T)0, orr = 0, xorr = 0;
#pragma acc parallel loop copyin(a[0:n]) reduction(&:andr) reduction(|:orr) reduction(^:xorr)
  for (int x = 0; x < n; ++x) {
    andr = andr & a[x];
    orr |= ~a[x];
    xorr ^= a[x];
  }
  T handr = (T)~(T)0, horr = 0, hxorr = 0;
  for (int x = 0; x < n; ++x) {
    handr &= a[x];
    horr |= ~a[x];
    hxorr ^= a[x];
  }
  if (andr != handr || orr != horr || xorr != hxorr)
    err += 1;
  T *rows = new T[n / 100];
#pragma acc parallel loop gang copyin(a[0:n]) copyout(rows[0:n / 100])
  for (int g = 0; g < n / 100; ++g) {
    T r = 0;
#pragma acc loop vector reduction(^:r)
    for (int y = 0; y < 100; ++y)
      r ^= a[g * 100 + y];
    rows[g] = r;
  }
  for (int g = 0; g < n / 100; ++g) {
    T r = 0;
    for (int y = 0; y < 100; ++y)
      r ^= a[g * 100 + y];
    if (r != rows[g])
      err += 1;
  }
  delete[] a;
  delete[] rows;
  return err;
}

int test1() {
  int err = 0;
  err += bits<int>();
  err += bits<unsigned>();
  err += bits<long long>();
  err += bits<unsigned long long>();
  return err;
}

int main() {
  int failcode = 0;
  srand(9);
  failcode += CONF_RUN(test1);
  return failcode ? 1 : 0;
}

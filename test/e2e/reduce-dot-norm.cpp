// A dot product and a norm over arrays in data clauses, in float and
// double, the values chosen so that every partial sum is exact.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

template <class T> void dot(int n) {
  std::vector<T> xv(n), yv(n);
  for (int i = 0; i < n; ++i) {
    xv[i] = T(i % 16) * T(0.5);
    yv[i] = T((i * 3) % 8);
  }
  T *x = xv.data(), *y = yv.data();
  T d = 0, sq = 0;
#pragma acc parallel loop copyin(x[0:n], y[0:n]) reduction(+:d, sq)
  for (int i = 0; i < n; ++i) {
    d += x[i] * y[i];
    sq += x[i] * x[i];
  }
  T wd = 0, wsq = 0;
  for (int i = 0; i < n; ++i) {
    wd += x[i] * y[i];
    wsq += x[i] * x[i];
  }
  CHECK(d == wd);
  CHECK(sq == wsq);
}

int main() {
  dot<float>(4096);
  dot<double>(1 << 20);
  return report();
}

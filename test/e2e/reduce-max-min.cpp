// reduction(max) and reduction(min) with negative values, on every type,
// and with an original value that wins.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

template <class T> void extremes() {
  const int n = 70000;
  T mx = T(-100), mn = T(100), big = T(1000), small = T(-1000);
#pragma acc parallel loop reduction(max:mx, big) reduction(min:mn, small)
  for (int i = 0; i < n; ++i) {
    T v = T((i * 37) % 211) - T(105);
    mx = v > mx ? v : mx;
    mn = v < mn ? v : mn;
    big = v > big ? v : big;
    small = v < small ? v : small;
  }
  CHECK(mx == T(105));
  CHECK(mn == T(-105));
  CHECK(big == T(1000));
  CHECK(small == T(-1000));
}

template <class T> void unsignedExtremes() {
  T mx = 0, mn = T(~T(0));
#pragma acc parallel loop reduction(max:mx) reduction(min:mn)
  for (int i = 1; i <= 4096; ++i) {
    mx = T(i) > mx ? T(i) : mx;
    mn = T(i) < mn ? T(i) : mn;
  }
  CHECK(mx == T(4096));
  CHECK(mn == T(1));
}

int main() {
  extremes<int>();
  extremes<long>();
  extremes<long long>();
  extremes<float>();
  extremes<double>();
  unsignedExtremes<unsigned>();
  unsignedExtremes<unsigned long>();
  return report();
}

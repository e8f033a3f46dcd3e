// reduction(&), (|) and (^) on signed and unsigned integers of every width,
// over several blocks.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

template <class T> void bits() {
  const int n = 40000;
  T a = T(~T(0)), o = T(0), x = T(0x5a);
  T wa = a, wo = o, wx = x;
#pragma acc parallel loop reduction(&:a) reduction(|:o) reduction(^:x)
  for (int i = 0; i < n; ++i) {
    a &= T(~(T(1) << (i % 13)));
    o |= T(T(1) << (i % 11));
    x ^= T(i * 2654435761u);
  }
  for (int i = 0; i < n; ++i) {
    wa &= T(~(T(1) << (i % 13)));
    wo |= T(T(1) << (i % 11));
    wx ^= T(i * 2654435761u);
  }
  CHECK(a == wa);
  CHECK(o == wo);
  CHECK(x == wx);
}

int main() {
  bits<int>();
  bits<unsigned>();
  bits<long>();
  bits<unsigned long>();
  bits<long long>();
  bits<unsigned long long>();
  return report();
}

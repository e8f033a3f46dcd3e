// reduction(+) on every integer and floating type over several blocks
// (n = 100000), combined with the variable's original value.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

template <class T> void sum(T start) {
  const int n = 100000;
  T s = start, want = start;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += T(i % 7);
  for (int i = 0; i < n; ++i)
    want += T(i % 7);
  CHECK(s == want);
}

int main() {
  sum<int>(5);
  sum<long>(-7);
  sum<long long>(1LL << 40);
  sum<unsigned>(3u);
  sum<unsigned long>(11ul);
  sum<float>(0.5f); // small integers: exact in float
  sum<double>(-2.25);
  return report();
}

// reduction(*) on integer and floating types: products of mostly ones with
// a few factors, so that every type holds the exact result.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

template <class T> void product(T start) {
  const int n = 5000;
  T p = start, want = start;
#pragma acc parallel loop reduction(*:p)
  for (int i = 0; i < n; ++i)
    p *= (i % 1000 == 3) ? T(2) : T(1);
  for (int i = 0; i < n; ++i)
    want *= (i % 1000 == 3) ? T(2) : T(1);
  CHECK(p == want);
}

int main() {
  product<int>(3);
  product<long>(-1);
  product<long long>(7);
  product<unsigned>(1u);
  product<unsigned long long>(5ull);
  product<float>(0.25f);
  product<double>(1.5);
  return report();
}

// reduction(&&) and reduction(||) on int and long: all true, one false,
// none true, one true; the original value takes part.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

template <class T> void logic() {
  const int n = 30000;
  T all = 1, some = 0, none = 0, notall = 1, orig = 0;
#pragma acc parallel loop reduction(&&:all, notall) reduction(||:some, none) reduction(&&:orig)
  for (int i = 0; i < n; ++i) {
    all = all && (i >= 0);
    notall = notall && (i != 12345);
    some = some || (i == 29999);
    none = none || (i < 0);
    orig = orig && 1;
  }
  CHECK(all == 1);
  CHECK(notall == 0);
  CHECK(some == 1);
  CHECK(none == 0);
  CHECK(orig == 0); // false before the region stays false
}

int main() {
  logic<int>();
  logic<long>();
  logic<unsigned>();
  return report();
}

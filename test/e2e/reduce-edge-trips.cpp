// Reductions over loops of 0, 1, 31, 32, 33, 255, 256 and 257 iterations
// (empty, one work-item, partial warps and blocks): an empty loop leaves
// the variable unchanged.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

int main() {
  for (int n : {0, 1, 31, 32, 33, 255, 256, 257, 4097}) {
    long s = 100;
    double p = 1;
    int mx = -5;
#pragma acc parallel loop reduction(+:s) reduction(*:p) reduction(max:mx)
    for (int i = 0; i < n; ++i) {
      s += i;
      p *= (i == n - 1) ? 3.0 : 1.0;
      mx = i > mx ? i : mx;
    }
    CHECK(s == 100 + long(n) * (n - 1) / 2);
    CHECK(p == (n ? 3.0 : 1.0));
    CHECK(mx == (n ? n - 1 : -5));
  }
  return report();
}

// Array sections written a[lo:len] and a[:len], and whole arrays of a
// fixed size named without a section.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 256;
  double fixed[64];
  int small[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  for (int i = 0; i < 64; ++i)
    fixed[i] = i;
  std::vector<double> v(n, 1.0);
  double *p = v.data();
#pragma acc parallel loop copy(p[:n], fixed) copyin(small)
  for (int i = 0; i < n; ++i) {
    p[i] += small[i % 8];
    if (i < 64)
      fixed[i] *= 2;
  }
#pragma acc parallel loop copy(p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] *= 10;
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == 10.0 * (1 + (i % 8 + 1)));
  for (int i = 0; i < 64; ++i)
    CHECK(fixed[i] == 2.0 * i);
  return report();
}

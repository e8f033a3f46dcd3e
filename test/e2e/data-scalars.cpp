// Scalars in data clauses: copy(x) makes a region's write to x visible after
// it; copyin scalars are read on the device.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  int last = -1;
  double scale = 2.5;
  const int n = 100;
  std::vector<double> v(n, 1.0);
  double *p = v.data();
#pragma acc serial copy(last) copyin(scale) copy(p[0:n])
  {
#pragma acc loop
    for (int i = 0; i < n; ++i) {
      p[i] *= scale;
      last = i;
    }
  }
  CHECK(last == n - 1);
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == 2.5);
  return report();
}

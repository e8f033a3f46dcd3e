// Nested data regions: the inner one finds the outer one's data present
// (no second copy), a compute region inside both sees the device copies,
// and data comes back only when the outermost region ends.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 3000;
  std::vector<int> av(n, 1), bv(n, 2);
  int *a = av.data(), *b = bv.data();
#pragma acc data copy(a[0:n])
  {
#pragma acc data copy(a[0:n]) copyin(b[0:n])
    {
#pragma acc parallel loop present(a[0:n], b[0:n])
      for (int i = 0; i < n; ++i)
        a[i] += b[i] * i;
    }
#pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; ++i)
      a[i] -= 1;
  }
  for (int i = 0; i < n; ++i)
    CHECK(a[i] == 2 * i);
  return report();
}

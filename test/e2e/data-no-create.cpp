// no_create: data that is present is used; deviceptr: a device address from
// acc_malloc used directly, filled by one region and read by another.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 1000;
  std::vector<int> v(n, 5);
  int *p = v.data();
  int *d = static_cast<int *>(acc_malloc(n * sizeof(int)));
  CHECK(d != nullptr);
#pragma acc data copy(p[0:n])
  {
#pragma acc parallel loop no_create(p[0:n]) deviceptr(d)
    for (int i = 0; i < n; ++i) {
      p[i] += 1;
      d[i] = i;
    }
#pragma acc parallel loop present(p[0:n]) deviceptr(d)
    for (int i = 0; i < n; ++i)
      p[i] += d[i];
  }
  acc_free(d);
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == 6 + i);
  return report();
}

// enter data / exit data around several compute regions that name the data
// present; the result comes back with exit data copyout.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 5000;
  std::vector<int> v(n, 1);
  int *p = v.data();
#pragma acc enter data copyin(p[0:n])
  for (int round = 0; round < 5; ++round) {
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; ++i)
      p[i] = p[i] * 2 + (i & 1);
  }
#pragma acc exit data copyout(p[0:n])
  for (int i = 0; i < n; ++i) {
    int want = 1;
    for (int r = 0; r < 5; ++r)
      want = want * 2 + (i & 1);
    CHECK(p[i] == want);
  }
  CHECK(acc_get_device_type() == acc_device_host || !acc_is_present(p, n * sizeof(int)));
  return report();
}

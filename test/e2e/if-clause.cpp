// if(cond) on compute and data constructs: false runs the region on the
// calling thread with host memory and maps nothing; either way the result
// is the same.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

static void scale(double *p, int n, bool offload) {
#pragma acc parallel loop copy(p[0:n]) if(offload)
  for (int i = 0; i < n; ++i)
    p[i] = 2 * p[i] + 1;
}

int main() {
  const int n = 3000;
  std::vector<double> v(n, 1.0);
  double *p = v.data();
  scale(p, n, true);
  scale(p, n, false);
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == 7.0);
  long s = 0;
  bool big = n > 10000;
#pragma acc parallel loop reduction(+:s) if(big)
  for (int i = 0; i < n; ++i)
    s += i;
  CHECK(s == long(n) * (n - 1) / 2);
#pragma acc data copy(p[0:n]) if(big)
  {
    CHECK(!acc_is_present(p, n * sizeof(double)) || acc_get_device_type() == acc_device_host);
  }
  return report();
}

// The OpenACC runtime API next to directives: acc_copyin makes data present
// for a region that names it present; acc_copyout brings it back.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 2048;
  std::vector<double> v(n, 3.0);
  double *p = v.data();
  acc_copyin(p, n * sizeof(double));
  CHECK(acc_is_present(p, n * sizeof(double)));
#pragma acc parallel loop present(p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] += i;
  acc_copyout(p, n * sizeof(double));
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == 3.0 + i);
  return report();
}

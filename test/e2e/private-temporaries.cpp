// private and firstprivate variables: each iteration's temporaries are its
// own; firstprivate copies start from the value before the region and do
// not change it.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 20000;
  std::vector<int> v(n, 0);
  int *p = v.data();
  int t = -1, base = 1000;
#pragma acc parallel loop copy(p[0:n]) private(t) firstprivate(base)
  for (int i = 0; i < n; ++i) {
    t = i * 2;
    t += base;
    p[i] = t;
  }
  CHECK(t == -1);
  CHECK(base == 1000);
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == 2 * i + 1000);
  double offset = 0.5;
  std::vector<double> w(n, 0.0);
  double *q = w.data();
#pragma acc parallel loop copyout(q[0:n])
  for (int i = 0; i < n; ++i) {
    double local = offset; // scalars are firstprivate by default
    local += i;
    q[i] = local;
  }
  for (int i = 0; i < n; ++i)
    CHECK(q[i] == i + 0.5);
  return report();
}

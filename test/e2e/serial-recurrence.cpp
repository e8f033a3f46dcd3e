// serial and 'seq' loops run their iterations in order: a prefix sum and a
// linear recurrence give the sequential answer.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 2000;
  std::vector<long> v(n, 1);
  long *p = v.data();
#pragma acc serial loop copy(p[0:n])
  for (int i = 1; i < n; ++i)
    p[i] += p[i - 1];
  std::vector<double> r(n, 0.0);
  double *q = r.data();
#pragma acc parallel loop seq copy(q[0:n])
  for (int i = 1; i < n; ++i)
    q[i] = 0.5 * q[i - 1] + 1.0;
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == i + 1);
  double want = 0;
  for (int i = 1; i < n; ++i) {
    want = 0.5 * want + 1.0;
    CHECK(q[i] == want);
  }
  return report();
}

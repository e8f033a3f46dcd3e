// update self / device between regions of one data region: the host reads
// an intermediate result and changes part of the input.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 4000;
  std::vector<float> v(n, 1.0f);
  float *p = v.data();
#pragma acc data copy(p[0:n])
  {
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; ++i)
      p[i] = float(i);
#pragma acc update self(p[0:n])
    CHECK(p[n - 1] == float(n - 1));
    for (int i = 0; i < n; ++i)
      p[i] = -p[i];
#pragma acc update device(p[0:n])
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; ++i)
      p[i] = p[i] * 2.0f;
  }
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == -2.0f * float(i));
  return report();
}

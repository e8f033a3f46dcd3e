// default(none): every variable the body uses is named; default(present):
// arrays the body uses must already be on the device.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 4096;
  std::vector<float> xv(n, 1.0f), yv(n, 2.0f);
  float *x = xv.data(), *y = yv.data();
  float a = 3.0f;
#pragma acc parallel loop default(none) copyin(x[0:n]) copy(y[0:n]) firstprivate(a)
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
#pragma acc enter data copyin(x[0:n], y[0:n])
#pragma acc parallel loop default(present) present(x[0:n], y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] -= x[i];
#pragma acc exit data copyout(y[0:n]) delete(x[0:n])
  for (int i = 0; i < n; ++i)
    CHECK(y[i] == 4.0f);
  return report();
}

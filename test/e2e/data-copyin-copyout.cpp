// copyin brings values to the device, copyout brings results back, copy
// does both; results are the same on the host and on a GPU.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 10000;
  std::vector<double> xv(n), yv(n, -1.0), zv(n);
  for (int i = 0; i < n; ++i) {
    xv[i] = 0.5 * i;
    zv[i] = i;
  }
  double *x = xv.data(), *y = yv.data(), *z = zv.data();
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n]) copy(z[0:n])
  for (int i = 0; i < n; ++i) {
    y[i] = 2 * x[i];
    z[i] += x[i];
  }
  for (int i = 0; i < n; ++i) {
    CHECK(y[i] == double(i));
    CHECK(z[i] == 1.5 * i);
  }
  CHECK(!acc_is_present(x, n * sizeof(double)) || acc_get_device_type() == acc_device_host);
  return report();
}

// Reductions in a serial loop (one work-item on a GPU), in kernels loops,
// and in a loop of a kernels construct.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

int main() {
  const int n = 5000;
  double s1 = 0, s2 = 0, s3 = 0;
  long prod = 1;
#pragma acc serial loop reduction(+:s1)
  for (int i = 0; i < n; ++i)
    s1 += 0.5 * i;
#pragma acc kernels loop independent reduction(+:s2) reduction(*:prod)
  for (int i = 0; i < n; ++i) {
    s2 += 1.0;
    prod *= (i % 1000 == 0) ? 2 : 1;
  }
#pragma acc kernels
  {
#pragma acc loop reduction(+:s3)
    for (int i = 1; i <= n; ++i)
      s3 += 2.0 * i;
  }
  CHECK(s1 == 0.5 * (double(n) * (n - 1) / 2));
  CHECK(s2 == double(n));
  CHECK(prod == 32);
  CHECK(s3 == double(n) * (n + 1));
  return report();
}

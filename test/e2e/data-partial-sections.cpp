// Sections that start past their pointer (a[1:n-2], b[k:len]): a region's
// copy of the pointer is attached to the section's device copy, so the body
// indexes it as written; only elements of the section are touched.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const int n = 10000;
  std::vector<double> av(n, -1.0), bv(n);
  for (int i = 0; i < n; ++i)
    bv[i] = i % 13;
  double *a = av.data(), *b = bv.data();
  // A 3-point stencil over the interior: a's ends are not mapped.
#pragma acc parallel loop copy(a[1:n - 2]) copyin(b[0:n])
  for (int i = 1; i < n - 1; ++i)
    a[i] = b[i - 1] + b[i] + b[i + 1];
  CHECK(a[0] == -1.0 && a[n - 1] == -1.0);
  for (int i = 1; i < n - 1; ++i)
    CHECK(a[i] == b[i - 1] + b[i] + b[i + 1]);
  // A window in the middle, through a data region.
  const int k = 2500, len = 1000;
#pragma acc data copy(b[k:len])
  {
#pragma acc parallel loop present(b[k:len])
    for (int i = k; i < k + len; ++i)
      b[i] *= 2;
  }
  for (int i = 0; i < n; ++i)
    CHECK(b[i] == (i >= k && i < k + len ? 2.0 : 1.0) * (i % 13));
  return report();
}

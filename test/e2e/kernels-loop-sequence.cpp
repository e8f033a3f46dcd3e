// A kernels construct with three loops: each is a kernel of its own, run in
// order, so the second sees the first's results; 'independent' loops run in
// parallel, the others in order.
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
  std::vector<long> av(n), bv(n);
  long *a = av.data(), *b = bv.data();
#pragma acc kernels copyout(a[0:n], b[0:n])
  {
#pragma acc loop independent
    for (int i = 0; i < n; ++i)
      a[i] = i;
#pragma acc loop independent
    for (int i = 0; i < n; ++i)
      b[i] = a[n - 1 - i] * 2;
    // Not independent: runs in order (a recurrence).
#pragma acc loop
    for (int i = 1; i < n; ++i)
      a[i] += a[i - 1];
  }
  for (int i = 0; i < n; ++i) {
    CHECK(b[i] == 2L * (n - 1 - i));
    CHECK(a[i] == long(i) * (i + 1) / 2);
  }
  return report();
}

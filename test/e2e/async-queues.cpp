// Regions on two async queues that depend on each other through 'wait'
// clauses, then acc_wait / acc_wait_all; data clauses leave on their queue.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 50000;
  std::vector<double> av(n, 1.0), bv(n, 2.0);
  double *a = av.data(), *b = bv.data();
#pragma acc enter data copyin(a[0:n], b[0:n])
#pragma acc parallel loop present(a[0:n]) async(1)
  for (int i = 0; i < n; ++i)
    a[i] = a[i] + i;
#pragma acc parallel loop present(b[0:n]) async(2)
  for (int i = 0; i < n; ++i)
    b[i] = b[i] * 3;
#pragma acc parallel loop present(a[0:n], b[0:n]) async(2) wait(1)
  for (int i = 0; i < n; ++i)
    b[i] += a[i];
#pragma acc wait(2)
#pragma acc parallel loop present(a[0:n]) async
  for (int i = 0; i < n; ++i)
    a[i] = -a[i];
  acc_wait_all();
#pragma acc exit data copyout(a[0:n], b[0:n])
  for (int i = 0; i < n; ++i) {
    CHECK(b[i] == 6.0 + 1.0 + i);
    CHECK(a[i] == -(1.0 + i));
  }
  return report();
}

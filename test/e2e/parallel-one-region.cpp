// parallel and kernels constructs with statements outside their loops:
// expression statements that need the device are regions of one work-item
// of their own between the loops (host control); a declaration that needs
// the device, or the construct's own reduction/private clauses, make the
// construct one region (one work-item on a GPU) with its loops in order
// inside. Either way statements and loops see each other's results; a
// loop's reduction variable declared before the construct gets the result
// (the copy a loop reduction implies).
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -O2 %s -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// REMARK: parallel-one-region.cpp:{{[0-9]+}}:13: remark: ferry: 'parallel' (its loops are regions of their own, one launch each;
// REMARK: parallel-one-region.cpp:{{[0-9]+}}:13: remark: ferry: 'parallel' as one region of one work-item
// REMARK: parallel-one-region.cpp:{{[0-9]+}}:13: remark: ferry: 'kernels' (its loops are regions of their own, one launch each;
// REMARK: parallel-one-region.cpp:{{[0-9]+}}:13: remark: ferry: 'parallel' as one region of one work-item
// REMARK: parallel-one-region.cpp:{{[0-9]+}}:13: remark: ferry: 'parallel' (its loops are regions of their own)
#include "Inputs/check.h"
#include <vector>

int main() {
  const int n = 1000;
  std::vector<double> av(n, 0.0);
  double *a = av.data();
  double sum = 0;
  int steps = 0;

#pragma acc parallel copy(a[0:n]) copy(steps)
  {
    a[0] = 1.0; // a statement outside the loops
#pragma acc loop
    for (int i = 1; i < n; ++i)
      a[i] = 2.0;
    steps = 1;
#pragma acc loop reduction(+:sum)
    for (int i = 0; i < n; ++i)
      sum += a[i];
  }
  CHECK(a[0] == 1.0 && a[n - 1] == 2.0);
  CHECK(steps == 1);
  CHECK(sum == 1.0 + 2.0 * (n - 1)); // the loop's reduction reaches 'sum'

  double scaled = 0;
#pragma acc parallel copy(a[0:n]) copy(scaled)
  {
    double first = a[0]; // a declaration that needs the device
#pragma acc loop
    for (int i = 1; i < n; ++i)
      a[i] = first + i;
#pragma acc loop reduction(+:scaled)
    for (int i = 0; i < n; ++i)
      scaled += a[i] / n;
  }
  CHECK(a[n - 1] == n && near(scaled, (1.0 + (n - 1) * (n + 2) / 2.0) / n));

  long count = 0;
#pragma acc kernels copy(a[0:n])
  {
    a[1] = -1.0;
#pragma acc loop reduction(+:count)
    for (int i = 0; i < n; ++i)
      count += a[i] < 0;
  }
  CHECK(count == 1);

  double total = 100;
  int t = -5;
#pragma acc parallel copyin(a[0:n]) reduction(+:total) private(t)
  {
#pragma acc loop
    for (int i = 0; i < n; ++i) {
      t = i % 2;
      total += t;
    }
  }
  CHECK(total == 100 + n / 2);
  CHECK(t == -5);

  // Loops only: each loop a region of its own.
#pragma acc parallel copy(a[0:n])
  {
#pragma acc loop
    for (int i = 0; i < n; ++i)
      a[i] = i;
  }
  CHECK(a[n - 1] == n - 1);
  return report();
}

// Compute regions whose only writes are to firstprivate scalars and private
// arrays: a parallel region and a serial region that assign them in loops,
// and parallel loops whose iterations modify a firstprivate(x). The writes
// stay in the regions: after each, the variables hold what they held before,
// as on the host. (At -O2 the AMDGPU code generation deletes such a region's
// body, so its code object lists no hidden arguments; the emulated devices
// used to hang on it: the translation they run still reads the grid size
// through the implicit-argument pointer, which pointed at the explicit
// arguments.) Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

int main() {
  const int n = 100;
  double a[n];
  for (int i = 0; i < n; ++i)
    a[i] = 1;
  double total = 0;
  int count = 3;
  double tmp[8] = {0, 1, 2, 3, 4, 5, 6, 7};

  // A scalar without a clause is firstprivate in a parallel construct.
#pragma acc parallel copyin(a)
  {
    total = 5;
    for (int i = 0; i < n; ++i)
      total += a[i];
  }
  CHECK(total == 0);

#pragma acc parallel copyin(a) firstprivate(total, count) private(tmp)
  {
    for (int k = 0; k < 8; ++k)
      tmp[k] = a[k] * k;
    total = -1;
    for (int i = 0; i < n; ++i) {
      total += a[i] * tmp[i % 8];
      ++count;
    }
  }
  CHECK(total == 0);
  CHECK(count == 3);
  for (int k = 0; k < 8; ++k)
    CHECK(tmp[k] == k);

#pragma acc serial copyin(a) firstprivate(total, count) private(tmp)
  {
    for (int k = 0; k < 8; ++k)
      tmp[k] = -a[k];
    for (int i = 0; i < n; ++i) {
      total = total * 0.5 + a[i] + tmp[i % 8];
      count += i;
    }
  }
  CHECK(total == 0);
  CHECK(count == 3);
  for (int k = 0; k < 8; ++k)
    CHECK(tmp[k] == k);

  // Every iteration modifies x; only a copy of it.
  int x = 10;
  int out[n];
#pragma acc parallel loop firstprivate(x) copyout(out)
  for (int i = 0; i < n; ++i) {
    x = 7 * i;
    out[i] = x + 1;
  }
  CHECK(x == 10);
  for (int i = 0; i < n; ++i)
    CHECK(out[i] == 7 * i + 1);

  // The iterations' only effect is on x.
#pragma acc parallel loop firstprivate(x)
  for (int i = 0; i < n; ++i)
    x += i;
  CHECK(x == 10);

  return report();
}

// Routines across translation units: regions of this file call routines
// that the other file defines (seq, vector with an orphaned loop, extern
// "C", one whose device version is bound to another function), and a region
// of the other file calls a routine this file defines. Each file's device
// code stays a relocatable object (PTX with .extern functions) that the
// runtime links with the program's other images when it loads it.
// RUN: %ferry-clangxx -O2 %s %S/Inputs/routine-tu-lib.cpp -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// The AMD path links the relocatable objects with comgr: on the fake ROCR
// (which runs no kernel, so the program's checks fail) both files' kernels
// load, linked with the other file's routines, and launch.
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa FERRY_NOTIFY=1 %not %run %t 2>&1 | %FileCheck %s --check-prefix=FAKE
// FAKE: launch __ferry_routine_across_tus_cpp_{{[0-9]+}}_parallel_loop_{{[0-9a-f]+}} on radeon device 0
// FAKE: launch __ferry_routine_tu_lib_cpp_{{[0-9]+}}_parallel_loop_{{[0-9a-f]+}} on radeon device 0
#include "Inputs/routine-tu.h"
#include <cstdio>
#include <openacc.h>

#pragma acc routine seq
double shift(double x) { return x + 1; }

int main() {
  const int n = 64, m = 16;
  static double grid[n * m], sums[n], damped[n], twiced[n], a[n];
  static int clamped[n];
  for (int i = 0; i < n * m; ++i)
    grid[i] = i % m;
  for (int i = 0; i < n; ++i)
    a[i] = i;
#pragma acc parallel loop gang copyin(grid) copyout(sums, damped, twiced, clamped)
  for (int i = 0; i < n; ++i) {
    sums[i] = row_total(&grid[i * m], m);
    damped[i] = damp(i, 0.5);
    clamped[i] = c_clamp(i, 10, 20);
    twiced[i] = twice(i);
  }
  lib_scale(a, n);
  const bool device = acc_get_device_type() != acc_device_host;
  int err = 0;
  for (int i = 0; i < n; ++i) {
    const int c = i < 10 ? 10 : i > 20 ? 20 : i;
    if (sums[i] != m * (m - 1) / 2.0 || damped[i] != 0.5 * i || clamped[i] != c ||
        twiced[i] != (device ? 2.0 : 1.0) * i || a[i] != i + 1.0) {
      std::printf("%d: %g %g %d %g %g\n", i, sums[i], damped[i], clamped[i], twiced[i], a[i]);
      ++err;
      break;
    }
  }
  return err;
}

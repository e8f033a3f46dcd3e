// FERRY_EMULATE names the emulated processors: a value that is not one
// (`1`, `on`) gives no emulated device, and a region on the AMD device says
// why (before: "no device code for amdgcn-amd-amdhsa--1 ... rebuild it"),
// while the host still runs it.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=1 %not --crash %run %t 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a,on %not --crash %run %t 2>&1 | %FileCheck %s --check-prefix=LIST
// RUN: env ACC_DEVICE_TYPE=host FERRY_EMULATE=1 %run %t 2>&1 | %count 0
// CHECK: FERRY_EMULATE=1: '1' is not an AMD processor name (gfx90a, gfx942, gfx1030, gfx1100, ...)
// LIST: FERRY_EMULATE=gfx90a,on: 'on' is not an AMD processor name
#include "Inputs/check_c.h"

int main(void) {
  double a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = i;
  for (int i = 0; i < 64; i++)
    CHECK(a[i] == i);
  return report();
}

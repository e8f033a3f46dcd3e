// abort() in a compute region (GCC's OpenACC tests call it on a failed
// check, `default: abort ();`): was refused ("a compute region cannot call
// 'abort' on a GPU"); now a trap on the devices, which ends the launch with
// an error naming the region, and the program stops, as abort() stops it on
// the host. Regions that never reach it run as before. (exit() stays
// refused: a region cannot end the program with a status.)
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t fail 2>&1 | %FileCheck %s --check-prefix=HOST --allow-empty
// RUN: %emu-gfx90a %not --crash %run %t fail 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx1100 %not --crash %run %t.cxx fail 2>&1 | %FileCheck %s
// CHECK: ferry: error: {{.*}}the kernel trapped{{.*}}; in the region c-abort-in-region.c:[[#@LINE+20]] parallel loop
// CHECK-NOT: never
// HOST-NOT: never
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int a[64];
  const int limit = argc > 1 && strcmp(argv[1], "fail") == 0 ? 10 : 1000;
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma acc parallel loop copy(a)
  for (int i = 0; i < 64; i++) {
    switch (a[i] % 2) {
    case 0: a[i] += 2; break;
    case 1: a[i] += 4; break;
    default: abort();
    }
  }
#pragma acc parallel loop copy(a)
  for (int i = 0; i < 64; i++) {
    if (a[i] > limit)
      abort();
    a[i]++;
  }
  if (limit == 10)
    printf("never\n"); // the failing run stops before
  int bad = 0;
  for (int i = 0; i < 64; i++)
    bad += a[i] != i + (i % 2 ? 4 : 2) + 1;
  if (bad)
    printf("%d wrong\n", bad);
  return bad != 0;
}

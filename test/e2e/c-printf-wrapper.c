// printf through a wrapper whose parameter is the format (a logging helper,
// Kokkos::printf): the wrapper is inlined where its callers pass literals,
// so the device's buffered printf knows the format (was: "device printf
// with a format string that is not a constant", and no image at all for
// AMD devices). Two levels of wrappers, a routine and a region.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t | sort | %FileCheck %s
// RUN: %emu-gfx90a %run %t | sort | %FileCheck %s
// RUN: %emu-gfx1100 %run %t | sort | %FileCheck %s
// CHECK:      done
// CHECK-NEXT: log: i = 0 (of 3)
// CHECK-NEXT: log: i = 1 (of 3)
// CHECK-NEXT: log: i = 2 (of 3)
// CHECK-NEXT: say: 0.50
// CHECK-NEXT: say: 1.50
// CHECK-NEXT: say: 2.50
#include <stdio.h>

static void say(const char *fmt, double x) { printf(fmt, x); }

#pragma acc routine seq
static void log2(const char *fmt, int i, int n) { printf(fmt, i, n); }

#pragma acc routine seq
static void report(int i, int n) { log2("log: i = %d (of %d)\n", i, n); }

int main(void) {
#pragma acc parallel loop
  for (int i = 0; i < 3; ++i) {
    say("say: %.2f\n", i + 0.5);
    report(i, 3);
  }
  printf("done\n");
  return 0;
}

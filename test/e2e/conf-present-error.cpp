// Conformance style, an expected failure: a parallel loop with present()
// of data that was never entered must stop the program (suites count a
// run that goes on as a failure). On the host everything is present.
// GPU: expect-error
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %FileCheck %s --check-prefix=HOST
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s
// HOST: reached the end
// CHECK: ferry: error: conf-present-error.cpp:{{[0-9]+}} parallel loop ({{.*}}conf-present-error.cpp:{{[0-9]+}}): data clause present(a[0:10000]) failed
// CHECK-NOT: reached the end
#include "Inputs/conf.h"

int main() {
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc enter data copyin(a[0:n / 2])
#pragma acc parallel loop present(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] += 1;
  printf("reached the end\n");
  delete[] a;
  return 0;
}

// Memory in no data clause that Ferry cannot infer a section of (read
// through pointer arithmetic, not subscripts: c-implicit-sections.c has
// those), on a device that reaches the host's memory at its addresses (AMD with XNACK on: HSA_XNACK=1 on gfx90a; NVIDIA with
// pageable memory access; the host): the region uses it where it is, through
// a pointer variable and through a global pointer. On a device that does not
// (gfx90a without XNACK, gfx1100), the program stops at the region, naming
// the pointer, instead of handing the device a host address. In C and,
// the same file compiled as C++, in C++.
// GPU: host-memory (scripts/h100.sh: passes, or stops with the message)
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env HSA_XNACK=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s
// RUN: env HSA_XNACK=1 %emu-gfx1100 %not --crash %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: env HSA_XNACK=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t.cxx 2>&1 | %FileCheck %s
// CHECK: ferry: error: c-unified-memory.c:[[#@LINE+17]] parallel loop {{.*}}holds a pointer (at byte 0: 0x{{[0-9a-f]+}}) to memory that is not present on the radeon device; name that memory in a data clause or 'enter data' first (this device does not reach host memory)
#include "Inputs/check_c.h"

#include <stdlib.h>

static double *table; /* a global pointer to host memory */

int main(void) {
  enum { N = 1000 };
  double *out = (double *)malloc(N * sizeof *out);
  table = (double *)malloc(N * sizeof *table);
  for (int i = 0; i < N; ++i) {
    table[i] = i;
    out[i] = -1;
  }

  double sum = 0;
#pragma acc parallel loop reduction(+:sum)
  for (int i = 0; i < N; ++i) {
    out[i] = 2.0 * *(table + i);
    sum += *(table + i);
  }
  for (int i = 0; i < N; ++i)
    CHECK(out[i] == 2.0 * i);
  CHECK(sum == (N - 1.0) * N / 2);

  // Present data keeps its device copy beside host memory in no clause.
  double scale[2] = {3.0, 0.5};
#pragma acc data copyin(scale)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; ++i)
      out[i] = scale[0] * *(table + i) + scale[1];
  }
  for (int i = 0; i < N; ++i)
    CHECK(out[i] == 3.0 * i + 0.5);
  free(out);
  free(table);
  return report();
}

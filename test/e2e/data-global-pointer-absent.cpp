// A global pointer whose memory is not on the device, read through pointer
// arithmetic (Ferry infers no section for it, as it does for `p[i]`:
// c-implicit-sections.c): the region stops with a message naming it,
// instead of handing the device a host address.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s
// CHECK: ferry: error: data-global-pointer-absent.cpp:15 parallel loop ({{.*}}data-global-pointer-absent.cpp:15): the global variable the region reads through its device copy '__ferry_global_p_{{.*}}' holds a pointer (at byte 0: 0x{{[0-9a-f]+}}) to memory that is not present on the radeon device
#include <cstdlib>
double *p;
int main() {
  const int n = 100;
  p = (double *)std::malloc(n * sizeof(double));
  double s = 0;
  // p[0:n] is in no data clause: nothing makes it present.
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += *(p + i);
  return s > 0;
}

// Library code that can throw (a std::vector copied into a region as
// firstprivate: its copy allocates, and throws when the size is impossible)
// compiles for the devices: device code cannot unwind, so the C++ runtime's
// throw paths become traps (it was an internal error, "Ferry's device heap
// does not parse", and then an undefined '__throw_bad_array_new_length' on
// the emulated device). The vector's elements are host memory no clause
// names: on a device that is a clear error at launch, on the host it runs.
// GPU: expect-error
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s
// CHECK: ferry: error: region-library-throws.cpp:{{[0-9]+}} parallel loop ({{.*}}): the pointer 'v._M_impl._M_start' (closure offset {{[0-9]+}}, 0x{{[0-9a-f]+}}) points to memory that is not present on the radeon device; name it in a data clause (copy, copyin, create, present) or acc_copyin it first
#include "Inputs/check.h"
#include <vector>

int main() {
  const int n = 16;
  long a[n];
  std::vector<int> v(10, 1);
#pragma acc parallel loop copyout(a[0:n]) firstprivate(v)
  for (int i = 0; i < n; ++i)
    a[i] = v[i % 10] + i;
  for (int i = 0; i < n; ++i)
    CHECK(a[i] == 1 + i);
  return report();
}

// Branch hints in a region (__builtin_expect, __builtin_expect_with_probability,
// __builtin_unpredictable) are only hints: the emulated devices run the
// translated IR, where LLVM's pipeline has not lowered them, and the host
// JIT cannot select llvm.expect.with.probability; the emulator drops them.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

int main() {
  const int n = 4096;
  int a[n];
#pragma acc parallel loop copyout(a[0:n])
  for (int i = 0; i < n; ++i) {
    int v = 0;
    if (__builtin_expect_with_probability(i % 7 == 0, 1, 0.9))
      v += 1;
    if (__builtin_expect(i % 3 == 0, 0))
      v += 10;
    if (__builtin_unpredictable(i % 2 == 0))
      v += 100;
    a[i] = v;
  }
  for (int i = 0; i < n; ++i)
    CHECK(a[i] == (i % 7 == 0) + 10 * (i % 3 == 0) + 100 * (i % 2 == 0));
  return report();
}

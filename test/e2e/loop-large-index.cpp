// Indices past 2^31 and 2^32: the loop variable keeps its full value (64-bit
// arithmetic in the kernel), while only 4096 iterations run.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const long base = (1L << 33) + 5;
  const int n = 4096;
  std::vector<long> v(n, 0);
  long *p = v.data();
#pragma acc parallel loop copy(p[0:n])
  for (long i = base; i < base + n; ++i)
    p[i - base] = i;
  unsigned long long top = 0;
#pragma acc parallel loop reduction(max:top)
  for (unsigned long long u = ~0ull - 1000; u != ~0ull; ++u)
    top = u > top ? u : top;
  for (int k = 0; k < n; ++k)
    CHECK(p[k] == base + k);
  CHECK(top == ~0ull - 1);
  return report();
}

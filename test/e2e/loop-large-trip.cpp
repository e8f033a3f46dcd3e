// A loop of 2^24 + 3 iterations: more than 65536 blocks of 256 work-items
// cover, so each work-item runs several (grid-stride).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const long n = (1L << 24) + 3;
  std::vector<unsigned char> v(n, 0);
  unsigned char *p = v.data();
#pragma acc parallel loop copy(p[0:n])
  for (long i = 0; i < n; ++i)
    p[i] = (unsigned char)(i * 7 + 1);
  long bad = 0;
  for (long i = 0; i < n; ++i)
    bad += p[i] != (unsigned char)(i * 7 + 1);
  CHECK(bad == 0);
  return report();
}

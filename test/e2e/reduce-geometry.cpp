// Reductions under explicit num_gangs and vector_length (a length that is
// not a multiple of 32 is rounded up to whole warps on a GPU).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

int main() {
  const int n = 100003;
  for (int gangs : {1, 3, 64}) {
    for (int len : {32, 64, 100, 1024}) {
      long s = 0;
      int mx = 0;
#pragma acc parallel loop num_gangs(gangs) vector_length(len) reduction(+:s) reduction(max:mx)
      for (int i = 0; i < n; ++i) {
        s += i % 10;
        mx = (i % 977) > mx ? (i % 977) : mx;
      }
      long want = 0;
      for (int i = 0; i < n; ++i)
        want += i % 10;
      CHECK(s == want);
      CHECK(mx == 976);
    }
  }
  return report();
}

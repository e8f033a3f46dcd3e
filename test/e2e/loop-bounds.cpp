// Trip counts at the edges: empty loops, one iteration, bounds near the
// limits of the index type, unsigned and 64-bit indices, <= with large
// steps. Host backend. Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <climits>
#include <cstdio>

int main() {
  long count = 0;
#pragma acc parallel loop reduction(+:count)
  for (int i = 5; i < 5; ++i)
    count += 1;
  int bad = count != 0;

  count = 0;
#pragma acc parallel loop reduction(+:count)
  for (int i = INT_MAX - 10; i < INT_MAX; ++i)
    count += 1;
  bad += count != 10;

  count = 0;
#pragma acc parallel loop reduction(+:count)
  for (unsigned i = 0; i <= 4000000000u; i += 1000000000u)
    count += 1;
  bad += count != 5;

  count = 0;
#pragma acc parallel loop reduction(+:count)
  for (long long i = -(1LL << 40); i < (1LL << 40); i += (1LL << 38))
    count += 1;
  bad += count != 8;

  count = 0;
#pragma acc parallel loop reduction(+:count)
  for (int i = 0; i <= 0; ++i)
    count += 1;
  bad += count != 1;
  if (bad)
    std::fprintf(stderr, "loop-bounds: %d wrong\n", bad);
  return bad ? 1 : 0;
}

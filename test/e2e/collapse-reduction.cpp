// collapse(2) with reductions: a sum, a maximum and a count over a 2-D
// index space bigger than one block.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const int n = 300, m = 211;
  long sum = 0, count = 0;
  int best = -1;
#pragma acc parallel loop collapse(2) reduction(+:sum, count) reduction(max:best)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      sum += i * j;
      count += (i + j) % 5 == 0;
      best = (i ^ j) > best ? (i ^ j) : best;
    }
  long ws = 0, wc = 0;
  int wb = -1;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      ws += i * j;
      wc += (i + j) % 5 == 0;
      wb = (i ^ j) > wb ? (i ^ j) : wb;
    }
  CHECK(sum == ws);
  CHECK(count == wc);
  CHECK(best == wb);
  return report();
}

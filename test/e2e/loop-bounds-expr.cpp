// Bounds and steps computed by expressions and function calls, evaluated
// once before the loop; the body may change the variables they came from.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

static int limit(int n) { return n / 2 + 1; }

int main() {
  int n = 600, step = 5, start = 7;
  std::vector<int> v(n, 0);
  int *p = v.data();
#pragma acc parallel loop copy(p[0:n])
  for (int i = start * 2; i < limit(n) + 100; i += step)
    p[i] = 1;
  int count = 0;
  for (int i = 0; i < n; ++i) {
    const bool hit = i >= 14 && i < limit(n) + 100 && (i - 14) % 5 == 0;
    CHECK(p[i] == (hit ? 1 : 0));
    count += hit;
  }
  CHECK(count == (limit(n) + 100 - 14 + 4) / 5);
  return report();
}

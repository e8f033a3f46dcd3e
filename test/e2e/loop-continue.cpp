// 'continue' in loop bodies skips the rest of one iteration only, also in
// a collapsed nest and with a reduction.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const int n = 2000;
  std::vector<int> v(n, 0);
  int *p = v.data();
  long odd = 0;
#pragma acc parallel loop copy(p[0:n]) reduction(+:odd)
  for (int i = 0; i < n; ++i) {
    if (i % 2 == 0)
      continue;
    p[i] = i;
    odd += i;
  }
#pragma acc parallel loop collapse(2) copy(p[0:n])
  for (int a = 0; a < 40; ++a)
    for (int b = 0; b < 50; ++b) {
      if (b > 10)
        continue;
      p[a * 50 + b] += 100000;
    }
  long want = 0;
  for (int i = 1; i < n; i += 2)
    want += i;
  CHECK(odd == want);
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == (i % 2 ? i : 0) + (i % 50 <= 10 ? 100000 : 0));
  return report();
}

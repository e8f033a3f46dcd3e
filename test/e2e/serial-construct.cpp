// A serial construct is one region of one work-item: statements between its
// loops, loops that depend on each other, private and reduction clauses on
// the construct itself, all in program order, on the host and on a GPU.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const int n = 500;
  std::vector<long> v(n, 0);
  long *p = v.data();
  long total = 7;
  int tmp = -1;
#pragma acc serial copy(p[0:n]) reduction(+:total) private(tmp)
  {
    p[0] = 1;
#pragma acc loop
    for (int i = 1; i < n; ++i)
      p[i] = p[i - 1] + i; // depends on the previous iteration
    tmp = int(p[n - 1] % 1000);
    for (int i = 0; i < n; ++i)
      total += p[i] % 3;
    p[0] = tmp;
  }
  long want = 7, prev = 1;
  std::vector<long> w(n);
  w[0] = 1;
  for (int i = 1; i < n; ++i)
    w[i] = w[i - 1] + i;
  for (int i = 0; i < n; ++i)
    want += w[i] % 3;
  CHECK(total == want);
  CHECK(p[0] == w[n - 1] % 1000);
  CHECK(tmp == -1);
  for (int i = 1; i < n; ++i)
    CHECK(p[i] == w[i]);
  (void)prev;
  return report();
}

// Regions inside lambdas (plain, generic, immediately invoked) and lambdas
// called from region bodies, one named by `routine(name)`.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

// `routine(name)` of a variable that holds a lambda: its call operator.
auto triple = [](int x) { return 3 * x; };
#pragma acc routine(triple) seq

int main() {
  const int n = 2048;
  std::vector<int> v(n, 0);
  int *p = v.data();
  auto fill = [](int *q, int m, int value) {
#pragma acc parallel loop copy(q[0:m])
    for (int i = 0; i < m; ++i)
      q[i] += value + i;
  };
  fill(p, n, 5);
  auto twice = [](auto *q, int m) {
#pragma acc parallel loop copy(q[0:m])
    for (int i = 0; i < m; ++i)
      q[i] *= 2;
  };
  twice(p, n);
  const long s = [&] {
    long acc = 0;
#pragma acc parallel loop copyin(p[0:n]) reduction(+:acc)
    for (int i = 0; i < n; ++i) {
      auto square = [](long x) { return x * x; };
      acc += square(p[i] % 100);
    }
    return acc;
  }();
  long want = 0;
  for (int i = 0; i < n; ++i) {
    CHECK(p[i] == 2 * (5 + i));
    want += long(p[i] % 100) * (p[i] % 100);
  }
  CHECK(s == want);
#pragma acc parallel loop copy(p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = triple(p[i]);
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == 6 * (5 + i));
  return report();
}

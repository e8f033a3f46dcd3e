// Structured bindings used in regions, in C++17: a lambda may capture one
// only from C++20 on, and clang warned "captured structured bindings are a
// C++20 extension" at every directive whose region used one (no such lambda
// in the source; a -Werror build failed: OpenACC sweep 14 F6). Ferry copies
// each binding the body uses by init-capture (`m = m`): the same copy, so
// a binding a region writes keeps its value after the construct.
// RUN: %ferry-clangxx -std=c++17 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -std=c++20 -O2 %s -o %t.20 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t.20 2>&1 | %count 0
#include "Inputs/check.h"
#include <utility>

struct Grid {
  int n;
  double scale;
};

int main() {
  constexpr int N = 100;
  double a[N], b[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
  std::pair<int, int> Shape{N, 2};
  auto [m, k] = Shape;
  const Grid G{N, 0.5};
  const auto &[n, scale] = G;
  int Offsets[2] = {1, 3};
  auto [lo, hi] = Offsets;

  double s = 0;
#pragma acc parallel loop copyin(a) reduction(+:s)
  for (int i = 0; i < m; i++)
    s += a[i] * k;
  CHECK(s == 2 * 4950);

#pragma acc parallel loop copyin(a) copyout(b)
  for (int i = 0; i < n; i++)
    b[i] = a[i] * scale + lo - hi;
  for (int i = 0; i < N; i++)
    CHECK(b[i] == i * 0.5 - 2);

  // A binding the region writes is its copy (firstprivate).
#pragma acc serial copyout(b[0:1])
  {
    k += 40;
    b[0] = k;
  }
  CHECK(b[0] == 42);
  CHECK(k == 2);
  return report();
}

// Steps other than one: 'i += 3', 'i -= 2', '--i', 'i++' with '<=', and
// '!=' conditions; each touches exactly its own iterations.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const int n = 1000;
  std::vector<int> v(n, 0);
  int *p = v.data();
#pragma acc parallel loop copy(p[0:n])
  for (int i = 1; i < n; i += 3)
    p[i] += 1;
#pragma acc parallel loop copy(p[0:n])
  for (int i = n - 1; i >= 0; i -= 2)
    p[i] += 10;
#pragma acc parallel loop copy(p[0:n])
  for (int i = 0; i != n; i += 4)
    p[i] += 100;
#pragma acc parallel loop copy(p[0:n])
  for (int i = 999; i > 899; --i)
    p[i] += 1000;
#pragma acc parallel loop copy(p[0:n])
  for (int i = 0; i <= 9; i++)
    p[i] += 10000;
  for (int i = 0; i < n; ++i) {
    int want = (i % 3 == 1) + 10 * ((n - 1 - i) % 2 == 0) + 100 * (i % 4 == 0) +
               1000 * (i > 899) + 10000 * (i <= 9);
    CHECK(p[i] == want);
  }
  return report();
}

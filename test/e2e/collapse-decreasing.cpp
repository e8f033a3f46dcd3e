// collapse(2) over decreasing loops ('>', '>=', '-=' and '--').
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const int n = 40, m = 30;
  std::vector<double> a(n * m, 0.0);
  double *pa = a.data();
#pragma acc parallel loop collapse(2) copy(pa[0:n * m])
  for (int i = n - 1; i >= 0; --i)
    for (int j = m; j > 0; j -= 3)
      pa[i * m + (j - 1)] = i + 0.5 * j;
  for (int i = 0; i < n; ++i)
    for (int j = 1; j <= m; ++j)
      CHECK(pa[i * m + (j - 1)] == ((m - j) % 3 == 0 ? i + 0.5 * j : 0.0));
  return report();
}

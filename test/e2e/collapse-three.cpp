// collapse(3) over a nest with non-zero lower bounds, '<=' and a step of 2:
// every point written once, with its own coordinates.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const int ni = 7, nj = 9, nk = 12;
  std::vector<int> v(ni * nj * nk, -1);
  int *p = v.data();
#pragma acc parallel loop collapse(3) copy(p[0:ni * nj * nk])
  for (int i = 1; i <= ni - 1; ++i)
    for (int j = 2; j < nj; j += 2)
      for (int k = 0; k < nk; ++k)
        p[(i * nj + j) * nk + k] = i * 10000 + j * 100 + k;
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j)
      for (int k = 0; k < nk; ++k) {
        const bool in = i >= 1 && i <= ni - 1 && j >= 2 && j % 2 == 0;
        CHECK(p[(i * nj + j) * nk + k] == (in ? i * 10000 + j * 100 + k : -1));
      }
  return report();
}

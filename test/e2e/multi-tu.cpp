// A program of two translation units, each with its own regions and images,
// both instantiating the same inline template region.
// RUN: %ferry-clangxx -O2 %s %S/Inputs/multi-tu-lib.cpp -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include "Inputs/multi-tu.h"
#include <vector>

int main() {
  const int n = 1000;
  std::vector<long> v(n);
  lib_fill(v.data(), n);
  add_to<long>(v.data(), n, 2);
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == i + 3);
  CHECK(lib_sum(v.data(), n) == long(n) * (n - 1) / 2 + 3L * n);
  return report();
}

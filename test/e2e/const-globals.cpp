// Global constants with constant initializers (scalars, arrays, constexpr
// and static class members) are usable in regions: they travel with the
// device code.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

const double kScale = 1.5;
constexpr int kOffsets[5] = {0, 10, 20, 30, 40};
static const float kWeights[3] = {0.25f, 0.5f, 0.25f};
struct Limits {
  static constexpr long max = 1000;
};

int main() {
  const int n = 4000;
  std::vector<double> v(n);
  double *p = v.data();
#pragma acc parallel loop copyout(p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = kScale * kOffsets[i % 5] + kWeights[i % 3] + (i < Limits::max ? 1 : 0);
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == kScale * kOffsets[i % 5] + kWeights[i % 3] + (i < Limits::max ? 1 : 0));
  return report();
}

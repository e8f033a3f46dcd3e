// Region bodies call functions defined in the translation unit: static and
// inline functions, function templates, constexpr functions, functions
// that call others, and functions with local constant tables.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

static int clampIndex(int i, int n) { return i < 0 ? 0 : i >= n ? n - 1 : i; }
template <class T> inline T square(T x) { return x * x; }
constexpr int cube(int x) { return x * x * x; }
static double weight(int k) {
  static const double table[4] = {0.1, 0.2, 0.3, 0.4};
  return table[k & 3];
}
static double smooth(const double *p, int i, int n) {
  return weight(0) * p[clampIndex(i - 1, n)] + weight(1) * p[i] +
         weight(2) * p[clampIndex(i + 1, n)];
}

int main() {
  const int n = 3000;
  std::vector<double> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = i % 17;
  double *a = in.data(), *b = out.data();
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
  for (int i = 0; i < n; ++i)
    b[i] = smooth(a, i, n) + square(0.5) + cube(2) + weight(i);
  for (int i = 0; i < n; ++i) {
    const double want = 0.1 * a[clampIndex(i - 1, n)] + 0.2 * a[i] +
                        0.3 * a[clampIndex(i + 1, n)] + 0.25 + 8 + 0.1 * (1 + (i & 3));
    CHECK(near(b[i], want));
  }
  return report();
}

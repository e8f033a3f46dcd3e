// Pointers declared `__restrict` (C's `restrict`, spelled as C++ compilers
// accept it) as bases of array sections, as C-style kernels declare their
// arguments.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>

static void axpy(int n, double alpha, const double *__restrict x, double *__restrict y) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += alpha * x[i];
}

int main() {
  const int n = 1000;
  static double x[n], y[n];
  for (int i = 0; i < n; ++i)
    x[i] = i, y[i] = 1;
  axpy(n, 2.0, x, y);
  for (int i = 0; i < n; ++i)
    if (y[i] != 1 + 2.0 * i) {
      std::printf("y[%d] = %g\n", i, y[i]);
      return 1;
    }
  return 0;
}

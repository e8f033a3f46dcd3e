// Functions that regions call hold orphaned 'loop' constructs the way
// OpenACC programs write them: a 'routine gang' whose loop is the work of a
// whole 'parallel' region, a 'routine vector' reducing into its return
// value (with the OpenACC 2.x '-' reduction operator), a routine called
// from a gang loop's body and from host code, and a loop with 'private'.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %FileCheck %s --check-prefix=WARN --allow-empty
// RUN: env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// WARN: warning: the OpenACC reduction operator '-' is not in OpenACC 3.3; Ferry treats it as '+'
#include <cstdio>

#pragma acc routine gang
void scale_all(double *x, int n, double f) {
#pragma acc loop gang vector
  for (int i = 0; i < n; ++i)
    x[i] *= f;
}

#pragma acc routine vector
double minus_sum(const double *x, int n) {
  double r = 0;
#pragma acc loop vector reduction(-:r)
  for (int i = 0; i < n; ++i)
    r -= x[i];
  return r;
}

#pragma acc routine vector
void smooth(const double *in, double *out, int n) {
  double t;
#pragma acc loop vector private(t)
  for (int i = 1; i < n - 1; ++i) {
    t = in[i - 1] + in[i + 1];
    out[i] = 0.5 * t;
  }
}

int main() {
  const int n = 1000, rows = 16, m = 50;
  static double x[n], grid[rows * m], out[rows * m], sums[rows];
  for (int i = 0; i < n; ++i)
    x[i] = i;
  for (int i = 0; i < rows * m; ++i)
    grid[i] = i % m, out[i] = 0;
#pragma acc parallel copy(x)
  scale_all(x, n, 2.0);
#pragma acc parallel loop gang copyin(grid) copy(out) copyout(sums)
  for (int r = 0; r < rows; ++r) {
    sums[r] = minus_sum(&grid[r * m], m);
    smooth(&grid[r * m], &out[r * m], m);
  }
  int err = 0;
  for (int i = 0; i < n; ++i)
    if (x[i] != 2.0 * i) {
      std::printf("x[%d] = %g\n", i, x[i]);
      ++err;
      break;
    }
  for (int r = 0; r < rows; ++r) {
    if (sums[r] != -(m * (m - 1) / 2.0)) {
      std::printf("sums[%d] = %g\n", r, sums[r]);
      ++err;
    }
    for (int i = 1; i < m - 1; ++i)
      if (out[r * m + i] != i) {
        std::printf("out[%d][%d] = %g\n", r, i, out[r * m + i]);
        ++err;
        break;
      }
  }
  // The same routine from host code: its loop runs on the host.
  if (minus_sum(x, 4) != -(0 + 2 + 4 + 6)) {
    std::printf("host call: %g\n", minus_sum(x, 4));
    ++err;
  }
  return err != 0;
}

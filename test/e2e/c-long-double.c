// `long double` in regions: GPUs compute in double and read and write the
// host's 80-bit values in memory, so arrays, reductions and scalars keep
// the host's layout and the host reads values rounded to double's
// precision (on the host device, long double's own precision). Sums,
// products, max, conversions, comparisons, negative values, infinities and
// values beyond double's range; _Complex long double. In C and, the same file compiled as C++, in
// C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t -lm 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx -lm 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <math.h>

enum { N = 1000 };
static long double a[N], b[N];
static int flags[N];

int main(void) {
  for (int i = 0; i < N; ++i)
    a[i] = (i % 2 ? -1.0L : 1.0L) * i / 8;
  long double sum = 10, top = -1e30L;
#pragma acc parallel loop copyin(a) copyout(b) reduction(+ : sum) reduction(max : top)
  for (int i = 0; i < N; ++i) {
    b[i] = a[i] * 2 + (long double)i;
    sum += a[i] * a[i];
    top = fmaxl(top, a[i]);
  }
  long double want = 10, want_top = -1e30L;
  for (int i = 0; i < N; ++i) {
    CHECK(b[i] == a[i] * 2 + i);
    want += a[i] * a[i];
    want_top = a[i] > want_top ? a[i] : want_top;
  }
  CHECK(fabsl(sum - want) <= 1e-12L * want);
  CHECK(top == want_top);

  // Special values and values beyond double's range: infinities, zeros,
  // NaN, and the sign.
  b[0] = 1.0L / 0.0L;
  b[1] = -0.0L;
  b[2] = 0.0L / 0.0L;
  b[3] = 1e-400L; // below double's range: 0 on a GPU
  b[4] = -1e400L; // above it: -inf on a GPU
  b[5] = 3.25L;
#pragma acc parallel loop copy(b[0:6]) copyout(flags[0:6])
  for (int i = 0; i < 6; ++i) {
    flags[i] = (b[i] > 1e300L) + 2 * (b[i] != b[i]) + 4 * (b[i] < 0) + 8 * (b[i] == 0);
    b[i] = -b[i];
  }
  CHECK(flags[0] == 1 && isinf(b[0]) && b[0] < 0);
  CHECK(flags[1] == 8 && b[1] == 0);
  CHECK(flags[2] == 2 && b[2] != b[2]);
  CHECK((flags[3] == 0 || flags[3] == 8) && b[3] <= 0 && b[3] > -1e-300L);
  CHECK(flags[4] == 4 && b[4] > 1e300L);
  CHECK(flags[5] == 0 && b[5] == -3.25L);

  // _Complex long double: a sum and products (in double on GPUs).
  _Complex long double z[8], zsum = 1;
  for (int i = 0; i < 8; ++i)
    z[i] = i + 0.5L * i * (__extension__ 1.0iL);
#pragma acc parallel loop copy(z) reduction(+ : zsum)
  for (int i = 0; i < 8; ++i) {
    zsum += z[i];
    z[i] = z[i] * z[i];
  }
  CHECK(__real__ zsum == 29 && __imag__ zsum == 14);
  for (int i = 0; i < 8; ++i)
    CHECK(__real__ z[i] == i * i - 0.25L * i * i && __imag__ z[i] == (long double)i * i);
  return report();
}

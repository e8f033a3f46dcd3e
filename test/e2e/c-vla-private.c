// `private(a)` and `firstprivate(a)` of a one-dimensional variable-length
// array in C: a private section of all its elements, per gang (before:
// refused, "a C region cannot capture it yet"; C++ took it). Results on
// the host and the emulated gfx90a and gfx1100.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check_c.h"

static int run(int n, int m) {
  int a[n], seed[n];
  int out[64], out2[64];
  for (int k = 0; k < n; k++)
    seed[k] = 3 * k;
#pragma acc parallel loop private(a) copyout(out[0:m])
  for (int i = 0; i < m; i++) {
    for (int k = 0; k < n; k++)
      a[k] = i + k;
    int s = 0;
    for (int k = 0; k < n; k++)
      s += a[k];
    out[i] = s;
  }
#pragma acc parallel loop firstprivate(seed) copyout(out2[0:m])
  for (int i = 0; i < m; i++) {
    seed[i % n] += 0; /* each gang's own copy, as it came in */
    out2[i] = seed[i % n] + i;
  }
  for (int i = 0; i < m; i++) {
    CHECK(out[i] == n * i + n * (n - 1) / 2);
    CHECK(out2[i] == 3 * (i % n) + i);
  }
  return 0;
}

int main(void) {
  run(10, 64);
  run(3, 17);
  return report();
}

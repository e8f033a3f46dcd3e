// malloc and free in compute regions and in a `routine`: the device heap
// on GPUs (docs/translation.md, "Device printf, assert and malloc"), the C
// library's on the host. Per-iteration scratch and a routine that
// allocates (with new[]/delete[] in
// C++). In C and, the same file
// compiled as C++, in C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <stdlib.h>

enum { N = 2000, K = 8 };
static double out[N], sums[N];

#pragma acc routine seq
static double squares(int i) {
#ifdef __cplusplus
  double *t = new double[K]; // C++: new/delete of trivial types too
#else
  double *t = (double *)malloc(K * sizeof *t);
#endif
  if (!t)
    return -1;
  double s = 0;
  for (int k = 0; k < K; ++k)
    t[k] = (double)(i + k) * (i + k);
  for (int k = 0; k < K; ++k)
    s += t[k];
#ifdef __cplusplus
  delete[] t;
#else
  free(t);
#endif
  return s;
}

int main(void) {
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; ++i) {
    double *t = (double *)malloc(4 * sizeof(double));
    if (!t) {
      out[i] = -1;
      continue;
    }
    for (int k = 0; k < 4; ++k)
      t[k] = i + k;
    out[i] = t[0] + t[3];
    free(t);
  }
  for (int i = 0; i < N; ++i)
    CHECK(out[i] == 2.0 * i + 3);

#pragma acc parallel loop copyout(sums)
  for (int i = 0; i < N; ++i)
    sums[i] = squares(i);
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int k = 0; k < K; ++k)
      s += (double)(i + k) * (i + k);
    CHECK(sums[i] == s);
  }
  return report();
}

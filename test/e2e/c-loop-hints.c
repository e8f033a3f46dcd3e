// Loop hints in compute regions: `#pragma unroll`, `#pragma unroll 4`,
// `#pragma GCC unroll 2`, `#pragma clang loop ...`, `#pragma nounroll`
// before loops with braced bodies (before: the construct's statement ran on
// to the end of the file, "OpenACC compute constructs cannot be nested"
// at the next region), and a statement-level `#pragma STDC FP_CONTRACT`.
// Results on the host and the emulated gfx90a, in C and in C++.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"

#define N 256

static double a[N], b[N], c[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc parallel loop copyin(a) copyout(b)
  for (int i = 0; i < N; i++) {
    double s = 0;
#pragma unroll
    for (int k = 0; k < 8; k++) {
      s += a[i] + k;
    }
#pragma unroll 4
    for (int k = 0; k < 8; k++) {
      s += 1;
    }
#pragma GCC unroll 2
    for (int k = 0; k < 4; k++) {
      s -= 1;
    }
#pragma clang loop unroll(full)
    for (int k = 0; k < 2; k++) {
      s += 0.5;
    }
#pragma nounroll
    for (int k = 0; k < 2; k++)
      s += 0.25;
    b[i] = s;
  }
#pragma acc parallel copyin(a) copyout(c)
  {
#pragma STDC FP_CONTRACT ON
#pragma acc loop
    for (int i = 0; i < N; i++) {
#pragma clang loop vectorize(enable)
      for (int k = 0; k < 2; k++) {
        c[i] = a[i] * 2 + k;
      }
    }
  }
  for (int i = 0; i < N; i++) {
    CHECK(b[i] == 8 * a[i] + 28 + 8 - 4 + 1 + 0.5);
    CHECK(c[i] == a[i] * 2 + 1);
  }
  return report();
}

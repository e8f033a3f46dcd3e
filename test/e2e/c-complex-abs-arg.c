// cabs and carg of double and float complex values in a compute region:
// on the device they are hypot and atan2 of the parts (before: refused, "a
// compute region cannot call 'cabs' on a GPU"). Results equal the host's
// libm on the host and the emulated gfx90a and gfx1100.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t -lm 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// A complex function Ferry's device code does not have is still refused:
// RUN: not %ferry-clang -std=c99 -fsyntax-only -DUNSUPPORTED %s 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

#include <complex.h>

#define N 257

int main(void) {
  static double complex z[N];
  static float complex zf[N];
  static double r[N], p[N];
  static float rf[N], pf[N];
  for (int i = 0; i < N; i++) {
    z[i] = (i - 100) + (2.0 * i - 300) * I;
    zf[i] = 0.5f * i - (float)(i % 7) * I;
  }
#pragma acc parallel loop copyin(z, zf) copyout(r, p, rf, pf)
  for (int i = 0; i < N; i++) {
    r[i] = cabs(z[i]);
    p[i] = carg(z[i]);
    rf[i] = cabsf(zf[i]);
    pf[i] = cargf(zf[i]);
  }
  for (int i = 0; i < N; i++) {
    CHECK(near(r[i], cabs(z[i]), 1e-14));
    CHECK(fabs(p[i] - carg(z[i])) < 1e-14);
    CHECK(near(rf[i], cabsf(zf[i]), 1e-6));
    CHECK(fabsf(pf[i] - cargf(zf[i])) < 1e-6f);
  }
#ifdef UNSUPPORTED
  // CHECK: error: a compute region cannot call 'cexp' on a GPU
#pragma acc parallel loop copy(z)
  for (int i = 0; i < N; i++)
    z[i] = cexp(z[i]);
#endif
  return report();
}

// The complex functions of <complex.h> in a compute region: cabs, carg,
// cexp, clog, csqrt, csin, ccos, creal, cimag, conj and their float forms, computed on the
// device from the parts with the real math functions (before: refused, "a
// compute region cannot call 'cabs' on a GPU"). Results equal the host's
// libm (within a few ulp) on the host and the emulated gfx90a and gfx1100,
// for values in every quadrant, on the axes and at zero.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t -lm 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// A complex function Ferry's device code does not have is still refused:
// RUN: not %ferry-clang -std=c99 -fsyntax-only -DUNSUPPORTED %s 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

#include <complex.h>

#define N 257

static int close_to(double complex a, double complex b, double tol) {
  return cabs(a - b) <= tol * (1 + cabs(b));
}

int main(void) {
  static double complex z[N], e[N], l[N], s[N], sn[N], cs[N], cj[N];
  static float complex cjf[N];
  static double parts[N];
  static float partsf[N];
  static float complex zf[N], ef[N], sf[N];
  static double r[N], p[N];
  static float rf[N], pf[N];
  for (int i = 0; i < N; i++) {
    // Every quadrant, the axes and zero (i = 100, 150).
    z[i] = (i - 100) * 0.05 + ((i % 50) - 25) * 0.07 * I;
    zf[i] = 0.02f * (i - 128) - 0.03f * (float)(i % 7 - 3) * I;
  }
#pragma acc parallel loop copyin(z, zf) copyout(r, p, rf, pf, e, l, s, sn, cs, ef, sf) \
    copyout(cj, cjf, parts, partsf)
  for (int i = 0; i < N; i++) {
    parts[i] = creal(z[i]) - 2 * cimag(z[i]);
    partsf[i] = crealf(zf[i]) - 2 * cimagf(zf[i]);
    cj[i] = conj(z[i]);
    cjf[i] = conjf(zf[i]);
    r[i] = cabs(z[i]);
    p[i] = carg(z[i]);
    rf[i] = cabsf(zf[i]);
    pf[i] = cargf(zf[i]);
    e[i] = cexp(z[i]);
    l[i] = z[i] != 0 ? clog(z[i]) : 0;
    s[i] = csqrt(z[i]);
    sn[i] = csin(z[i]);
    cs[i] = ccos(z[i]);
    ef[i] = cexpf(zf[i]);
    sf[i] = csqrtf(zf[i]);
  }
  for (int i = 0; i < N; i++) {
    CHECK(parts[i] == creal(z[i]) - 2 * cimag(z[i]));
    CHECK(partsf[i] == crealf(zf[i]) - 2 * cimagf(zf[i]));
    CHECK(creal(cj[i]) == creal(z[i]) && cimag(cj[i]) == -cimag(z[i]));
    CHECK(crealf(cjf[i]) == crealf(zf[i]) && cimagf(cjf[i]) == -cimagf(zf[i]));
    CHECK(near(r[i], cabs(z[i]), 1e-14));
    CHECK(fabs(p[i] - carg(z[i])) < 1e-14);
    CHECK(near(rf[i], cabsf(zf[i]), 1e-6));
    CHECK(fabsf(pf[i] - cargf(zf[i])) < 1e-6f);
    CHECK(close_to(e[i], cexp(z[i]), 1e-14));
    CHECK(z[i] == 0 || close_to(l[i], clog(z[i]), 1e-14));
    CHECK(close_to(s[i], csqrt(z[i]), 1e-14));
    CHECK(close_to(sn[i], csin(z[i]), 1e-14));
    CHECK(close_to(cs[i], ccos(z[i]), 1e-14));
    CHECK(close_to(ef[i], cexpf(zf[i]), 1e-6));
    CHECK(close_to(sf[i], csqrtf(zf[i]), 1e-6));
    if (failures > 10)
      return report();
  }
#ifdef UNSUPPORTED
  // CHECK: error: a compute region cannot call 'cpow' on a GPU
#pragma acc parallel loop copy(z)
  for (int i = 0; i < N; i++)
    z[i] = cpow(z[i], z[i]);
#endif
  return report();
}

/* <math.h>'s classification macros (isnan, isinf, isfinite, isnormal,
   signbit, fpclassify, isgreater, isunordered) and C's `long` roundings
   (lround, lrint, lroundf, lrintf) in regions, which a solver's NaN checks
   and binning code call (OpenACC sweep 12: refused, the first as undefined
   `__builtin_isnan`, the second where llround worked); modf and remquo,
   whose outputs go through pointers (the emulated devices had no version
   of ocml's); `long` and `intmax_t` absolute values (labs, imaxabs: OpenACC
   sweep 14, refused where llabs worked). C and C++.
   RUN: %ferry-clang -std=c11 -O2 %s -o %t -lm
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
   RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
   RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
*/
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 8 };

int main(void) {
  double x[N] = {1.5, -2.5, 0.0, 3.25, -0.75, 1e308, 2.5, -7.5};
  x[2] = NAN;
  x[5] = x[5] * 10; /* +inf */
  int flags[N];
  long rounded[N], rinted[N];
  long roundedf[N], rintedf[N];
  double whole[N], part[N], rem[N];
  int quo[N];
#pragma acc parallel loop copyin(x) copyout(flags, rounded, rinted, roundedf, rintedf) \
    copyout(whole, part, rem, quo)
  for (int i = 0; i < N; i++) {
    double v = x[i];
    flags[i] = (isnan(v) ? 1 : 0) | (isinf(v) ? 2 : 0) | (isfinite(v) ? 4 : 0) |
               (isnormal(v) ? 8 : 0) | (signbit(v) ? 16 : 0) |
               (fpclassify(v) == FP_NAN ? 32 : 0) | (isgreater(v, 1.0) ? 64 : 0) |
               (isunordered(v, 0.0) ? 128 : 0);
    rounded[i] = isfinite(v) ? lround(v) : 0;
    rinted[i] = isfinite(v) ? lrint(v) : 0;
    roundedf[i] = isfinite(v) ? lroundf((float)v) : 0;
    rintedf[i] = isfinite(v) ? lrintf((float)v) : 0;
    double w = 0;
    int q = 0;
    part[i] = isfinite(v) ? modf(v, &w) : 0;
    whole[i] = w;
    rem[i] = isfinite(v) ? remquo(v, 0.75, &q) : 0;
    quo[i] = q;
  }
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double v = x[i];
    int want = (isnan(v) ? 1 : 0) | (isinf(v) ? 2 : 0) | (isfinite(v) ? 4 : 0) |
               (isnormal(v) ? 8 : 0) | (signbit(v) ? 16 : 0) |
               (fpclassify(v) == FP_NAN ? 32 : 0) | (isgreater(v, 1.0) ? 64 : 0) |
               (isunordered(v, 0.0) ? 128 : 0);
    long r = isfinite(v) ? lround(v) : 0, n = isfinite(v) ? lrint(v) : 0;
    long rf = isfinite(v) ? lroundf((float)v) : 0, nf = isfinite(v) ? lrintf((float)v) : 0;
    double w = 0;
    int q = 0;
    double p = isfinite(v) ? modf(v, &w) : 0, m = isfinite(v) ? remquo(v, 0.75, &q) : 0;
    if (part[i] != p || whole[i] != w || rem[i] != m || (quo[i] & 7) != (q & 7)) {
      printf("c-math-classification: x[%d] = %g: modf %g %g (%g %g), remquo %g %d (%g %d)\n", i,
             v, part[i], whole[i], p, w, rem[i], quo[i], m, q);
      bad++;
    }
    if (flags[i] != want || rounded[i] != r || rinted[i] != n || roundedf[i] != rf ||
        rintedf[i] != nf) {
      printf("c-math-classification: x[%d] = %g: flags %d (want %d), lround %ld (%ld), "
             "lrint %ld (%ld), lroundf %ld (%ld), lrintf %ld (%ld)\n",
             i, v, flags[i], want, rounded[i], r, rinted[i], n, roundedf[i], rf, rintedf[i], nf);
      bad++;
    }
  }
  long l[N];
  intmax_t m[N];
  for (int i = 0; i < N; i++) {
    l[i] = -3000000000L * (i - 3);
    m[i] = -5 * (i - 4);
  }
#pragma acc parallel loop copy(l, m)
  for (int i = 0; i < N; i++) {
    l[i] = labs(l[i]);
    m[i] = imaxabs(m[i]);
  }
  for (int i = 0; i < N; i++)
    if (l[i] != 3000000000L * (i > 3 ? i - 3 : 3 - i) || m[i] != 5 * (i > 4 ? i - 4 : 4 - i)) {
      printf("c-math-classification: labs %ld, imaxabs %jd at %d\n", l[i], m[i], i);
      bad++;
    }
  return bad != 0;
}

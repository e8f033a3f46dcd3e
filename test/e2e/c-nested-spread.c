// C: `loop`s nested in a region's iteration that are not its whole body
// spread over the gang that runs the iteration (CRegion.h's form of acc.h's
// inner_loop; the outliner makes each one a function of its own), as C++
// spreads them: scalar reductions of every operator and integer or floating
// type, combined over the gang; private scalars and arrays of the loop, one
// per work-item; arrays of the iteration, shared by its gang; loops over
// unsigned, decreasing, `<=` and `!=` headers, variables declared outside,
// trip counts 0 and 1; a reduction into the region's own reduction
// variable; a long double reduction (lane 0 runs the loop: no combination
// of that type over a gang); a complex one (an object of the iteration: in
// order inside it); a reduction on a whole array (in order); a loop in
// order inside a spread one. Results equal the
// sequential program's on the host, the emulated gfx90a (race-checked) and
// gfx1100, at -O2 and at -O0 -g; FERRY_NOTIFY shows a gang per iteration.
// RUN: %ferry-clang -std=gnu99 -O2 %s -o %t -lm 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clang -std=gnu99 -O0 -g %s -o %t.O0 -lm 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.O0 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.O0 2>&1 | %count 0
#include "Inputs/check_c.h"

#include <complex.h>

enum { N = 37, M = 70 };

static double A[N][M], y[N], z[N], B[N][M];
static long long lsum[N];
static int imax[N], imin[N], band[N], bor[N], bxor[N], land[N], lor[N];
static float fprod[N];
static long double ld[N];
static double complex cz[N];
static unsigned uc[N];
static double tri[N][M];

static double a_at(int i, int j) { return (double)((i * 7 + j * 3) % 11) - 5; }

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = a_at(i, j);
  int n = N, m = M;

  // Every operator, integer and floating types; statements around the loop.
  // CHECK: launch {{.*}}nested_spread_c_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 37x1x1 block 32x1x1
#pragma acc parallel loop copyin(A) copyout(y, lsum, imax, imin, band, bor, bxor, land, lor, fprod)
  for (int i = 0; i < n; i++) {
    double s = 0;
    long long l = 1000;
    int mx = -100, mn = 100, ba = ~0, bo = 0, bx = 0, la = 1, lo = 0;
    float p = 1;
#pragma acc loop reduction(+:s, l) reduction(max:mx) reduction(min:mn) reduction(&:ba) \
    reduction(|:bo) reduction(^:bx) reduction(&&:la) reduction(||:lo) reduction(*:p)
    for (int j = 0; j < m; j++) {
      const int v = (int)A[i][j];
      s += A[i][j] * j;
      l += v;
      mx = v > mx ? v : mx;
      mn = v < mn ? v : mn;
      ba &= v + 8;
      bo |= v + 8;
      bx ^= v + 8;
      la = la && v != 5;
      lo = lo || v == i % 11 - 5;
      if (j % 10 == 0)
        p *= 1.5f;
    }
    y[i] = s;
    lsum[i] = l;
    imax[i] = mx;
    imin[i] = mn;
    band[i] = ba;
    bor[i] = bo;
    bxor[i] = bx;
    land[i] = la;
    lor[i] = lo;
    fprod[i] = p;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    long long l = 1000;
    int mx = -100, mn = 100, ba = ~0, bo = 0, bx = 0, la = 1, lo = 0;
    float p = 1;
    for (int j = 0; j < M; j++) {
      const int v = (int)A[i][j];
      s += A[i][j] * j;
      l += v;
      mx = v > mx ? v : mx;
      mn = v < mn ? v : mn;
      ba &= v + 8;
      bo |= v + 8;
      bx ^= v + 8;
      la = la && v != 5;
      lo = lo || v == i % 11 - 5;
      if (j % 10 == 0)
        p *= 1.5f;
    }
    CHECK(y[i] == s);
    CHECK(lsum[i] == l);
    CHECK(imax[i] == mx && imin[i] == mn);
    CHECK(band[i] == ba && bor[i] == bo && bxor[i] == bx);
    CHECK(land[i] == la && lor[i] == lo);
    CHECK(fprod[i] == p);
  }

  // Private scalars and arrays of the loop; an array of the iteration that
  // the loop reads (shared by the gang); headers of every kind, with the
  // variable declared outside; a loop in order inside a spread one.
  int j;
  unsigned u;
  // CHECK: launch {{.*}}nested_spread_c_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 37x1x1 block 128x1x1
#pragma acc parallel loop copyin(A) copyout(B, tri)
  for (int i = 0; i < n; i++) {
    double row[8];
    for (int k = 0; k < 8; k++)
      row[k] = i + k;
    double t, w[3];
#pragma acc loop private(t, w)
    for (j = m - 1; j >= 0; j -= 1) {
      t = A[i][j] * 2;
      for (int k = 0; k < 3; k++)
        w[k] = t + k;
      B[i][j] = w[0] + w[2] + row[j % 8];
    }
#pragma acc loop
    for (u = 0; u <= (unsigned)i; ++u) {
      double acc = 0;
      for (int k = 0; k <= (int)u; k++)
        acc += A[i][k];
      tri[i][u] = acc;
    }
#pragma acc loop
    for (int k = i; k != i; k++) // no iteration
      tri[i][k] = -1000;
#pragma acc loop
    for (int k = 0; k < 1; k++) // one
      tri[i][M - 1 - k] = -1;
  }
  for (int i = 0; i < N; i++) {
    for (int jj = 0; jj < M; jj++)
      CHECK(B[i][jj] == A[i][jj] * 2 + (A[i][jj] * 2 + 2) + (i + jj % 8));
    double acc = 0;
    for (int k = 0; k <= i; k++) {
      acc += A[i][k];
      CHECK(tri[i][k] == acc);
    }
    CHECK(tri[i][M - 1] == -1);
  }

  // A reduction into the region's own reduction variable; long double
  // (lane 0 runs the loop) and unsigned reductions.
  double region_sum = 0;
  // CHECK: launch {{.*}}nested_spread_c_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 37x1x1 block 32x1x1
#pragma acc parallel loop copyin(A) copyout(ld, uc, z) reduction(+:region_sum)
  for (int i = 0; i < n; i++) {
    long double q = 0;
    unsigned uu = 0;
    double row_sum = 0;
#pragma acc loop reduction(+:q, uu, region_sum, row_sum)
    for (int k = 0; k < m; k++) {
      q += (long double)A[i][k] / 3;
      uu += (unsigned)(A[i][k] + 5);
      region_sum += A[i][k];
      row_sum += 1;
    }
    ld[i] = q;
    uc[i] = uu;
    z[i] = row_sum;
  }
  double want_total = 0;
  for (int i = 0; i < N; i++) {
    long double q = 0;
    unsigned uu = 0;
    for (int k = 0; k < M; k++) {
      q += (long double)A[i][k] / 3;
      uu += (unsigned)(A[i][k] + 5);
      want_total += A[i][k];
    }
    CHECK(near((double)ld[i], (double)q, 1e-12));
    CHECK(uc[i] == uu);
    CHECK(z[i] == M);
  }
  CHECK(region_sum == want_total);

  // A complex variable of the iteration is an object its gang's work-items
  // do not share: the nested loop runs in order inside each iteration
  // (the region says why), with the same result.
  // CHECK: launch {{.*}}nested_spread_c_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 1x1x1 block 256x1x1
#pragma acc parallel loop copyin(A) copyout(cz)
  for (int i = 0; i < n; i++) {
    double complex c = 0;
#pragma acc loop reduction(+:c)
    for (int k = 0; k < m; k++)
      c += A[i][k] * I;
    cz[i] = c;
  }
  for (int i = 0; i < N; i++) {
    double im = 0;
    for (int k = 0; k < M; k++)
      im += A[i][k];
    CHECK(creal(cz[i]) == 0 && cimag(cz[i]) == im);
  }

  // A reduction on a whole array (the region's private copy; V&V's
  // parallel_loop_reduction_*_loop.c): in order inside the iteration.
  double avgs[5];
#pragma acc parallel loop gang private(avgs) copyin(A) copyout(B)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 5; k++)
      avgs[k] = 0;
#pragma acc loop worker reduction(+:avgs)
    for (int k = 0; k < m; k++)
      avgs[k % 5] += A[i][k];
    for (int k = 0; k < 5; k++)
      B[i][k] = avgs[k];
  }
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 5; k++) {
      double s = 0;
      for (int q = k; q < M; q += 5)
        s += A[i][q];
      CHECK(B[i][k] == s);
    }
  return report();
}

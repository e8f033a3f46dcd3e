// Plain loops of `kernels` in the styles of legacy code, each run at full
// width where the loop is independent: a conditional max and min (`if (a[i]
// > mx) mx = a[i];`, the `?:` form), a count (`cnt++` under a condition),
// members of array elements (`p[i].y = 2 * p[i].x`), a call of a static
// function that only computes a value, and scalar temporaries declared
// before the construct (C89's style) that each iteration assigns before it
// uses them, in the loop and in a loop nested in it: each iteration gets
// its own, and the last one leaves its value, as the sequential loop does.
// Pointers to rows declared in the body (`double *row = &flat[i * M];`,
// `= out[i]`) are accesses of the array they point into, and flattened
// arrays indexed through macros (`((i) * 4 + (j)) * 5 + (k)`) are rows of rows.
// Loops that are not canonical (`for (i = n; i-- > 0;)`) run in order, a
// region of one work-item. Results equal the sequential program's on the
// host, the emulated gfx90a (race-checked) and gfx1100, in C and in C++.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

#include <stdlib.h>

enum { N = 3000, M = 40 };

typedef struct {
  double x, y;
  int tag;
} Point;

static double weight(double v, int k) {
  const double scale = 0.5;
  double w = v * scale;
  for (int j = 0; j < k; ++j)
    w = w * 0.5 + 1;
  return w < 0 ? -w : w;
}

static double a[N], b[N], c[N], grid[N][M], out[N][M], flat[N * M], cube[N * 4 * 5];
static double twice[N * M], shifted[N * M];

#define IDX3(i, j, k) (((i) * 4 + (j)) * 5 + (k))
static Point pts[N];

int main(void) {
  int i, j, k, p = -1, cnt = 0, neg = 0;
  double mx = -1e300, mn = 1e300, big = -1e300, t = -7, u = -7, v = -7;
  for (i = 0; i < N; ++i) {
    a[i] = (i * 37 % 101) - 50.5;
    b[i] = 0;
    c[i] = 0;
    pts[i].x = i;
    pts[i].y = 0;
    pts[i].tag = i % 3;
    for (j = 0; j < M; ++j)
      grid[i][j] = i + 0.25 * j;
  }
#pragma acc kernels copyin(a, grid) copy(b, c, pts, out, flat, cube) copyout(twice, shifted)
  {
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i)
      if (a[i] > mx)
        mx = a[i];
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i) {
      if (mn >= a[i]) {
        mn = a[i];
      }
    }
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i)
      big = (a[i] * 2 > big) ? a[i] * 2 : big;
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i) {
      if (a[i] > 10)
        cnt++;
      if (a[i] < -10)
        --neg;
    }
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i)
      pts[i].y = pts[i].x * 2 + pts[i].tag;
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i)
      b[i] = weight(a[i], i % 5);
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i) {
      t = a[i] * 2;
      c[i] = t + 1;
    }
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 256x1x1
    for (i = 0; i < N; ++i)
      for (j = 0; j < M; ++j) {
        u = grid[i][j] * 3;
        v = u - 1;
        out[i][j] = u + v;
      }
    // Row pointers: `row[j]` is flat[i * M + j], `r2[j]` out[i][j].
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i) {
      double *row = &flat[i * M];
      double *r2 = out[i];
      const double *g = grid[i];
      for (j = 0; j < M; ++j) {
        row[j] = g[j] + 1;
        r2[j] += 1;
      }
    }
    // A three-dimensional array flattened through a macro: rows of rows.
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
    for (i = 0; i < N; ++i)
      for (j = 0; j < 4; ++j)
        for (k = 0; k < 5; ++k)
          cube[IDX3(i, j, k)] = i * 100 + j * 10 + k;
    // Index variables set once from the loops' variables, declared in the
    // body or before the construct (C89: assigned first, its last value kept).
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 256x1x1
    for (i = 0; i < N; ++i)
      for (j = 0; j < M; ++j) {
        int at = i * M + j;
        twice[at] = 2 * flat[at];
      }
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_loop_{{.*}}: grid {{[0-9]+}}x1x1 block {{[1-9][0-9]+}}x1x1
    for (i = 0; i < N; ++i) {
      p = i * M;
      for (j = 0; j < M; ++j)
        shifted[p + j] = flat[p + j] + j;
    }
    // CHECK: launch {{.*}}plain_patterns_c_[[#@LINE+1]]_statement_{{.*}}: grid 1x1x1 block 1x1x1
    for (i = N; i-- > 0;)
      c[i] += 1;
  }
  double rmx = -1e300, rmn = 1e300, rbig = -1e300;
  int rcnt = 0, rneg = 0;
  for (i = 0; i < N; ++i) {
    if (a[i] > rmx)
      rmx = a[i];
    if (a[i] < rmn)
      rmn = a[i];
    if (a[i] * 2 > rbig)
      rbig = a[i] * 2;
    rcnt += a[i] > 10;
    rneg -= a[i] < -10;
  }
  CHECK(mx == rmx && mn == rmn && big == rbig);
  CHECK(cnt == rcnt && neg == rneg && cnt > 0 && neg < 0);
  for (i = 0; i < N; ++i) {
    CHECK(pts[i].y == i * 2.0 + i % 3);
    CHECK(b[i] == weight(a[i], i % 5));
    CHECK(c[i] == a[i] * 2 + 2);
    for (j = 0; j < M; ++j) {
      CHECK(out[i][j] == (i + 0.25 * j) * 6);
      CHECK(flat[i * M + j] == i + 0.25 * j + 1);
      CHECK(twice[i * M + j] == 2 * flat[i * M + j]);
      CHECK(shifted[i * M + j] == flat[i * M + j] + j);
    }
    for (j = 0; j < 4; ++j)
      for (k = 0; k < 5; ++k)
        CHECK(cube[(i * 4 + j) * 5 + k] == i * 100 + j * 10 + k);
    if (failures > 10)
      return report();
  }
  // The last iterations' values, as the sequential loops leave them.
  CHECK(t == a[N - 1] * 2);
  CHECK(u == grid[N - 1][M - 1] * 3 && v == u - 1);
  CHECK(p == (N - 1) * M);
  return report();
}

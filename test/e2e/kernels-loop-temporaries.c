// Scalar temporaries declared before the construct (C89's style) in the
// loops of `kernels loop` and of `loop` in `kernels` without `independent`:
// each iteration assigns them before it reads them, so each gets its own
// copy and the loop is proven independent, at full width, as for the plain
// loops of `kernels`; after the construct they hold the sequential
// program's last values. So in loops with `independent` and loops whose
// body holds loop constructs (a temporary that a nested `loop reduction`
// sums: shared, it was a race, wrong on GPUs), and in loops nested in a
// region loop's iteration, under `collapse` and `tile` too. A temporary read before it
// is assigned keeps the loop in order (the result is the sequential one). Results on the host,
// the emulated gfx90a (race-checked) and gfx1100, in C and in C++.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

#define N 3000
#define M 40

static double a[N], b[N], c[N][M], d[N], e[N], f[M][M], g[M][M], h[M][M];
static double p[M][M][8], q[M][M][8];

int main(void) {
  int i, j;
  double t = -1, u = -1, v = -1, w = 0, x = -1, y = -1, z = -1, o = -1, r = -1;
  int k;
  for (i = 0; i < N; i++)
    a[i] = i * 0.5;

  // CHECK: launch {{.*}}temporaries_c_[[#@LINE+1]]_kernels_loop_{{.*}}: grid 12x1x1 block 256x1x1
#pragma acc kernels loop copyin(a) copyout(b)
  for (i = 0; i < N; i++) {
    t = a[i] * 2;
    b[i] = t + 1;
  }
  CHECK(t == a[N - 1] * 2);

#pragma acc kernels copyin(a) copyout(c)
  {
    // CHECK: launch {{.*}}temporaries_c_[[#@LINE+1]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
#pragma acc loop
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++) {
        u = a[i] + j;
        c[i][j] = u * u;
      }
  }

  // CHECK: launch {{.*}}temporaries_c_[[#@LINE+1]]_kernels_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 256x1x1
#pragma acc kernels loop collapse(2) copy(c)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      v = c[i][j] - 1;
      c[i][j] = v;
    }

  // Read before it is assigned: the iterations carry w, in order.
  // CHECK: launch {{.*}}temporaries_c_[[#@LINE+1]]_kernels_loop_{{.*}}: grid 1x1x1 block 1x1x1
#pragma acc kernels loop copyin(a) copyout(d)
  for (i = 0; i < N; i++) {
    d[i] = w;
    w = a[i];
  }

  // `independent`: the iterations run in parallel, each with its own x.
#pragma acc kernels copyin(a) copyout(e)
  {
#pragma acc loop independent
    for (i = 0; i < N; i++) {
      x = a[i] * 3;
      e[i] = x + 1;
    }
  }

  // A temporary a nested loop reduces into (the matrix product of
  // Farber's book): each iteration of the collapsed nest its own y.
#pragma acc kernels copyin(a) copyout(f, g, h)
  {
#pragma acc loop collapse(2) independent
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j++) {
        y = 0.0;
#pragma acc loop reduction(+:y)
        for (k = 0; k < M; k++)
          y += a[i * M + k] * a[k * M + j];
        f[i][j] = y;
      }
    // A `loop independent` nested in one, the whole body of its iteration:
    // C runs the two as one collapsed loop (joinNestedLoop), whose body is
    // the nested loop's; C++ makes the nested loop a worker loop of the
    // gang (its own temporaries, the last value from the nest's last
    // iteration: privatizeLexedTemporaries).
#pragma acc loop independent
    for (i = 0; i < M; i++) {
#pragma acc loop independent
      for (j = 0; j < M; j++) {
        z = 0.0;
#pragma acc loop reduction(+:z)
        for (k = 0; k < M; k++)
          z += a[i * M + k] * a[k * M + j];
        h[i][j] = z;
      }
    }
#pragma acc loop independent
    for (i = 0; i < M; i++) {
      t = i;
#pragma acc loop
      for (j = 0; j < M; j++)
        g[i][j] = t * j;
    }
    // A loop nested under a collapsed or tiled region loop: the headers of
    // the whole nest give the last iteration's condition.
#pragma acc loop collapse(2) independent
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j++) {
#pragma acc loop independent
        for (k = 0; k < 8; k++) {
          o = a[i * M + k] + j;
          p[i][j][k] = o * 2;
        }
      }
#pragma acc loop tile(4, 8)
    for (i = 0; i < M; i++) {
      for (j = 0; j < M; j++) {
#pragma acc loop
        for (k = 0; k < 8; k++) {
          r = a[j * M + k] + i;
          q[i][j][k] = r * 3;
        }
      }
    }
  }

  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++) {
      double s = 0;
      for (k = 0; k < M; k++)
        s += a[i * M + k] * a[k * M + j];
      CHECK(f[i][j] == s);
      CHECK(h[i][j] == s);
      CHECK(g[i][j] == (double)i * j);
      for (k = 0; k < 8; k++) {
        CHECK(p[i][j][k] == (a[i * M + k] + j) * 2);
        CHECK(q[i][j][k] == (a[j * M + k] + i) * 3);
      }
    }
  CHECK(x == a[N - 1] * 3);
  CHECK(t == M - 1);
  CHECK(o == a[(M - 1) * M + 7] + M - 1);
  CHECK(r == a[(M - 1) * M + 7] + M - 1);
  {
    double s = 0;
    for (k = 0; k < M; k++)
      s += a[(M - 1) * M + k] * a[k * M + M - 1];
    CHECK(y == s);
    CHECK(z == s);
  }
  for (i = 0; i < N; i++) {
    CHECK(b[i] == a[i] * 2 + 1);
    CHECK(e[i] == a[i] * 3 + 1);
    CHECK(d[i] == (i ? a[i - 1] : 0));
    for (j = 0; j < M; j++)
      CHECK(c[i][j] == (a[i] + j) * (a[i] + j) - 1);
    if (failures > 10)
      return report();
  }
  CHECK(u == a[N - 1] + M - 1);
  CHECK(v == (a[N - 1] + M - 1) * (a[N - 1] + M - 1) - 1);
  CHECK(w == a[N - 1]);
  return report();
}

// A region in worker mode (a gang loop holding a worker loop with vector
// loops: gangs of num_workers x vector_length work-items) may hold other
// loops directly in its gang code: a vector loop, a worker loop without
// nested loops, a loop without a level clause, with reductions and atomics.
// Each of their iterations runs once (never once per worker), as on the
// host; the arrays and sums equal the host's.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

constexpr int N = 24, M = 80, P = 36;

static double a[N][M], b[N][M], c[N][M], d[N][M];
static double rowsum[N], rowmax[N];
static int hits[N], counted[N];

int main() {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      a[i][j] = b[i][j] = c[i][j] = d[i][j] = (i + j) % 5;
#pragma acc parallel loop gang num_workers(4) vector_length(32) \
    copy(a, b, c, d, rowsum, rowmax, hits, counted)
  for (int i = 0; i < N; ++i) {
    // The loop that puts the region in worker mode.
#pragma acc loop worker
    for (int j = 0; j < M; ++j) {
#pragma acc loop vector
      for (int k = 0; k < P; ++k)
        if (k == j % P)
          a[i][j] += 1;
    }
    // A vector loop in gang code, with a reduction.
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < M; ++j) {
      b[i][j] += 1;
      s += b[i][j];
    }
    rowsum[i] = s;
    // A worker loop without nested loops, with a max reduction.
    double m = -1;
#pragma acc loop worker reduction(max:m)
    for (int j = 0; j < M; ++j) {
      c[i][j] *= 2;
      m = c[i][j] > m ? c[i][j] : m;
    }
    rowmax[i] = m;
    // A loop without a level clause, and atomics in a vector loop.
#pragma acc loop
    for (int j = 0; j < M; ++j)
      d[i][j] -= 1;
#pragma acc loop vector
    for (int j = 0; j < M; ++j) {
      if (j % 3 == 0) {
#pragma acc atomic update
        hits[i] += 1;
      }
    }
    int n = 0;
#pragma acc loop worker vector reduction(+:n)
    for (int j = 0; j < M; ++j)
      n += j % 2;
    counted[i] = n;
  }
  for (int i = 0; i < N; ++i) {
    double s = 0, m = -1;
    for (int j = 0; j < M; ++j) {
      const double v = (i + j) % 5;
      CHECK(a[i][j] == v + 1);
      CHECK(b[i][j] == v + 1);
      CHECK(c[i][j] == 2 * v);
      CHECK(d[i][j] == v - 1);
      s += v + 1;
      m = 2 * v > m ? 2 * v : m;
    }
    CHECK(rowsum[i] == s);
    CHECK(rowmax[i] == m);
    CHECK(hits[i] == (M + 2) / 3);
    CHECK(counted[i] == M / 2);
  }
  return report();
}

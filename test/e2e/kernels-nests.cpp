// Loop nests in `kernels` without `independent`, as users write them: Ferry
// proves a nested loop's iterations independent and spreads it over the gang
// running the enclosing iteration (matrix-vector with a reduction per row, a
// Jacobi stencil of global arrays in a time loop, flattened rows of pointer
// parameters), and runs it in order where it carries a dependence (a prefix
// sum along each row, inside rows that still run in parallel; a sweep down
// the columns, where the whole region runs in order). Every result equals
// the host's; test/plugin/kernels-nested-remarks.cpp shows which ran how.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// How each region launched (a gang of one warp per row, up to eight to a block
// (one for 37 rows), when the nested loops reduce; a block per row otherwise; one work-item
// where the region runs in order):
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s --check-prefix=GEOMETRY
#include "Inputs/check.h"

#include <utility>
#include <vector>

constexpr int N = 37, M = 70; // neither a multiple of a warp

static double A[N][M], x[M], y[N];
static double u[N][M], unew[N][M];

/// y = A x, one row per gang, the row's dot product over its work-items.
static void matvec() {
#pragma acc kernels copyin(A, x) copyout(y)
  {
// GEOMETRY-DAG: kernels_nests_cpp_[[#@LINE+1]]_loop_{{.*}}: grid 37x1x1 block 32x1x1
#pragma acc loop
    for (int i = 0; i < N; ++i) {
      double s = 0;
#pragma acc loop reduction(+:s)
      for (int j = 0; j < M; ++j)
        s += A[i][j] * x[j];
      y[i] = s;
    }
  }
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = 0; j < M; ++j)
      s += A[i][j] * x[j];
    CHECK(near(y[i], s));
  }
}

/// The same with num_gangs(2): two warp gangs (never more gangs
/// than num_gangs asks for), each striding over the rows.
static void matvecTwoGangs() {
// GEOMETRY-DAG: kernels_nests_cpp_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 2x1x1 block 32x1x1
#pragma acc parallel loop num_gangs(2) copyin(A, x) copyout(y)
  for (int i = 0; i < N; ++i) {
    double s = 0;
#pragma acc loop reduction(+:s)
    for (int j = 0; j < M; ++j)
      s += A[i][j] * x[j];
    y[i] = s;
  }
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = 0; j < M; ++j)
      s += A[i][j] * x[j];
    CHECK(near(y[i], s));
  }
  // Many rows would put eight warp gangs in a block; num_gangs(3) gets three.
  static double rows[2048][4], sums[2048];
  for (int i = 0; i < 2048; ++i)
    for (int j = 0; j < 4; ++j)
      rows[i][j] = i + j;
// GEOMETRY-DAG: kernels_nests_cpp_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 1x1x1 block 32x3x1
#pragma acc parallel loop num_gangs(3) copyin(rows) copyout(sums)
  for (int i = 0; i < 2048; ++i) {
    double s = 0;
#pragma acc loop reduction(+:s)
    for (int j = 0; j < 4; ++j)
      s += rows[i][j];
    sums[i] = s;
  }
  for (int i = 0; i < 2048; ++i)
    CHECK(sums[i] == 4 * i + 6);
}

/// Jacobi sweeps in a time loop: the stencil nest and the copy-back nest
/// (collapse(2), each level proven).
static void jacobi(int steps) {
  static double ref[N][M], tmp[N][M];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      ref[i][j] = u[i][j] = unew[i][j] = (i * 7 + j * 3) % 11;
#pragma acc kernels copy(u) create(unew)
  {
    for (int t = 0; t < steps; ++t) {
#pragma acc loop
      for (int i = 1; i < N - 1; ++i)
#pragma acc loop
        for (int j = 1; j < M - 1; ++j)
          unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
#pragma acc loop collapse(2)
      for (int i = 1; i < N - 1; ++i)
        for (int j = 1; j < M - 1; ++j)
          u[i][j] = unew[i][j];
    }
  }
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < M - 1; ++j)
        tmp[i][j] = 0.25 * (ref[i - 1][j] + ref[i + 1][j] + ref[i][j - 1] + ref[i][j + 1]);
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < M - 1; ++j)
        ref[i][j] = tmp[i][j];
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(u[i][j] == ref[i][j]);
}

/// Rows of n x m matrices stored flat: scaled copies (proven at both
/// levels: i*m + j for j in [0, m) is row i), then prefix sums along each
/// row (a dependence in the inner loop, which runs in order inside each
/// row; i*m + j - 1 for j from 1 stays in row i, so the rows run in
/// parallel, one per work-item).
static void rows(const double *in, double *out, double *scan, int n, int m) {
#pragma acc kernels copyin(in[0:n * m]) copyout(out[0:n * m]) copy(scan[0:n * m])
  {
// GEOMETRY-DAG: kernels_nests_cpp_[[#@LINE+1]]_loop_{{.*}}: grid 45x1x1 block 128x1x1
#pragma acc loop
    for (int i = 0; i < n; ++i) {
      const double scale = 1.0 + i % 3;
#pragma acc loop
      for (int j = 0; j < m; ++j)
        out[i * m + j] = scale * in[i * m + j];
    }
// GEOMETRY-DAG: kernels_nests_cpp_[[#@LINE+1]]_loop_{{.*}}: grid 1x1x1 block 256x1x1
#pragma acc loop
    for (int i = 0; i < n; ++i)
#pragma acc loop
      for (int j = 1; j < m; ++j)
        scan[i * m + j] = scan[i * m + j - 1] + in[i * m + j];
  }
}

/// Prefix sums along the rows of a global array: the inner loop carries the
/// dependence and runs in order inside each row, the rows in parallel (they
/// differ in the first subscript).
static void prefix() {
  static double ref[N][M];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      ref[i][j] = u[i][j] = (i * 3 + j) % 7 - 3;
#pragma acc kernels copy(u)
  {
// GEOMETRY-DAG: kernels_nests_cpp_[[#@LINE+1]]_loop_{{.*}}: grid 1x1x1 block 256x1x1
#pragma acc loop
    for (int i = 0; i < N; ++i)
#pragma acc loop
      for (int j = 1; j < M; ++j)
        u[i][j] = u[i][j - 1] + u[i][j];
  }
  for (int i = 0; i < N; ++i)
    for (int j = 1; j < M; ++j)
      ref[i][j] = ref[i][j - 1] + ref[i][j];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(u[i][j] == ref[i][j]);
}

/// A sweep down the columns: the outer loop carries the dependence, so the
/// region runs in order and its (proven) nested loop in order inside.
static void columns() {
  static double ref[N][M];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      ref[i][j] = u[i][j] = (i + 2 * j) % 5;
#pragma acc kernels copy(u)
  {
// GEOMETRY-DAG: kernels_nests_cpp_[[#@LINE+1]]_loop_{{.*}}: grid 1x1x1 block 1x1x1
#pragma acc loop
    for (int i = 1; i < N; ++i)
#pragma acc loop
      for (int j = 0; j < M; ++j)
        u[i][j] = u[i - 1][j] * 0.5 + u[i][j];
  }
  for (int i = 1; i < N; ++i)
    for (int j = 0; j < M; ++j)
      ref[i][j] = ref[i - 1][j] * 0.5 + ref[i][j];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(u[i][j] == ref[i][j]);
}

int main() {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      A[i][j] = ((i * 13 + j * 5) % 17) * 0.25 - 1;
  for (int j = 0; j < M; ++j)
    x[j] = (j % 9) * 0.5;
  matvec();
  matvecTwoGangs();
  jacobi(5);
  prefix();
  columns();

  const int n = 45, m = 33;
  std::vector<double> in(n * m), out(n * m, 0.0), scan(n * m);
  for (int k = 0; k < n * m; ++k)
    in[k] = scan[k] = (k % 23) * 0.125;
  rows(in.data(), out.data(), scan.data(), n, m);
  for (int i = 0; i < n; ++i) {
    double s = in[i * m];
    CHECK(scan[i * m] == s);
    for (int j = 0; j < m; ++j) {
      CHECK(out[i * m + j] == (1.0 + i % 3) * in[i * m + j]);
      if (j > 0) {
        s += in[i * m + j];
        CHECK(scan[i * m + j] == s);
      }
    }
  }
  return report();
}

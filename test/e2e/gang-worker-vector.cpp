// Workers as a second block dimension: gang/worker/vector triple nests as
// users write them, with level clauses and without (outer gang, middle
// worker, inner vector), statements between the levels (worker-single code,
// stores on lane 0 of each worker), private scalars and arrays per level (an
// array of a worker iteration shared by its vector loops), reductions at each
// level (a vector reduction into a worker-private value, a worker reduction
// into a gang-private one, a region reduction), num_workers 1, 2, 4, 8 and 16
// and vector_length 32, 64 and 128, a worker loop in a `parallel` construct
// with a time loop. Every result equals the host's.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <vector>

constexpr int NI = 7, NJ = 11, NK = 45; // none a multiple of a warp

static double cube[NI][NJ][NK];

/// Row sums of each plane, plane sums, and the total, with `nw` workers and
/// vector length `vl`.
static void sums(int nw, int vl) {
  static double rows[NI][NJ], planes[NI];
  double total = 0;
#pragma acc parallel loop gang num_workers(nw) vector_length(vl) copyin(cube) copyout(rows, planes) reduction(+:total)
  for (int i = 0; i < NI; ++i) {
    double plane = 0;
#pragma acc loop worker reduction(+:plane)
    for (int j = 0; j < NJ; ++j) {
      double s = 0;
#pragma acc loop vector reduction(+:s)
      for (int k = 0; k < NK; ++k)
        s += cube[i][j][k];
      rows[i][j] = s;
      plane += s;
    }
    planes[i] = plane;
    total += plane;
  }
  double all = 0;
  for (int i = 0; i < NI; ++i) {
    double plane = 0;
    for (int j = 0; j < NJ; ++j) {
      double s = 0;
      for (int k = 0; k < NK; ++k)
        s += cube[i][j][k];
      CHECK(rows[i][j] == s);
      plane += s;
    }
    CHECK(planes[i] == plane);
    all += plane;
  }
  CHECK(total == all);
}

int main() {
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      for (int k = 0; k < NK; ++k)
        cube[i][j][k] = (i * 131 + j * 17 + k * 7) % 19 - 9;
  for (int nw : {1, 2, 4, 8, 16})
    sums(nw, 32);
  for (int vl : {64, 128})
    sums(2, vl);

  // No level clauses: gang, worker, vector by position. Statements between
  // the levels, a worker-private array that its vector loops share, private
  // scalars at every level, a max reduction in a vector loop.
  std::vector<double> outv(NI * NJ * NK, 0.0), peakv(NI * NJ, 0.0);
  double *out = outv.data(), *peak = peakv.data();
#pragma acc parallel loop copyin(cube) copyout(out[0:NI * NJ * NK], peak[0:NI * NJ])
  for (int i = 0; i < NI; ++i) {
    const double scale = 1.0 + i; // gang-private
#pragma acc loop
    for (int j = 0; j < NJ; ++j) {
      double row[NK]; // one copy per worker
      const double shift = scale * j; // worker-private
#pragma acc loop
      for (int k = 0; k < NK; ++k)
        row[k] = cube[i][j][k] * scale + shift;
      double top = -1e300;
#pragma acc loop reduction(max:top)
      for (int k = 0; k < NK; ++k) {
        const double v = row[NK - 1 - k]; // vector-private
        out[(i * NJ + j) * NK + k] = v;
        top = v > top ? v : top;
      }
      peak[i * NJ + j] = top;
    }
  }
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      double top = -1e300;
      for (int k = 0; k < NK; ++k) {
        const double v = cube[i][j][NK - 1 - k] * (1.0 + i) + (1.0 + i) * j;
        CHECK(out[(i * NJ + j) * NK + k] == v);
        top = v > top ? v : top;
      }
      CHECK(peak[i * NJ + j] == top);
    }

  // A `parallel` construct with a time loop; worker loops with a private
  // clause and triangular vector loops.
  std::vector<double> av(NI * NJ, 1.0);
  double *a = av.data();
#pragma acc parallel num_workers(8) copy(a[0:NI * NJ]) copyin(cube)
  {
    for (int t = 0; t < 3; ++t) {
#pragma acc loop gang
      for (int i = 0; i < NI; ++i) {
        double tmp;
#pragma acc loop worker private(tmp)
        for (int j = 0; j < NJ; ++j) {
          tmp = 0;
          double s = 0;
#pragma acc loop vector reduction(+:s)
          for (int k = 0; k <= j; ++k)
            s += cube[i][j][k];
          tmp = s * 0.5;
          a[i * NJ + j] = a[i * NJ + j] * 0.5 + tmp;
        }
      }
    }
  }
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      double s = 0;
      for (int k = 0; k <= j; ++k)
        s += cube[i][j][k];
      double v = 1.0;
      for (int t = 0; t < 3; ++t)
        v = v * 0.5 + s * 0.5;
      CHECK(a[i * NJ + j] == v);
    }
  return report();
}

// private(c[lo:len]) and firstprivate(c[lo:len]) at every level of the
// execution model: gang/worker/vector nests (workers as a second block
// dimension) with a gang copy that the workers read, a copy per worker that
// its vector loops fill and read and that its worker-single code writes, a
// copy per vector lane, a `seq` loop in a worker loop's code, a nest without
// level clauses, an explicit worker loop without vector loops (each
// work-item its own worker iterations), num_workers 1 to 16 and
// vector_length 64; gang(static: n) next to private sections, flat and with
// a vector loop in each gang's iteration; tile(...) with a private section;
// a `kernels` nested loop that runs in order (a dependence) with its own.
// Every result equals the host's, and nothing is copied back.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <vector>

constexpr int NI = 6, NJ = 9, NK = 40; // NK: not a multiple of a warp

static double cube[NI][NJ][NK];
static double out[NI][NJ][NK], rowmax[NI][NJ];
double *scratch; // the program's scratch row, never on the device
double *weights; // NK weights, firstprivate where they are changed

static double value(int i, int j, int k) { return cube[i][j][k] * (1.0 + i) + j; }

/// A gang copy of the plane's weights, a copy per worker of the row, a copy
/// per vector lane; with \p nw workers of \p vl lanes.
static void planes(int nw, int vl) {
  double *g = new double[NK], *lane = new double[2];
#pragma acc parallel loop gang num_workers(nw) vector_length(vl) copyin(cube) copyout(out, rowmax) private(g[0:NK])
  for (int i = 0; i < NI; ++i) {
    for (int k = 0; k < NK; ++k) // gang code: the gang's copy
      g[k] = 1.0 + i;
#pragma acc loop worker private(scratch[0:NK])
    for (int j = 0; j < NJ; ++j) {
      scratch[NK - 1] = j; // worker-single code: the worker's copy
#pragma acc loop vector
      for (int k = 0; k < NK - 1; ++k)
        scratch[k] = cube[i][j][k] * g[k] + scratch[NK - 1];
      double top = -1e300;
#pragma acc loop vector reduction(max : top) private(lane[0:2])
      for (int k = 0; k < NK; ++k) {
        lane[0] = k + 1 < NK ? scratch[NK - 2 - k] : cube[i][j][0] * g[0] + j;
        lane[1] = lane[0];
        out[i][j][k] = lane[1];
        top = lane[0] > top ? lane[0] : top;
      }
      rowmax[i][j] = top;
    }
  }
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      double top = -1e300;
      for (int k = 0; k < NK; ++k) {
        const double v = value(i, j, k + 1 < NK ? NK - 2 - k : 0);
        CHECK(out[i][j][k] == v);
        top = v > top ? v : top;
      }
      CHECK(rowmax[i][j] == top);
    }
  delete[] g;
  delete[] lane;
}

int main() {
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      for (int k = 0; k < NK; ++k)
        cube[i][j][k] = (i * 131 + j * 17 + k * 7) % 19 - 9;
  scratch = new double[NK];
  weights = new double[NK];
  for (int k = 0; k < NK; ++k) {
    scratch[k] = -1;
    weights[k] = k % 3 + 1;
  }

  for (int nw : {1, 4, 16})
    planes(nw, 32);
  planes(2, 64);

  // No level clauses (gang, worker, vector by position): the middle loop's
  // copy is its worker's, filled by a vector loop, changed by a `seq` loop
  // of the worker's code (whose own copy is the worker's too) and read by
  // another vector loop.
  std::vector<double> basev(NK);
  double *base = basev.data(), *acc2 = new double[2];
  for (int k = 0; k < NK; ++k)
    base[k] = k % 3 + 1;
#pragma acc parallel loop copyin(cube, base[0:NK]) copyout(out, rowmax)
  for (int i = 0; i < NI; ++i) {
#pragma acc loop private(weights[0:NK])
    for (int j = 0; j < NJ; ++j) {
#pragma acc loop
      for (int k = 0; k < NK; ++k)
        weights[k] = base[k];
#pragma acc loop seq private(acc2[0:2])
      for (int k = 0; k < NK; k += 8) {
        acc2[0] = j;
        acc2[1] = acc2[0] + 1;
        weights[k] += acc2[1]; // every eighth weight, in this iteration only
      }
#pragma acc loop
      for (int k = 0; k < NK; ++k)
        out[i][j][k] = cube[i][j][k] * weights[k];
      rowmax[i][j] = weights[0];
    }
  }
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      for (int k = 0; k < NK; ++k)
        CHECK(out[i][j][k] == cube[i][j][k] * (k % 3 + 1 + (k % 8 ? 0 : j + 1)));
      CHECK(rowmax[i][j] == 1 + j + 1);
    }
  for (int k = 0; k < NK; ++k)
    CHECK(weights[k] == k % 3 + 1 && scratch[k] == -1); // nothing copied back

  // A worker loop without vector loops: each work-item runs worker
  // iterations of its own, with its own copy.
#pragma acc parallel loop gang copyin(cube) copyout(rowmax)
  for (int i = 0; i < NI; ++i) {
#pragma acc loop worker private(scratch[0:NK])
    for (int j = 0; j < NJ; ++j) {
      for (int k = 0; k < NK; ++k)
        scratch[k] = cube[i][j][NK - 1 - k];
      double s = 0;
      for (int k = 0; k < NK; ++k)
        s += scratch[k] * k;
      rowmax[i][j] = s;
    }
  }
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      double s = 0;
      for (int k = 0; k < NK; ++k)
        s += cube[i][j][NK - 1 - k] * k;
      CHECK(rowmax[i][j] == s);
    }

  // gang(static: n): chunks of iterations dealt to the gangs, each
  // work-item with its own copy; then one iteration per gang, the gang's
  // copy shared by its vector loop.
  constexpr int N = 500;
  std::vector<double> resv(N, 0.0);
  double *res = resv.data();
  for (int chunk : {3, 64}) {
#pragma acc parallel loop gang(static: chunk) copyout(res[0:N]) firstprivate(weights[0:4])
    for (int i = 0; i < N; ++i) {
      weights[i % 4] += i;
      res[i] = weights[0] + weights[1] + weights[2] + weights[3];
    }
    for (int i = 0; i < N; ++i)
      CHECK(res[i] == 1 + 2 + 3 + 1 + i);
  }
#pragma acc parallel loop gang(static: 2) copyin(cube) copyout(out) private(scratch[0:NK])
  for (int i = 0; i < NI * NJ; ++i) {
    const int a = i / NJ, b = i % NJ;
    for (int k = 0; k < NK; ++k)
      scratch[k] = cube[a][b][k] + i;
#pragma acc loop vector
    for (int k = 0; k < NK; ++k)
      out[a][b][k] = scratch[NK - 1 - k];
  }
  for (int i = 0; i < NI * NJ; ++i)
    for (int k = 0; k < NK; ++k)
      CHECK(out[i / NJ][i % NJ][k] == cube[i / NJ][i % NJ][NK - 1 - k] + i);

  // tile: each element of a tile with its own copy.
#pragma acc parallel loop tile(4, 8) copyin(cube) copyout(rowmax) private(acc2[0:2])
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      acc2[0] = cube[i][j][0];
      acc2[1] = cube[i][j][1];
      rowmax[i][j] = acc2[0] * acc2[1] + i;
    }
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      CHECK(rowmax[i][j] == cube[i][j][0] * cube[i][j][1] + i);
  // kernels: a nested loop with a dependence runs in order inside each
  // iteration (not proven independent), its copy the iteration's.
  static double pre[NI][NK];
  for (int i = 0; i < NI; ++i)
    for (int k = 0; k < NK; ++k)
      pre[i][k] = cube[i][0][k];
#pragma acc kernels copy(pre) copyin(cube)
  {
#pragma acc loop
    for (int i = 0; i < NI; ++i)
#pragma acc loop private(acc2[0:2])
      for (int k = 1; k < NK; ++k) {
        acc2[0] = pre[i][k - 1];
        acc2[1] = cube[i][1][k];
        pre[i][k] = acc2[0] + acc2[1];
      }
  }
  for (int i = 0; i < NI; ++i) {
    double s = cube[i][0][0];
    CHECK(pre[i][0] == s);
    for (int k = 1; k < NK; ++k) {
      s += cube[i][1][k];
      CHECK(pre[i][k] == s);
    }
  }
  for (int k = 0; k < NK; ++k)
    CHECK(weights[k] == k % 3 + 1 && scratch[k] == -1);
  return report();
}

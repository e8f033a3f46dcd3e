// worker(n) and worker(num: n) on the loops of a `kernels` construct set the
// number of workers of its gangs, as num_workers does on the construct
// (OpenACC 3.3 2.9.3): gang/worker/vector nests with 2, 3 and 8 workers
// (a run-time count too), and num_workers on the construct with a plain
// `worker` loop. Every result equals the host's; the launches show the
// gangs' shape (32 lanes by the number of workers).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx1100 %run %t 2>&1 | %FileCheck %s
#include "Inputs/check.h"

constexpr int NI = 6, NJ = 13, NK = 50; // none a multiple of a warp

static double cube[NI][NJ][NK], rows[NI][NJ], planes[NI];

static void clear() {
  for (int i = 0; i < NI; ++i) {
    planes[i] = -1;
    for (int j = 0; j < NJ; ++j)
      rows[i][j] = -1;
  }
}

/// Every row sum, and (\p withPlanes) every plane's.
static void check(bool withPlanes) {
  for (int i = 0; i < NI; ++i) {
    double plane = 0;
    for (int j = 0; j < NJ; ++j) {
      double s = 0;
      for (int k = 0; k < NK; ++k)
        s += cube[i][j][k];
      CHECK(rows[i][j] == s);
      plane += s;
    }
    if (withPlanes)
      CHECK(near(planes[i], plane));
  }
}

/// Row sums with \p nw workers per gang, the number given on the worker loop.
static void rowSums(int nw) {
  clear();
#pragma acc kernels copyin(cube) copyout(rows)
  {
// CHECK: kernels_worker_num_cpp_[[#@LINE+1]]_loop_{{.*}}: grid 6x1x1 block 32x3x1
#pragma acc loop gang independent
    for (int i = 0; i < NI; ++i)
#pragma acc loop worker(nw) independent
      for (int j = 0; j < NJ; ++j) {
        double s = 0;
#pragma acc loop vector independent reduction(+:s)
        for (int k = 0; k < NK; ++k)
          s += cube[i][j][k];
        rows[i][j] = s;
      }
  }
  check(false);
}

int main() {
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      for (int k = 0; k < NK; ++k)
        cube[i][j][k] = ((i * 31 + j * 7 + k) % 19) * 0.5 - 4;

  rowSums(3);

  // worker(num: 2), a worker reduction into each plane.
  clear();
// CHECK: kernels_worker_num_cpp_[[#@LINE+1]]_kernels_loop_{{.*}}: grid 6x1x1 block 32x2x1
#pragma acc kernels loop gang independent copyin(cube) copyout(rows, planes)
  for (int i = 0; i < NI; ++i) {
    double plane = 0;
#pragma acc loop worker(num: 2) independent reduction(+:plane)
    for (int j = 0; j < NJ; ++j) {
      double s = 0;
#pragma acc loop vector independent reduction(+:s)
      for (int k = 0; k < NK; ++k)
        s += cube[i][j][k];
      rows[i][j] = s;
      plane += s;
    }
    planes[i] = plane;
  }
  check(true);

  // On the region's loop: a gang of 8 workers for its worker loop.
  clear();
// CHECK: kernels_worker_num_cpp_[[#@LINE+1]]_kernels_loop_{{.*}}: grid 6x1x1 block 32x8x1
#pragma acc kernels loop gang worker(8) independent copyin(cube) copyout(rows)
  for (int i = 0; i < NI; ++i)
#pragma acc loop worker independent
    for (int j = 0; j < NJ; ++j) {
      double s = 0;
#pragma acc loop vector independent reduction(+:s)
      for (int k = 0; k < NK; ++k)
        s += cube[i][j][k];
      rows[i][j] = s;
    }
  check(false);

  // num_workers on the construct, a plain `worker` loop.
  clear();
#pragma acc kernels num_workers(4) copyin(cube) copyout(rows)
  {
// CHECK: kernels_worker_num_cpp_[[#@LINE+1]]_loop_{{.*}}: grid 6x1x1 block 32x4x1
#pragma acc loop gang independent
    for (int i = 0; i < NI; ++i)
#pragma acc loop worker independent
      for (int j = 0; j < NJ; ++j) {
        double s = 0;
#pragma acc loop vector independent reduction(+:s)
        for (int k = 0; k < NK; ++k)
          s += cube[i][j][k];
        rows[i][j] = s;
      }
  }
  check(false);
  return report();
}

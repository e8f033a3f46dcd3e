// device_type (and dtype) on compute, combined, loop, data, update and
// routine directives: the clauses after it hold only when the selected
// device is of a listed type, chosen when the construct runs (num_workers,
// worker(n) and gang(static:)'s chunk size too). The results
// are the same everywhere; the launches (FERRY_NOTIFY=1) show which clauses
// were used: on the emulated AMD devices (type radeon) the radeon geometry,
// on the host the host's queue; and after '#pragma acc set device_type(host)'
// the same construct takes the host's clauses.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a env FERRY_NOTIFY=1 %run %t 2>&1 | %FileCheck %s --check-prefix=RADEON
// RUN: env ACC_DEVICE_TYPE=host FERRY_NOTIFY=1 %run %t 2>&1 | %FileCheck %s --check-prefix=HOST
#include "Inputs/check.h"

#include <openacc.h>

const int N = 4096;
float u[N], v[N];

#pragma acc routine seq device_type(nvidia) vector
static float smooth(const float *a, int i) {
  return 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
}

// RADEON: launch __ferry_device_type_cpp_[[#@LINE+3]]_parallel_loop_{{[0-9a-f]+}} on emulated gfx{{[0-9a-z]+}}: grid 6x1x1 block 64x1x1
// HOST: run device-type.cpp:[[#@LINE+2]] parallel loop for host queue 1 on the calling thread
static void fill(float *a, int n, float s) {
#pragma acc parallel loop copyout(a[0:n]) num_gangs(4) device_type(radeon) num_gangs(6) vector_length(64) dtype(nvidia) num_gangs(8) vector_length(128) device_type(host) async(1)
  for (int i = 0; i < n; ++i)
    a[i] = s * float(i % 17);
#pragma acc wait
}

static void time_steps(int steps) {
#pragma acc data copy(u) create(v) device_type(radeon) async(2)
  {
#pragma acc wait(2)
    for (int t = 0; t < steps; ++t) {
// RADEON: launch __ferry_device_type_cpp_[[#@LINE+1]]_parallel_loop_{{[0-9a-f]+}} on emulated gfx{{[0-9a-z]+}}: grid {{[0-9]+}}x1x1 block 32x1x1
#pragma acc parallel loop present(u, v) gang vector device_type(radeon) vector(32) device_type(*) vector(128)
      for (int i = 1; i < N - 1; ++i)
        v[i] = smooth(u, i);
// RADEON: launch __ferry_device_type_cpp_[[#@LINE+1]]_kernels_loop_{{[0-9a-f]+}} on emulated gfx{{[0-9a-z]+}}: grid 3x1x1 block 256x1x1
#pragma acc kernels loop independent present(u, v) device_type(radeon) num_gangs(3) device_type(nvidia) num_gangs(5)
      for (int i = 1; i < N - 1; ++i)
        u[i] = v[i];
    }
#pragma acc update self(u) device_type(host) async(3) device_type(radeon) async(4)
#pragma acc wait
  }
}

static float total(const float *a, int n) {
  float s = 0;
#pragma acc parallel copyin(a[0:n]) device_type(nvidia, radeon) num_gangs(2) device_type(host) num_gangs(1)
  {
#pragma acc loop reduction(+:s) device_type(*) independent
    for (int i = 0; i < n; ++i)
      s += a[i];
  }
  return s;
}

// The launch values of the level clauses per device type: num_workers and
// worker(n) in `kernels` (a gang/worker/vector nest: 32 lanes by the
// workers), and the chunk size of gang(static:) (the gangs it takes to cover
// the iterations: 4096 / 1024 without the radeon value, 4096 / 256 with it).
constexpr int NI = 6, NJ = 7, NK = 40;
static float cube[NI][NJ][NK], rows[NI][NJ];

static bool check_rows() {
  int bad = 0;
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      float s = 0;
      for (int k = 0; k < NK; ++k)
        s += cube[i][j][k];
      bad += !near(rows[i][j], s, 1e-5);
      rows[i][j] = -1;
    }
  return bad == 0;
}

static void levels() {
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      for (int k = 0; k < NK; ++k)
        cube[i][j][k] = float((i * 7 + j * 3 + k) % 13);
// RADEON: launch __ferry_device_type_cpp_[[#@LINE+1]]_parallel_loop_{{[0-9a-f]+}} on emulated gfx{{[0-9a-z]+}}: grid 6x1x1 block 32x2x1
#pragma acc parallel loop gang num_workers(4) copyin(cube) copyout(rows) device_type(radeon) num_workers(2) device_type(nvidia) num_workers(8)
  for (int i = 0; i < NI; ++i)
#pragma acc loop worker
    for (int j = 0; j < NJ; ++j) {
      float s = 0;
#pragma acc loop vector reduction(+:s)
      for (int k = 0; k < NK; ++k)
        s += cube[i][j][k];
      rows[i][j] = s;
    }
  CHECK(check_rows());
#pragma acc kernels copyin(cube) copyout(rows)
  {
// RADEON: launch __ferry_device_type_cpp_[[#@LINE+1]]_loop_{{[0-9a-f]+}} on emulated gfx{{[0-9a-z]+}}: grid 6x1x1 block 32x3x1
#pragma acc loop gang independent
    for (int i = 0; i < NI; ++i)
#pragma acc loop worker(4) independent dtype(radeon) worker(num: 3) independent
      for (int j = 0; j < NJ; ++j) {
        float s = 0;
#pragma acc loop vector independent reduction(+:s)
        for (int k = 0; k < NK; ++k)
          s += cube[i][j][k];
        rows[i][j] = s;
      }
  }
  CHECK(check_rows());
// RADEON: launch __ferry_device_type_cpp_[[#@LINE+1]]_parallel_loop_{{[0-9a-f]+}} on emulated gfx{{[0-9a-z]+}}: grid 16x1x1 block 256x1x1
#pragma acc parallel loop gang(static: 1024) copy(v) device_type(radeon) gang(static: 8)
  for (int i = 0; i < N; ++i)
    v[i] = float(i % 5);
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += v[i] != float(i % 5);
  CHECK(bad == 0);
}

int main() {
  fill(u, N, 1.0f);
  float want[N], tmp[N];
  for (int i = 0; i < N; ++i)
    want[i] = u[i];
  time_steps(3);
  for (int t = 0; t < 3; ++t) {
    for (int i = 1; i < N - 1; ++i)
      tmp[i] = 0.25f * want[i - 1] + 0.5f * want[i] + 0.25f * want[i + 1];
    for (int i = 1; i < N - 1; ++i)
      want[i] = tmp[i];
  }
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += !near(u[i], want[i], 1e-5);
  CHECK(bad == 0);
  float s = 0;
  for (int i = 0; i < N; ++i)
    s += want[i];
  CHECK(near(total(u, N), s, 1e-4));
  levels();
  // The construct takes the clauses of the device type selected when it
  // runs: on the host now, its queue.
#pragma acc set device_type(host)
  CHECK(acc_get_device_type() == acc_device_host);
// RADEON: run device-type.cpp:{{[0-9]+}} parallel loop for host queue 1 on the calling thread
  fill(v, N, 2.0f);
  for (int i = 0; i < N; ++i)
    bad += v[i] != 2.0f * float(i % 17);
  CHECK(bad == 0);
  return report();
}

// PolyBench's OpenACC form in C: `loop` over i around `loop` over j, the
// variables declared at the function's top. The inner loop is the whole
// body of the outer one, independent and rectangular, so the two run as one
// collapsed loop (an (i, j) pair per work-item: 64x48 = 3072 iterations,
// grid 12 of 256), in C as in C++; where the inner loop is not the whole
// body (a scalar reduction with statements around it, a triangular loop) it
// spreads over the gang that runs each iteration, in C (CRegion.h) as in C++
// (NestedLoop.h): one iteration per gang, a block of 128 work-items or a warp
// when it reduces. Results equal the sequential program's, on the host, the
// emulated gfx90a (race-checked) and gfx1100. The same file compiled as C++
// joins the same loops (its collapsed geometry differs).
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s --check-prefix=IN-C
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s --check-prefix=IN-CXX
#include "Inputs/check_c.h"

enum { NI = 64, NJ = 48, NK = 40 };

static double A[NI][NK], B[NK][NJ], C[NI][NJ], R[NI][NJ], x[NJ], y[NI], ry[NI];

static void gemm(double alpha, double beta) {
  int i, j, k;
#pragma acc data copyin(A, B) copy(C)
  {
#pragma acc parallel
    {
      // IN-C: launch {{.*}}nested_join_c_[[#@LINE+2]]_loop_{{.*}}: grid 12x1x1 block 256x1x1
      // IN-CXX: launch {{.*}}nested_join_c_[[#@LINE+1]]_loop_{{.*}}: grid 16x1x1 block 256x1x1
#pragma acc loop
      for (i = 0; i < NI; i++)
#pragma acc loop
        for (j = 0; j < NJ; j++) {
          C[i][j] *= beta;
          for (k = 0; k < NK; ++k)
            C[i][j] += alpha * A[i][k] * B[k][j];
        }
    }
  }
}

static void gemm_reference(double alpha, double beta) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      R[i][j] *= beta;
      for (int k = 0; k < NK; ++k)
        R[i][j] += alpha * A[i][k] * B[k][j];
    }
}

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)((i * k + 1) % 7) / 7;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)((k * (j + 2)) % 5) / 5;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = R[i][j] = (double)((i + j) % 3);
  gemm(1.5, 1.25);
  gemm_reference(1.5, 1.25);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      CHECK(near(C[i][j], R[i][j], 1e-12));

  // Braces, levels named, variables of the loops: joined too.
  // IN-C: launch {{.*}}nested_join_c_[[#@LINE+2]]_parallel_loop_{{.*}}: grid 12x1x1 block 256x1x1
  // IN-CXX: launch {{.*}}nested_join_c_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 16x1x1 block 256x1x1
#pragma acc parallel loop gang copy(C)
  for (int i = 0; i < NI; i++) {
#pragma acc loop vector
    for (int j = 0; j < NJ; j++) {
      C[i][j] = C[i][j] * 2 + i - j;
    }
  }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      CHECK(near(C[i][j], R[i][j] * 2 + i - j, 1e-12));

  // Not the whole body: the inner loop spread over a gang (a warp: it
  // reduces) per iteration.
  for (int j = 0; j < NJ; j++)
    x[j] = j % 4;
  // IN-C: launch {{.*}}nested_join_c_[[#@LINE+2]]_parallel_loop_{{.*}}: grid 64x1x1 block 32x1x1
  // IN-CXX: launch {{.*}}nested_join_c_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 64x1x1 block 32x1x1
#pragma acc parallel loop copyin(C, x) copyout(y)
  for (int i = 0; i < NI; i++) {
    double s = 0;
#pragma acc loop reduction(+:s)
    for (int j = 0; j < NJ; j++)
      s += C[i][j] * x[j];
    y[i] = s;
  }
  for (int i = 0; i < NI; i++) {
    ry[i] = 0;
    for (int j = 0; j < NJ; j++)
      ry[i] += C[i][j] * x[j];
    CHECK(near(y[i], ry[i], 1e-12));
  }

  // Triangular: spread over a gang per iteration, every element written once.
  // IN-C: launch {{.*}}nested_join_c_[[#@LINE+2]]_parallel_loop_{{.*}}: grid 48x1x1 block 128x1x1
  // IN-CXX: launch {{.*}}nested_join_c_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 48x1x1 block 128x1x1
#pragma acc parallel loop copy(C)
  for (int i = 0; i < NJ; i++)
#pragma acc loop
    for (int j = 0; j <= i; j++)
      C[i][j] = -1;
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NJ; j++)
      CHECK(j <= i ? C[i][j] == -1 : near(C[i][j], R[i][j] * 2 + i - j, 1e-12));
  return report();
}

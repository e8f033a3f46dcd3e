// The Jacobi iteration as OpenACC tutorials write it: a time loop on the
// host around `kernels` over plain loops, the error a `fmax` of the updates
// (`err = fmax(err, ...)`: an implicit max reduction, as NVHPC finds it),
// the grids behind pointers in no data clause (their sections inferred,
// ImplicitSections.h; `restrict`: distinct, so the sweep's iterations are
// independent, as NVHPC takes them) and, in a second version, in a `data`
// region with the time loop inside `kernels` (host control). Both run at
// full width (a collapsed launch per sweep) and give the sequential result.
// In C and, the same file compiled as C++, in C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

#include <stdlib.h>

enum { N = 66, M = 34, ITERS = 10 };

static double sweep_reference(double *a, double *anew) {
  double err = 0;
  for (int i = 1; i < N - 1; ++i)
    for (int j = 1; j < M - 1; ++j) {
      anew[i * M + j] = 0.25 * (a[(i - 1) * M + j] + a[(i + 1) * M + j] + a[i * M + j - 1] +
                                a[i * M + j + 1]);
      err = fmax(err, fabs(anew[i * M + j] - a[i * M + j]));
    }
  return err;
}

int main(void) {
  double *__restrict a = (double *)malloc(sizeof(double) * N * M);
  double *__restrict anew = (double *)malloc(sizeof(double) * N * M);
  double *ra = (double *)malloc(sizeof(double) * N * M);
  double *ranew = (double *)malloc(sizeof(double) * N * M);
  for (int i = 0; i < N * M; ++i)
    a[i] = anew[i] = ra[i] = ranew[i] = (i % 7) * 0.5 + (i % 3);

  double err = 0, rerr = 0;
  for (int it = 0; it < ITERS; ++it) {
    err = 0;
    // CHECK-COUNT-10: launch {{.*}}jacobi_c_[[#@LINE+2]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
#pragma acc kernels
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < M - 1; ++j) {
        anew[i * M + j] = 0.25 * (a[(i - 1) * M + j] + a[(i + 1) * M + j] + a[i * M + j - 1] +
                                  a[i * M + j + 1]);
        err = fmax(err, fabs(anew[i * M + j] - a[i * M + j]));
      }
    double *t = a;
    a = anew;
    anew = t;
    rerr = sweep_reference(ra, ranew);
    t = ra;
    ra = ranew;
    ranew = t;
    CHECK(err == rerr);
  }
  for (int i = 0; i < N * M; ++i)
    CHECK(a[i] == ra[i]);

  // The time loop inside: host control, the grids present.
  double *b = (double *)malloc(sizeof(double) * N * M);
  double *bnew = (double *)malloc(sizeof(double) * N * M);
  for (int i = 0; i < N * M; ++i)
    b[i] = bnew[i] = (i % 5) * 0.25;
  double last = 0;
#pragma acc data copy(b[0:N * M], bnew[0:N * M])
  {
    // CHECK-COUNT-10: launch {{.*}}jacobi_c_[[#@LINE+4]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
#pragma acc kernels
    for (int it = 0; it < ITERS; ++it) {
      last = 0;
      for (int i = 1; i < N - 1; ++i)
        for (int j = 1; j < M - 1; ++j) {
          bnew[i * M + j] = 0.25 * (b[(i - 1) * M + j] + b[(i + 1) * M + j] +
                                    b[i * M + j - 1] + b[i * M + j + 1]);
          last = fmax(last, fabs(bnew[i * M + j] - b[i * M + j]));
        }
      for (int i = 1; i < N - 1; ++i)
        for (int j = 1; j < M - 1; ++j)
          b[i * M + j] = bnew[i * M + j];
    }
  }
  for (int i = 0; i < N * M; ++i)
    ra[i] = ranew[i] = (i % 5) * 0.25;
  for (int it = 0; it < ITERS; ++it) {
    rerr = sweep_reference(ra, ranew);
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < M - 1; ++j)
        ra[i * M + j] = ranew[i * M + j];
  }
  CHECK(last == rerr);
  for (int i = 0; i < N * M; ++i)
    CHECK(b[i] == ra[i]);
  free(a);
  free(anew);
  free(ra);
  free(ranew);
  free(b);
  free(bnew);
  return report();
}

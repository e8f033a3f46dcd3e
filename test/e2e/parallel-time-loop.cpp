// `parallel` constructs whose loops sit in sequential control, as stencil,
// solver and factorization codes write them: a time loop around two sweeps
// (each reads what the other wrote), pointers swapped between steps, a
// convergence loop driven by a max-reduction, a pivot loop around nested
// updates, and scalars of the control that stay firstprivate. The control
// runs on the host, each loop launches on its own, and every result equals
// the host's exactly. A construct that writes an array outside its loops
// still runs as one region, and is right too.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <algorithm>
#include <cmath>
#include <vector>

constexpr int N = 40;

static void jacobiHost(std::vector<double> &A, std::vector<double> &B, int steps) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < N - 1; ++j)
        B[i * N + j] = 0.2 * (A[i * N + j] + A[i * N + j - 1] + A[i * N + j + 1] +
                              A[(i - 1) * N + j] + A[(i + 1) * N + j]);
    for (int i = 1; i < N - 1; ++i)
      for (int j = 1; j < N - 1; ++j)
        A[i * N + j] = 0.2 * (B[i * N + j] + B[i * N + j - 1] + B[i * N + j + 1] +
                              B[(i - 1) * N + j] + B[(i + 1) * N + j]);
  }
}

int main() {
  std::vector<double> av(N * N), bv(N * N, 0.0);
  for (int i = 0; i < N * N; ++i)
    av[i] = (i * 37 % 101) / 10.0;
  std::vector<double> ar = av, br = bv;
  double *a = av.data(), *b = bv.data();
  const int steps = 7;

  // Jacobi: the time loop inside `parallel`, two sweeps per step.
#pragma acc parallel copy(a[0:N*N], b[0:N*N])
  {
    for (int t = 0; t < steps; ++t) {
#pragma acc loop
      for (int i = 1; i < N - 1; ++i) {
#pragma acc loop
        for (int j = 1; j < N - 1; ++j)
          b[i * N + j] = 0.2 * (a[i * N + j] + a[i * N + j - 1] + a[i * N + j + 1] +
                                a[(i - 1) * N + j] + a[(i + 1) * N + j]);
      }
#pragma acc loop collapse(2)
      for (int i = 1; i < N - 1; ++i)
        for (int j = 1; j < N - 1; ++j)
          a[i * N + j] = 0.2 * (b[i * N + j] + b[i * N + j - 1] + b[i * N + j + 1] +
                                b[(i - 1) * N + j] + b[(i + 1) * N + j]);
    }
  }
  jacobiHost(ar, br, steps);
  for (int i = 0; i < N * N; ++i) {
    CHECK(a[i] == ar[i]);
    CHECK(b[i] == br[i]);
  }

  // The same stencil with one sweep per step and the pointers swapped
  // between steps (the swap changes the region's copies only).
  std::vector<double> cv(av), dv(N * N, 0.0), cr(av), dr(N * N, 0.0);
  double *src = cv.data(), *dst = dv.data();
  double *const src0 = src;
#pragma acc data copy(src[0:N*N], dst[0:N*N])
#pragma acc parallel present(src[0:N*N], dst[0:N*N])
  {
    for (int t = 0; t < 4; ++t) {
#pragma acc loop
      for (int i = 1; i < N - 1; ++i)
        for (int j = 1; j < N - 1; ++j)
          dst[i * N + j] = 0.25 * (src[i * N + j - 1] + src[i * N + j + 1] +
                                   src[(i - 1) * N + j] + src[(i + 1) * N + j]);
      std::swap(src, dst);
    }
  }
  CHECK(src == src0); // firstprivate: the host's pointer is unchanged
  {
    double *s = cr.data(), *d = dr.data();
    for (int t = 0; t < 4; ++t) {
      for (int i = 1; i < N - 1; ++i)
        for (int j = 1; j < N - 1; ++j)
          d[i * N + j] = 0.25 * (s[i * N + j - 1] + s[i * N + j + 1] + s[(i - 1) * N + j] +
                                 s[(i + 1) * N + j]);
      std::swap(s, d);
    }
  }
  for (int i = 0; i < N * N; ++i) {
    CHECK(cv[i] == cr[i]);
    CHECK(dv[i] == dr[i]);
  }

  // A convergence loop: relax until the largest change is small.
  std::vector<double> uv(N, 0.0), ur(N, 0.0);
  uv[N - 1] = ur[N - 1] = 1.0;
  double *u = uv.data();
  int iterations = 0;
  double change = 1;
#pragma acc parallel copy(u[0:N])
  {
    while (change > 1e-3 && iterations < 10000) {
      change = 0;
#pragma acc loop reduction(max:change)
      for (int i = 1; i < N - 1; i += 2) {
        double v = 0.5 * (u[i - 1] + u[i + 1]);
        change = std::max(change, std::fabs(v - u[i]));
        u[i] = v;
      }
#pragma acc loop reduction(max:change)
      for (int i = 2; i < N - 1; i += 2) {
        double v = 0.5 * (u[i - 1] + u[i + 1]);
        change = std::max(change, std::fabs(v - u[i]));
        u[i] = v;
      }
      ++iterations;
    }
  }
  int hostIterations = 0;
  for (double c = 1; c > 1e-3 && hostIterations < 10000; ++hostIterations) {
    c = 0;
    for (int i = 1; i < N - 1; i += 2) {
      double v = 0.5 * (ur[i - 1] + ur[i + 1]);
      c = std::max(c, std::fabs(v - ur[i]));
      ur[i] = v;
    }
    for (int i = 2; i < N - 1; i += 2) {
      double v = 0.5 * (ur[i - 1] + ur[i + 1]);
      c = std::max(c, std::fabs(v - ur[i]));
      ur[i] = v;
    }
  }
  CHECK(iterations == 0); // firstprivate: the host's copy was not written
  CHECK(change <= 1e-3);  // a loop reduction implies a copy of its variable
  for (int i = 0; i < N; ++i)
    CHECK(u[i] == ur[i]);

  // LU without pivoting: the pivot loop inside `parallel`, a gang loop over
  // the rows with the columns over its work-items.
  std::vector<double> lv(N * N), lr(N * N);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      lv[i * N + j] = lr[i * N + j] = (i == j ? N : 0) + ((i * 3 + j * 5) % 7) / 7.0;
  double *L = lv.data();
#pragma acc parallel copy(L[0:N*N])
  {
    for (int k = 0; k < N; ++k) {
#pragma acc loop
      for (int j = k + 1; j < N; ++j)
        L[k * N + j] /= L[k * N + k];
#pragma acc loop gang
      for (int i = k + 1; i < N; ++i) {
#pragma acc loop vector
        for (int j = k + 1; j < N; ++j)
          L[i * N + j] -= L[i * N + k] * L[k * N + j];
      }
    }
  }
  for (int k = 0; k < N; ++k) {
    for (int j = k + 1; j < N; ++j)
      lr[k * N + j] /= lr[k * N + k];
    for (int i = k + 1; i < N; ++i)
      for (int j = k + 1; j < N; ++j)
        lr[i * N + j] -= lr[i * N + k] * lr[k * N + j];
  }
  for (int i = 0; i < N * N; ++i)
    CHECK(near(L[i], lr[i])); // the GPU contracts a*b+c into an fma

  // An array written outside the loops: one region (in order), still right.
  std::vector<int> wv(N, 0);
  int *w = wv.data();
#pragma acc parallel copy(w[0:N])
  {
    w[0] = 5;
#pragma acc loop
    for (int i = 1; i < N; ++i)
      w[i] = w[0] + i;
  }
  for (int i = 0; i < N; ++i)
    CHECK(w[i] == 5 + i);
  return report();
}

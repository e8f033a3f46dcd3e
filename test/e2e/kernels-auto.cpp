// `kernels` loops without `independent`, as users write them: Ferry runs a
// loop in parallel only when it proves its iterations independent (arrays
// in data clauses written at the loop variable's element, locals, a
// reduction), and in order otherwise (a recurrence, a shifted read of the
// written array, a scalar carried across iterations, an unmapped pointer
// that may overlap). Every result equals the host's either way; the remark
// test (test/plugin/kernels-dependence-remarks.cpp) shows which ran how.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <vector>

constexpr int M = 8;

int main() {
  const int n = 5000;
  std::vector<double> av(n), bv(n), cv(n, 0.0), dv(n, 1.0);
  for (int i = 0; i < n; ++i) {
    av[i] = i * 0.5;
    bv[i] = (i % 7) - 3.0;
  }
  double *a = av.data(), *b = bv.data(), *c = cv.data(), *d = dv.data();
  double (*R)[M] = new double[n][M];
  double total = 0;
  int last = -1;

#pragma acc kernels copyin(a[0:n], b[0:n]) copy(c[0:n], d[0:n], R[0:n][0:M])
  {
    // Independent: proven, parallel.
#pragma acc loop
    for (int i = 0; i < n; ++i) {
      double t = a[i] * 2;
      c[i] = t + b[i];
    }
#pragma acc loop
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < M; ++j)
        R[i][j] = a[i] + j;
    // A recurrence: in order.
#pragma acc loop
    for (int i = 1; i < n; ++i)
      d[i] = d[i - 1] + b[i];
  }
  // A reduction with a proven body.
#pragma acc kernels loop copyin(c[0:n]) reduction(+:total)
  for (int i = 0; i < n; ++i)
    total += c[i];
  // A scalar carried out of the iterations: in order, the last one wins.
#pragma acc kernels loop copyin(b[0:n]) copy(last)
  for (int i = 0; i < n; ++i)
    if (b[i] > 2.5)
      last = i;

  // `auto` with a dependence (a shift to the left, in order) and without.
  std::vector<double> sv(n), sr(n);
  for (int i = 0; i < n; ++i)
    sv[i] = sr[i] = i % 13;
  double *sh = sv.data();
#pragma acc parallel loop auto copy(sh[0:n])
  for (int i = 0; i < n - 1; ++i)
    sh[i] = sh[i + 1] + 1;
  for (int i = 0; i < n - 1; ++i)
    sr[i] = sr[i + 1] + 1;
  for (int i = 0; i < n; ++i)
    CHECK(sv[i] == sr[i]);

  double dr = 1.0, totalr = 0;
  int lastr = -1;
  for (int i = 0; i < n; ++i) {
    const double cr = a[i] * 2 + b[i];
    CHECK(c[i] == cr);
    totalr += cr;
    if (i > 0)
      dr += b[i];
    CHECK(d[i] == dr);
    for (int j = 0; j < M; ++j)
      CHECK(R[i][j] == a[i] + j);
    if (b[i] > 2.5)
      lastr = i;
  }
  CHECK(near(total, totalr));
  CHECK(last == lastr);
  delete[] R;
  return report();
}

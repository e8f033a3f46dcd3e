// doitgen: multiresolution kernel, every row A[r][q][:] of an n x n x n
// array replaced by its product with an n x n matrix C4:
// A[r][q][p] = sum_s A[r][q][s] * C4[s][p]. Flat arrays indexed
// [(r * n + q) * n + p], one data region, a `parallel loop collapse(2)` over
// (r, q) with a nested `loop` over p writing a temporary, then a second one
// copying it back.
#include "common.h"

#include <vector>

static void initA(long n, double *A) {
  for (long r = 0; r < n; ++r)
    for (long q = 0; q < n; ++q)
      for (long p = 0; p < n; ++p)
        A[(r * n + q) * n + p] = double((r * q + p) % n) / n;
}

static void initC4(long n, double *C4) {
  for (long s = 0; s < n; ++s)
    for (long p = 0; p < n; ++p)
      C4[s * n + p] = double((s * p) % n) / n;
}

// Same sums in the same order (s ascending), over a row buffer.
static void reference(long n, double *A, const double *C4) {
  std::vector<double> t(n);
  for (long r = 0; r < n; ++r)
    for (long q = 0; q < n; ++q) {
      double *row = &A[(r * n + q) * n];
      for (long p = 0; p < n; ++p)
        t[p] = 0;
      for (long s = 0; s < n; ++s)
        for (long p = 0; p < n; ++p)
          t[p] += row[s] * C4[s * n + p];
      for (long p = 0; p < n; ++p)
        row[p] = t[p];
    }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 256, 1000));
  const long n3 = long(n) * n * n, nn = long(n) * n;
  double *A = (double *)std::malloc(n3 * sizeof(double));
  double *sum = (double *)std::malloc(n3 * sizeof(double));
  double *C4 = (double *)std::malloc(nn * sizeof(double));
  initA(n, A);
  initC4(n, C4);

  pb::Best best;
#pragma acc data copy(A[0:n3]) copyin(C4[0:nn]) create(sum[0:n3])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        initA(n, A);
#pragma acc update device(A[0:n3])
      }
      pb::Timer timer;
#pragma acc parallel loop collapse(2) present(A[0:n3], C4[0:nn], sum[0:n3])
      for (int r = 0; r < n; ++r)
        for (int q = 0; q < n; ++q) {
#pragma acc loop
          for (int p = 0; p < n; ++p) {
            double t = 0;
            for (int s = 0; s < n; ++s)
              t += A[(r * n + q) * n + s] * C4[s * n + p];
            sum[(r * n + q) * n + p] = t;
          }
        }
#pragma acc parallel loop collapse(2) present(A[0:n3], sum[0:n3])
      for (int r = 0; r < n; ++r)
        for (int q = 0; q < n; ++q) {
#pragma acc loop
          for (int p = 0; p < n; ++p)
            A[(r * n + q) * n + p] = sum[(r * n + q) * n + p];
        }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("doitgen", best);

  double *R = (double *)std::malloc(n3 * sizeof(double));
  initA(n, R);
  reference(n, R, C4);
  const bool ok = pb::check("doitgen", "A", A, R, nn, n, n, pb::kExact);
  for (double *p : {A, sum, C4, R})
    std::free(p);
  return ok ? 0 : 1;
}

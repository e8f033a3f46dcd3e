// atax: y = A^T (A x) for an n x n matrix A, through t = A x. Flat arrays,
// one data region, two `parallel loop`s, each with a nested
// `loop reduction(+:sum)` for the dot product of a row (t) or a column (y).
#include "common.h"

static void init(long n, double *A, double *x) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = double((i * (j + 1)) % n) / (5.0 * n);
  for (long j = 0; j < n; ++j)
    x[j] = 1.0 + double(j) / n;
}

// The sums in index order: t row by row, y accumulated row by row.
static void reference(long n, const double *A, const double *x, double *t, double *y) {
  for (long i = 0; i < n; ++i) {
    double sum = 0;
    for (long j = 0; j < n; ++j)
      sum += A[i * n + j] * x[j];
    t[i] = sum;
  }
  for (long j = 0; j < n; ++j)
    y[j] = 0;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      y[j] += A[i * n + j] * t[i];
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 16000, 46000));
  const long nn = long(n) * n;
  double *A = (double *)std::malloc(nn * sizeof(double));
  double *x = (double *)std::malloc(n * sizeof(double));
  double *t = (double *)std::malloc(n * sizeof(double));
  double *y = (double *)std::malloc(n * sizeof(double));
  init(n, A, x);

  pb::Best best;
#pragma acc data copyin(A[0:nn], x[0:n]) create(t[0:n]) copyout(y[0:n])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      pb::Timer timer;
#pragma acc parallel loop present(A[0:nn], x[0:n], t[0:n])
      for (int i = 0; i < n; ++i) {
        double sum = 0;
#pragma acc loop reduction(+:sum)
        for (int j = 0; j < n; ++j)
          sum += A[i * n + j] * x[j];
        t[i] = sum;
      }
#pragma acc parallel loop present(A[0:nn], t[0:n], y[0:n])
      for (int j = 0; j < n; ++j) {
        double sum = 0;
#pragma acc loop reduction(+:sum)
        for (int i = 0; i < n; ++i)
          sum += A[i * n + j] * t[i];
        y[j] = sum;
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("atax", best);

  double *rt = (double *)std::malloc(n * sizeof(double));
  double *ry = (double *)std::malloc(n * sizeof(double));
  reference(n, A, x, rt, ry);
  const bool ok = pb::check("atax", "y", y, ry, n, pb::kReordered);
  for (double *p : {A, x, t, y, rt, ry})
    std::free(p);
  return ok ? 0 : 1;
}

// bicg: the two products of a BiCG step, q = A p and s = A^T r, for an
// n x n matrix A. Flat arrays, one data region; q is a `parallel loop` with
// a nested `loop reduction(+:sum)` over the row, s a `parallel loop` over
// columns whose sum down the column is a plain loop.
#include "common.h"

static void init(long n, double *A, double *p, double *r) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = double((i * (j + 2) + 1) % n) / (5.0 * n);
  for (long i = 0; i < n; ++i) {
    p[i] = double(i % 7) / 7.0;
    r[i] = double(i % 11) / 11.0;
  }
}

// The sums in index order: q row by row, s accumulated row by row.
static void reference(long n, const double *A, const double *p, const double *r, double *q,
                      double *s) {
  for (long i = 0; i < n; ++i) {
    double sum = 0;
    for (long j = 0; j < n; ++j)
      sum += A[i * n + j] * p[j];
    q[i] = sum;
  }
  for (long j = 0; j < n; ++j)
    s[j] = 0;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      s[j] += r[i] * A[i * n + j];
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 16000, 46000));
  const long nn = long(n) * n;
  double *A = (double *)std::malloc(nn * sizeof(double));
  double *p = (double *)std::malloc(n * sizeof(double));
  double *r = (double *)std::malloc(n * sizeof(double));
  double *q = (double *)std::malloc(n * sizeof(double));
  double *s = (double *)std::malloc(n * sizeof(double));
  init(n, A, p, r);

  pb::Best best;
#pragma acc data copyin(A[0:nn], p[0:n], r[0:n]) copyout(q[0:n], s[0:n])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      pb::Timer timer;
#pragma acc parallel loop present(A[0:nn], p[0:n], q[0:n])
      for (int i = 0; i < n; ++i) {
        double sum = 0;
#pragma acc loop reduction(+:sum)
        for (int j = 0; j < n; ++j)
          sum += A[i * n + j] * p[j];
        q[i] = sum;
      }
#pragma acc parallel loop present(A[0:nn], r[0:n], s[0:n])
      for (int j = 0; j < n; ++j) {
        double sum = 0;
        for (int i = 0; i < n; ++i)
          sum += r[i] * A[i * n + j];
        s[j] = sum;
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("bicg", best);

  double *rq = (double *)std::malloc(n * sizeof(double));
  double *rs = (double *)std::malloc(n * sizeof(double));
  reference(n, A, p, r, rq, rs);
  const bool ok = pb::check("bicg", "q", q, rq, n, pb::kReordered) &&
                  pb::check("bicg", "s", s, rs, n, pb::kReordered);
  for (double *v : {A, p, r, q, s, rq, rs})
    std::free(v);
  return ok ? 0 : 1;
}

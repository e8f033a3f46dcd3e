// gesummv: y = alpha * A x + beta * B x for n x n matrices A and B. Flat
// arrays, one data region, a `parallel loop` over rows with both row dot
// products in one nested `loop reduction(+:sa, sb)`.
#include "common.h"

static void init(long n, double *A, double *B, double *x) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * n + j] = double((i * j + 1) % n) / n;
      B[i * n + j] = double((i * j + 2) % n) / n;
    }
  for (long j = 0; j < n; ++j)
    x[j] = double(j % n) / n;
}

static void reference(long n, double alpha, double beta, const double *A, const double *B,
                      const double *x, double *y) {
  for (long i = 0; i < n; ++i) {
    double sa = 0, sb = 0;
    for (long j = 0; j < n; ++j) {
      sa += A[i * n + j] * x[j];
      sb += B[i * n + j] * x[j];
    }
    y[i] = alpha * sa + beta * sb;
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 14000, 46000));
  const long nn = long(n) * n;
  const double alpha = 1.5, beta = 1.2;
  double *A = (double *)std::malloc(nn * sizeof(double));
  double *B = (double *)std::malloc(nn * sizeof(double));
  double *x = (double *)std::malloc(n * sizeof(double));
  double *y = (double *)std::malloc(n * sizeof(double));
  init(n, A, B, x);

  pb::Best best;
#pragma acc data copyin(A[0:nn], B[0:nn], x[0:n]) copyout(y[0:n])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      pb::Timer timer;
#pragma acc parallel loop present(A[0:nn], B[0:nn], x[0:n], y[0:n])
      for (int i = 0; i < n; ++i) {
        double sa = 0, sb = 0;
#pragma acc loop reduction(+:sa, sb)
        for (int j = 0; j < n; ++j) {
          sa += A[i * n + j] * x[j];
          sb += B[i * n + j] * x[j];
        }
        y[i] = alpha * sa + beta * sb;
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("gesummv", best);

  double *ry = (double *)std::malloc(n * sizeof(double));
  reference(n, alpha, beta, A, B, x, ry);
  const bool ok = pb::check("gesummv", "y", y, ry, n, pb::kReordered);
  for (double *p : {A, B, x, y, ry})
    std::free(p);
  return ok ? 0 : 1;
}

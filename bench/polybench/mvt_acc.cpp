// mvt: two matrix-vector products accumulated into vectors,
// x1 += A y1 and x2 += A^T y2, for an n x n matrix A. Row-pointer arrays,
// one data region, two `parallel loop`s with a nested
// `loop vector reduction(+:sum)` over a row (x1) or a column (x2).
#include "common.h"

constexpr int N = 16000; // row length of A; default size

static void initA(long n, double (*A)[N], double *y1, double *y2) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i][j] = double((i * j + 3) % n) / (5.0 * n);
  for (long i = 0; i < n; ++i) {
    y1[i] = double((i * 3) % n) / n;
    y2[i] = double((i * 4 + 1) % n) / n;
  }
}

static void initX(long n, double *x1, double *x2) {
  for (long i = 0; i < n; ++i) {
    x1[i] = double(i % n) / n;
    x2[i] = double((i + 1) % n) / n;
  }
}

// The products accumulated straight into x1 and x2, in index order.
static void reference(long n, double (*A)[N], const double *y1, const double *y2, double *x1,
                      double *x2) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      x1[i] += A[i][j] * y1[j];
  for (long j = 0; j < n; ++j)
    for (long i = 0; i < n; ++i)
      x2[i] += A[j][i] * y2[j];
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  double (*A)[N] = (double (*)[N])std::malloc(n * sizeof(*A));
  double *y1 = (double *)std::malloc(n * sizeof(double));
  double *y2 = (double *)std::malloc(n * sizeof(double));
  double *x1 = (double *)std::malloc(n * sizeof(double));
  double *x2 = (double *)std::malloc(n * sizeof(double));
  initA(n, A, y1, y2);
  initX(n, x1, x2);

  pb::Best best;
#pragma acc data copyin(A[0:n][0:N], y1[0:n], y2[0:n]) copy(x1[0:n], x2[0:n])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        initX(n, x1, x2);
#pragma acc update device(x1[0:n], x2[0:n])
      }
      pb::Timer timer;
#pragma acc parallel loop present(A[0:n][0:N], y1[0:n], x1[0:n])
      for (int i = 0; i < n; ++i) {
        double sum = 0;
#pragma acc loop vector reduction(+:sum)
        for (int j = 0; j < n; ++j)
          sum += A[i][j] * y1[j];
        x1[i] += sum;
      }
#pragma acc parallel loop present(A[0:n][0:N], y2[0:n], x2[0:n])
      for (int i = 0; i < n; ++i) {
        double sum = 0;
#pragma acc loop vector reduction(+:sum)
        for (int j = 0; j < n; ++j)
          sum += A[j][i] * y2[j];
        x2[i] += sum;
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("mvt", best);

  double *r1 = (double *)std::malloc(n * sizeof(double));
  double *r2 = (double *)std::malloc(n * sizeof(double));
  initX(n, r1, r2);
  reference(n, A, y1, y2, r1, r2);
  const bool ok = pb::check("mvt", "x1", x1, r1, n, pb::kReordered) &&
                  pb::check("mvt", "x2", x2, r2, n, pb::kReordered);
  std::free(A);
  for (double *v : {y1, y2, x1, x2, r1, r2})
    std::free(v);
  return ok ? 0 : 1;
}

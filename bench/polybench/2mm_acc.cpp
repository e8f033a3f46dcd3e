// 2mm: two chained matrix products, T = alpha * A * B, then
// D = beta * D + T * C (all n x n). Flat arrays indexed [i * n + j], one
// data region, and one `kernels` region holding both loop nests, each
// `loop independent` on rows and on columns.
#include "common.h"

#include <vector>

static void initInputs(long n, double *A, double *B, double *C) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * n + j] = double((i * j + 1) % n) / n;
      B[i * n + j] = double((i * (j + 1)) % n) / n;
      C[i * n + j] = double((i * (j + 3) + 1) % n) / n;
    }
}

static void initD(long n, double *D) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      D[i * n + j] = double((i * (j + 2)) % n) / n;
}

// Same sums in the same order, looping i-k-j over a row buffer.
static void reference(long n, double alpha, double beta, const double *A, const double *B,
                      const double *C, double *T, double *D) {
  std::vector<double> row(n);
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j)
      row[j] = 0;
    for (long k = 0; k < n; ++k)
      for (long j = 0; j < n; ++j)
        row[j] += A[i * n + k] * B[k * n + j];
    for (long j = 0; j < n; ++j)
      T[i * n + j] = alpha * row[j];
  }
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j)
      row[j] = 0;
    for (long k = 0; k < n; ++k)
      for (long j = 0; j < n; ++j)
        row[j] += T[i * n + k] * C[k * n + j];
    for (long j = 0; j < n; ++j)
      D[i * n + j] = beta * D[i * n + j] + row[j];
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 1280));
  const long nn = long(n) * n;
  const double alpha = 1.5, beta = 1.2;
  double *A = (double *)std::malloc(nn * sizeof(double));
  double *B = (double *)std::malloc(nn * sizeof(double));
  double *C = (double *)std::malloc(nn * sizeof(double));
  double *D = (double *)std::malloc(nn * sizeof(double));
  double *T = (double *)std::malloc(nn * sizeof(double));
  initInputs(n, A, B, C);
  initD(n, D);

  pb::Best best;
#pragma acc data copyin(A[0:nn], B[0:nn], C[0:nn]) copy(D[0:nn]) create(T[0:nn])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        initD(n, D);
#pragma acc update device(D[0:nn])
      }
      pb::Timer timer;
#pragma acc kernels present(A[0:nn], B[0:nn], C[0:nn], D[0:nn], T[0:nn])
      {
#pragma acc loop independent
        for (int i = 0; i < n; ++i)
#pragma acc loop independent
          for (int j = 0; j < n; ++j) {
            double sum = 0;
            for (int k = 0; k < n; ++k)
              sum += A[i * n + k] * B[k * n + j];
            T[i * n + j] = alpha * sum;
          }
#pragma acc loop independent
        for (int i = 0; i < n; ++i)
#pragma acc loop independent
          for (int j = 0; j < n; ++j) {
            double sum = 0;
            for (int k = 0; k < n; ++k)
              sum += T[i * n + k] * C[k * n + j];
            D[i * n + j] = beta * D[i * n + j] + sum;
          }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("2mm", best);

  double *RT = (double *)std::malloc(nn * sizeof(double));
  double *RD = (double *)std::malloc(nn * sizeof(double));
  initD(n, RD);
  reference(n, alpha, beta, A, B, C, RT, RD);
  const bool ok = pb::check("2mm", "D", D, RD, n, n, n, pb::kExact);
  for (double *p : {A, B, C, D, T, RT, RD})
    std::free(p);
  return ok ? 0 : 1;
}

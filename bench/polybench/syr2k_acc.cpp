// syr2k: symmetric rank-2k update of the lower triangle,
// C = alpha * (A * B^T + B * A^T) + beta * C for j <= i (all n x n). Flat
// arrays, one data region, `kernels loop independent` over rows with a
// nested `loop independent` over the row's lower-triangle columns.
#include "common.h"

#include <vector>

static void initInputs(long n, double *A, double *B) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * n + j] = double((i * j + 1) % n) / n;
      B[i * n + j] = double((i * (j + 2) + 1) % n) / n;
    }
}

static void initC(long n, double *C) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      C[i * n + j] = double((i * (j + 3) + 2) % n) / n;
}

// Same sums in the same order; transposed copies let the host walk rows.
static void reference(long n, double alpha, double beta, const double *A, const double *B,
                      double *C) {
  std::vector<double> At(n * n), Bt(n * n), t(n);
  for (long i = 0; i < n; ++i)
    for (long k = 0; k < n; ++k) {
      At[k * n + i] = A[i * n + k];
      Bt[k * n + i] = B[i * n + k];
    }
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j <= i; ++j)
      t[j] = 0;
    for (long k = 0; k < n; ++k) {
      const double a = A[i * n + k], b = B[i * n + k];
      for (long j = 0; j <= i; ++j)
        t[j] += a * Bt[k * n + j] + b * At[k * n + j];
    }
    for (long j = 0; j <= i; ++j)
      C[i * n + j] = beta * C[i * n + j] + alpha * t[j];
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 1280));
  const long nn = long(n) * n;
  const double alpha = 1.5, beta = 1.2;
  double *A = (double *)std::malloc(nn * sizeof(double));
  double *B = (double *)std::malloc(nn * sizeof(double));
  double *C = (double *)std::malloc(nn * sizeof(double));
  initInputs(n, A, B);
  initC(n, C);

  pb::Best best;
#pragma acc data copyin(A[0:nn], B[0:nn]) copy(C[0:nn])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        initC(n, C);
#pragma acc update device(C[0:nn])
      }
      pb::Timer timer;
#pragma acc kernels loop independent present(A[0:nn], B[0:nn], C[0:nn])
      for (int i = 0; i < n; ++i) {
#pragma acc loop independent
        for (int j = 0; j <= i; ++j) {
          double sum = 0;
          for (int k = 0; k < n; ++k)
            sum += A[i * n + k] * B[j * n + k] + B[i * n + k] * A[j * n + k];
          C[i * n + j] = beta * C[i * n + j] + alpha * sum;
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("syr2k", best);

  double *R = (double *)std::malloc(nn * sizeof(double));
  initC(n, R);
  reference(n, alpha, beta, A, B, R);
  const bool ok = pb::check("syr2k", "C", C, R, n, n, n, pb::kExact);
  std::free(A);
  std::free(B);
  std::free(C);
  std::free(R);
  return ok ? 0 : 1;
}

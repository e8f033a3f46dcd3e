// gemm: C = alpha * A * B + beta * C for square n x n matrices, written as
// an OpenACC user would: 2-D arrays through row pointers, one data region,
// a `parallel loop collapse(2)` over the elements of C with the dot product
// as a sequential loop inside.
#include "common.h"

constexpr int N = 1536; // row length of the arrays; default size

static void init(long n, double (*A)[N], double (*B)[N], double (*C)[N]) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i][j] = double((i * j + 1) % n) / n;
      B[i][j] = double((i * (j + 1) + 2) % n) / n;
      C[i][j] = double((i * (j + 3) + 1) % n) / n;
    }
}

static void initC(long n, double (*C)[N]) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      C[i][j] = double((i * (j + 3) + 1) % n) / n;
}

// The same sums in the same order (k ascending for every element), looping
// i-k-j so that the host walks rows.
static void reference(long n, double alpha, double beta, double (*A)[N], double (*B)[N],
                      double (*C)[N]) {
  static double t[N];
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j)
      t[j] = 0;
    for (long k = 0; k < n; ++k)
      for (long j = 0; j < n; ++j)
        t[j] += A[i][k] * B[k][j];
    for (long j = 0; j < n; ++j)
      C[i][j] = beta * C[i][j] + alpha * t[j];
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const double alpha = 1.5, beta = 1.2;
  double (*A)[N] = (double (*)[N])std::malloc(n * sizeof(*A));
  double (*B)[N] = (double (*)[N])std::malloc(n * sizeof(*B));
  double (*C)[N] = (double (*)[N])std::malloc(n * sizeof(*C));
  init(n, A, B, C);

  pb::Best best;
#pragma acc data copyin(A[0:n][0:N], B[0:n][0:N]) copy(C[0:n][0:N])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        initC(n, C);
#pragma acc update device(C[0:n][0:N])
      }
      pb::Timer timer;
#pragma acc parallel loop collapse(2) present(A[0:n][0:N], B[0:n][0:N], C[0:n][0:N])
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          double sum = 0;
          for (int k = 0; k < n; ++k)
            sum += A[i][k] * B[k][j];
          C[i][j] = beta * C[i][j] + alpha * sum;
        }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("gemm", best);

  double (*R)[N] = (double (*)[N])std::malloc(n * sizeof(*R));
  initC(n, R);
  reference(n, alpha, beta, A, B, R);
  const bool ok = pb::check("gemm", "C", &C[0][0], &R[0][0], n, n, N, pb::kExact);
  std::free(A);
  std::free(B);
  std::free(C);
  std::free(R);
  return ok ? 0 : 1;
}

// syrk: symmetric rank-k update of the lower triangle,
// C = alpha * A * A^T + beta * C for j <= i (A and C n x n). Row-pointer
// arrays, one data region, a `parallel loop` over rows with a nested
// `loop` over the row's lower-triangle columns; the arrays are used in the
// compute construct without a clause (present from the data region).
#include "common.h"

#include <vector>

constexpr int N = 1536; // row length of the arrays; default size

static void initA(long n, double (*A)[N]) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i][j] = double((i * j + 1) % n) / n;
}

static void initC(long n, double (*C)[N]) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      C[i][j] = double((i * (j + 2) + 3) % n) / n;
}

// Same sums in the same order; a transposed copy of A lets the host walk
// rows.
static void reference(long n, double alpha, double beta, double (*A)[N], double (*C)[N]) {
  std::vector<double> At(n * n), t(n);
  for (long i = 0; i < n; ++i)
    for (long k = 0; k < n; ++k)
      At[k * n + i] = A[i][k];
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j <= i; ++j)
      t[j] = 0;
    for (long k = 0; k < n; ++k)
      for (long j = 0; j <= i; ++j)
        t[j] += A[i][k] * At[k * n + j];
    for (long j = 0; j <= i; ++j)
      C[i][j] = beta * C[i][j] + alpha * t[j];
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const double alpha = 1.5, beta = 1.2;
  double (*A)[N] = (double (*)[N])std::malloc(n * sizeof(*A));
  double (*C)[N] = (double (*)[N])std::malloc(n * sizeof(*C));
  initA(n, A);
  initC(n, C);

  pb::Best best;
#pragma acc data copyin(A[0:n][0:N]) copy(C[0:n][0:N])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        initC(n, C);
#pragma acc update device(C[0:n][0:N])
      }
      pb::Timer timer;
#pragma acc parallel loop
      for (int i = 0; i < n; ++i) {
#pragma acc loop
        for (int j = 0; j <= i; ++j) {
          double sum = 0;
          for (int k = 0; k < n; ++k)
            sum += A[i][k] * A[j][k];
          C[i][j] = beta * C[i][j] + alpha * sum;
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("syrk", best);

  double (*R)[N] = (double (*)[N])std::malloc(n * sizeof(*R));
  initC(n, R);
  reference(n, alpha, beta, A, R);
  const bool ok = pb::check("syrk", "C", &C[0][0], &R[0][0], n, n, N, pb::kExact);
  std::free(A);
  std::free(C);
  std::free(R);
  return ok ? 0 : 1;
}

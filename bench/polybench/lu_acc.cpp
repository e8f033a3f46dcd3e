// lu: in-place LU factorisation without pivoting of a diagonally dominant
// n x n matrix (L below the diagonal with a unit diagonal, U on and above
// it), right-looking: for each pivot k, scale column k below the diagonal,
// then update the trailing submatrix. Row-pointer array, one data region,
// the pivot loop inside one `parallel` region with a `loop` for the column
// and a `loop` with a nested `loop` for the trailing update.
#include "common.h"

constexpr int N = 1024; // row length of the array; default size

static void init(long n, double (*A)[N]) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i][j] = i == j ? n + 1.0 : double((i * j + 1) % n) / n;
}

static void reference(long n, double (*A)[N]) {
  for (long k = 0; k < n - 1; ++k) {
    for (long i = k + 1; i < n; ++i)
      A[i][k] /= A[k][k];
    for (long i = k + 1; i < n; ++i)
      for (long j = k + 1; j < n; ++j)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  double (*A)[N] = (double (*)[N])std::malloc(n * sizeof(*A));
  init(n, A);

  pb::Best best;
#pragma acc data copy(A[0:n][0:N])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        init(n, A);
#pragma acc update device(A[0:n][0:N])
      }
      pb::Timer timer;
#pragma acc parallel present(A[0:n][0:N])
      {
        for (int k = 0; k < n - 1; ++k) {
#pragma acc loop
          for (int i = k + 1; i < n; ++i)
            A[i][k] /= A[k][k];
#pragma acc loop
          for (int i = k + 1; i < n; ++i) {
#pragma acc loop
            for (int j = k + 1; j < n; ++j)
              A[i][j] -= A[i][k] * A[k][j];
          }
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("lu", best);

  double (*R)[N] = (double (*)[N])std::malloc(n * sizeof(*R));
  init(n, R);
  reference(n, R);
  const bool ok = pb::check("lu", "A", &A[0][0], &R[0][0], n, n, N, pb::kExact);
  std::free(A);
  std::free(R);
  return ok ? 0 : 1;
}

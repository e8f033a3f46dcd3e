// adi: tsteps alternating-direction implicit sweeps over an n x n grid
// (the older three-array form): X holds the right-hand sides, B the
// diagonals and A the couplings of a tridiagonal system along every row,
// then along every column. Per direction and line, a forward elimination
// X[j] -= X[j-1] A[j] / B[j-1], B[j] -= A[j]^2 / B[j-1], then
// X[last] /= B[last] and the back substitution
// X[j] = (X[j] - A[j+1] X[j+1]) / B[j]; X and B change in place.
// Flat arrays, one data region, and the time loop inside one `parallel`
// region: the row sweeps are `loop`s over the independent rows with the
// sweep along the row a plain loop inside; the column sweeps walk down the
// rows in a plain loop with a `loop` over the columns for each row (about
// 2n loops per time step). Arguments: [n [tsteps]].
#include "common.h"

// B starts near 2 and A at most 0.05, so B stays above 1.8 for the 50
// default steps (each step lowers B^2 by about 4 A^2) and every line's
// system is diagonally dominant; X shrinks by about 4 per step, evenly.
constexpr int N = 1024; // row length of the arrays; default size

static void init(long n, double *X, double *A, double *B) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      X[i * N + j] = 1.0 + double((i * (j + 1)) % n) / n;
      A[i * N + j] = 0.01 * double((i + 2 * j) % 5 + 1);
      B[i * N + j] = 2.0 + 0.02 * double((i * j + i + j) % n) / n;
    }
}

static void reference(long n, int tsteps, double *X, const double *A, double *B) {
  for (int t = 0; t < tsteps; ++t) {
    for (long i = 0; i < n; ++i) {
      for (long j = 1; j < n; ++j) {
        X[i * N + j] -= X[i * N + j - 1] * A[i * N + j] / B[i * N + j - 1];
        B[i * N + j] -= A[i * N + j] * A[i * N + j] / B[i * N + j - 1];
      }
      X[i * N + n - 1] /= B[i * N + n - 1];
      for (long j = n - 2; j >= 0; --j)
        X[i * N + j] = (X[i * N + j] - A[i * N + j + 1] * X[i * N + j + 1]) / B[i * N + j];
    }
    for (long i = 1; i < n; ++i)
      for (long j = 0; j < n; ++j) {
        X[i * N + j] -= X[(i - 1) * N + j] * A[i * N + j] / B[(i - 1) * N + j];
        B[i * N + j] -= A[i * N + j] * A[i * N + j] / B[(i - 1) * N + j];
      }
    for (long j = 0; j < n; ++j)
      X[(n - 1) * N + j] /= B[(n - 1) * N + j];
    for (long i = n - 2; i >= 0; --i)
      for (long j = 0; j < n; ++j)
        X[i * N + j] = (X[i * N + j] - A[(i + 1) * N + j] * X[(i + 1) * N + j]) / B[i * N + j];
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const int tsteps = int(pb::arg(argc, argv, 2, 50));
  const long nn = long(n) * N;
  double *X = (double *)std::malloc(nn * sizeof(double));
  double *A = (double *)std::malloc(nn * sizeof(double));
  double *B = (double *)std::malloc(nn * sizeof(double));
  init(n, X, A, B);

  // Row-pointer views, rows of length N (2-D arrays as PolyBench writes them).
  double (*Xv)[N] = (double (*)[N])X, (*Av)[N] = (double (*)[N])A, (*Bv)[N] = (double (*)[N])B;
  pb::Best best;
#pragma acc data copyin(Av[0:n][0:N]) copy(Xv[0:n][0:N], Bv[0:n][0:N])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        init(n, X, A, B);
#pragma acc update device(Xv[0:n][0:N], Bv[0:n][0:N])
      }
      pb::Timer timer;
#pragma acc parallel present(Xv[0:n][0:N], Av[0:n][0:N], Bv[0:n][0:N])
      {
        for (int t = 0; t < tsteps; ++t) {
          // Along the rows: every row on its own.
#pragma acc loop
          for (int i1 = 0; i1 < n; ++i1)
            for (int i2 = 1; i2 < n; ++i2) {
              Xv[i1][i2] -= Xv[i1][i2 - 1] * Av[i1][i2] / Bv[i1][i2 - 1];
              Bv[i1][i2] -= Av[i1][i2] * Av[i1][i2] / Bv[i1][i2 - 1];
            }
#pragma acc loop
          for (int i1 = 0; i1 < n; ++i1)
            Xv[i1][n - 1] /= Bv[i1][n - 1];
#pragma acc loop
          for (int i1 = 0; i1 < n; ++i1)
            for (int i2 = n - 2; i2 >= 0; --i2)
              Xv[i1][i2] =
                  (Xv[i1][i2] - Av[i1][i2 + 1] * Xv[i1][i2 + 1]) / Bv[i1][i2];
          // Along the columns: row after row, the columns side by side.
          for (int i1 = 1; i1 < n; ++i1) {
#pragma acc loop
            for (int i2 = 0; i2 < n; ++i2) {
              Xv[i1][i2] -= Xv[(i1 - 1)][i2] * Av[i1][i2] / Bv[(i1 - 1)][i2];
              Bv[i1][i2] -= Av[i1][i2] * Av[i1][i2] / Bv[(i1 - 1)][i2];
            }
          }
#pragma acc loop
          for (int i2 = 0; i2 < n; ++i2)
            Xv[(n - 1)][i2] /= Bv[(n - 1)][i2];
          for (int i1 = n - 2; i1 >= 0; --i1) {
#pragma acc loop
            for (int i2 = 0; i2 < n; ++i2)
              Xv[i1][i2] =
                  (Xv[i1][i2] - Av[(i1 + 1)][i2] * Xv[(i1 + 1)][i2]) / Bv[i1][i2];
          }
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("adi", best);

  double *RX = (double *)std::malloc(nn * sizeof(double));
  double *RA = (double *)std::malloc(nn * sizeof(double));
  double *RB = (double *)std::malloc(nn * sizeof(double));
  init(n, RX, RA, RB);
  reference(n, tsteps, RX, RA, RB);
  const bool ok = pb::check("adi", "X", X, RX, n, n, N, pb::kExact) &&
                  pb::check("adi", "B", B, RB, n, n, N, pb::kExact);
  for (double *p : {X, A, B, RX, RA, RB})
    std::free(p);
  return ok ? 0 : 1;
}

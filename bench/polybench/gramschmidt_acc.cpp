// gramschmidt: QR factorisation of an n x n matrix A by modified
// Gram-Schmidt. For each column k: R[k][k] = |A[:,k]|, Q[:,k] =
// A[:,k] / R[k][k]; then for every later column j, R[k][j] = Q[:,k] . A[:,j]
// and A[:,j] -= Q[:,k] R[k][j]. A ends holding the orthogonalised
// (unnormalised) columns, R is upper triangular. Row-pointer arrays, one
// data region, and the way legacy ported code is written: ONE `parallel`
// region whose body is the whole column loop with plain inner loops, no
// `loop` directive at all.
#include "common.h"

constexpr int N = 512; // row length of the arrays; default size

// Diagonally dominant, so the columns are far from dependent and the
// factorisation is well conditioned. R starts at zero (its lower triangle
// is never written).
static void init(long n, double (*A)[N], double (*R)[N]) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i][j] = i == j ? n + 1.0 : double((i * j + 2 * i + 1) % n) / n;
      R[i][j] = 0;
    }
}

// The same sums in the same order (over i), rows outermost.
static void reference(long n, double (*A)[N], double (*R)[N], double (*Q)[N]) {
  for (long k = 0; k < n; ++k) {
    double nrm = 0;
    for (long i = 0; i < n; ++i)
      nrm += A[i][k] * A[i][k];
    R[k][k] = std::sqrt(nrm);
    for (long i = 0; i < n; ++i)
      Q[i][k] = A[i][k] / R[k][k];
    for (long j = k + 1; j < n; ++j)
      R[k][j] = 0;
    for (long i = 0; i < n; ++i)
      for (long j = k + 1; j < n; ++j)
        R[k][j] += Q[i][k] * A[i][j];
    for (long i = 0; i < n; ++i)
      for (long j = k + 1; j < n; ++j)
        A[i][j] -= Q[i][k] * R[k][j];
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  double (*A)[N] = (double (*)[N])std::malloc(n * sizeof(*A));
  double (*R)[N] = (double (*)[N])std::malloc(n * sizeof(*R));
  double (*Q)[N] = (double (*)[N])std::malloc(n * sizeof(*Q));
  init(n, A, R);

  pb::Best best;
  double nrm = 0;
#pragma acc data copy(A[0:n][0:N], R[0:n][0:N]) copyout(Q[0:n][0:N])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        init(n, A, R);
#pragma acc update device(A[0:n][0:N], R[0:n][0:N])
      }
      pb::Timer timer;
#pragma acc parallel present(A[0:n][0:N], R[0:n][0:N], Q[0:n][0:N])
      {
        for (int k = 0; k < n; ++k) {
          nrm = 0;
          for (int i = 0; i < n; ++i)
            nrm += A[i][k] * A[i][k];
          R[k][k] = sqrt(nrm);
          for (int i = 0; i < n; ++i)
            Q[i][k] = A[i][k] / R[k][k];
          for (int j = k + 1; j < n; ++j) {
            R[k][j] = 0;
            for (int i = 0; i < n; ++i)
              R[k][j] += Q[i][k] * A[i][j];
            for (int i = 0; i < n; ++i)
              A[i][j] = A[i][j] - Q[i][k] * R[k][j];
          }
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("gramschmidt", best);

  double (*RA)[N] = (double (*)[N])std::malloc(n * sizeof(*RA));
  double (*RR)[N] = (double (*)[N])std::malloc(n * sizeof(*RR));
  double (*RQ)[N] = (double (*)[N])std::malloc(n * sizeof(*RQ));
  init(n, RA, RR);
  reference(n, RA, RR, RQ);
  const bool ok =
      pb::check("gramschmidt", "R", &R[0][0], &RR[0][0], n, n, N, pb::kReordered) &&
      pb::check("gramschmidt", "Q", &Q[0][0], &RQ[0][0], n, n, N, pb::kReordered) &&
      pb::check("gramschmidt", "A", &A[0][0], &RA[0][0], n, n, N, pb::kReordered);
  for (double(*p)[N] : {A, R, Q, RA, RR, RQ})
    std::free(p);
  return ok ? 0 : 1;
}

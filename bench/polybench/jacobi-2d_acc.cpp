// jacobi-2d: tsteps double sweeps of the 5-point Jacobi average on an n x n
// grid (B from A, then A from B, interior points; the border stays).
// Flat arrays, one data region, and the time loop inside one `parallel`
// region with a `loop` over rows and a nested `loop` over columns per sweep.
// Arguments: [n [tsteps]].
#include "common.h"

static void init(long n, double *A, double *B) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * n + j] = double((i * (j + 2)) % n + 2) / n;
      B[i * n + j] = double((i * (j + 3)) % n + 3) / n;
    }
}

static void reference(long n, int tsteps, double *A, double *B) {
  for (int t = 0; t < tsteps; ++t) {
    for (long i = 1; i < n - 1; ++i)
      for (long j = 1; j < n - 1; ++j)
        B[i * n + j] = 0.2 * (A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] +
                              A[(i + 1) * n + j] + A[(i - 1) * n + j]);
    for (long i = 1; i < n - 1; ++i)
      for (long j = 1; j < n - 1; ++j)
        A[i * n + j] = 0.2 * (B[i * n + j] + B[i * n + j - 1] + B[i * n + j + 1] +
                              B[(i + 1) * n + j] + B[(i - 1) * n + j]);
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 2000, 40000));
  const int tsteps = int(pb::arg(argc, argv, 2, 50));
  const long nn = long(n) * n;
  double *A = (double *)std::malloc(nn * sizeof(double));
  double *B = (double *)std::malloc(nn * sizeof(double));
  init(n, A, B);

  pb::Best best;
#pragma acc data copy(A[0:nn], B[0:nn])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        init(n, A, B);
#pragma acc update device(A[0:nn], B[0:nn])
      }
      pb::Timer timer;
#pragma acc parallel present(A[0:nn], B[0:nn])
      {
        for (int t = 0; t < tsteps; ++t) {
#pragma acc loop
          for (int i = 1; i < n - 1; ++i) {
#pragma acc loop
            for (int j = 1; j < n - 1; ++j)
              B[i * n + j] = 0.2 * (A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] +
                                    A[(i + 1) * n + j] + A[(i - 1) * n + j]);
          }
#pragma acc loop
          for (int i = 1; i < n - 1; ++i) {
#pragma acc loop
            for (int j = 1; j < n - 1; ++j)
              A[i * n + j] = 0.2 * (B[i * n + j] + B[i * n + j - 1] + B[i * n + j + 1] +
                                    B[(i + 1) * n + j] + B[(i - 1) * n + j]);
          }
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("jacobi-2d", best);

  double *RA = (double *)std::malloc(nn * sizeof(double));
  double *RB = (double *)std::malloc(nn * sizeof(double));
  init(n, RA, RB);
  reference(n, tsteps, RA, RB);
  const bool ok = pb::check("jacobi-2d", "A", A, RA, n, n, n, pb::kExact) &&
                  pb::check("jacobi-2d", "B", B, RB, n, n, n, pb::kExact);
  for (double *p : {A, B, RA, RB})
    std::free(p);
  return ok ? 0 : 1;
}

// seidel-2d: tsteps in-place Gauss-Seidel sweeps of the 9-point average on
// an n x n grid (interior points in row-major order, each using the new
// values of the points before it). Point (i, j) needs the new values of
// (i-1, j-1), (i-1, j), (i-1, j+1) and (i, j-1), so the points of one
// wavefront d = 2i + j are independent and the wavefronts run in order:
// the result equals the sequential sweep exactly. Flat array, one data
// region, the time and wavefront loops inside one `parallel` region with a
// `loop` over the points of a wavefront. Arguments: [n [tsteps]].
#include "common.h"

static void init(long n, double *A) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = double((i * (j + 2)) % n + 2) / n;
}

static void reference(long n, int tsteps, double *A) {
  for (int t = 0; t < tsteps; ++t)
    for (long i = 1; i < n - 1; ++i)
      for (long j = 1; j < n - 1; ++j)
        A[i * n + j] = (A[(i - 1) * n + j - 1] + A[(i - 1) * n + j] + A[(i - 1) * n + j + 1] +
                        A[i * n + j - 1] + A[i * n + j] + A[i * n + j + 1] +
                        A[(i + 1) * n + j - 1] + A[(i + 1) * n + j] + A[(i + 1) * n + j + 1]) /
                       9.0;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 1000, 40000));
  const int tsteps = int(pb::arg(argc, argv, 2, 10));
  const long nn = long(n) * n;
  double *A = (double *)std::malloc(nn * sizeof(double));
  init(n, A);

  pb::Best best;
#pragma acc data copy(A[0:nn])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        init(n, A);
#pragma acc update device(A[0:nn])
      }
      pb::Timer timer;
#pragma acc parallel present(A[0:nn])
      {
        for (int t = 0; t < tsteps; ++t) {
          for (int d = 3; d <= 3 * (n - 2); ++d) {
            // the interior points with 2i + j = d
            const int first = std::max(1, (d - (n - 2) + 1) / 2);
            const int last = std::min(n - 2, (d - 1) / 2);
#pragma acc loop
            for (int i = first; i <= last; ++i) {
              const int j = d - 2 * i;
              A[i * n + j] = (A[(i - 1) * n + j - 1] + A[(i - 1) * n + j] + A[(i - 1) * n + j + 1] +
                              A[i * n + j - 1] + A[i * n + j] + A[i * n + j + 1] +
                              A[(i + 1) * n + j - 1] + A[(i + 1) * n + j] + A[(i + 1) * n + j + 1]) /
                             9.0;
            }
          }
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("seidel-2d", best);

  double *R = (double *)std::malloc(nn * sizeof(double));
  init(n, R);
  reference(n, tsteps, R);
  const bool ok = pb::check("seidel-2d", "A", A, R, n, n, n, pb::kExact);
  std::free(A);
  std::free(R);
  return ok ? 0 : 1;
}

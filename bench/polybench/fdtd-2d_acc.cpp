// fdtd-2d: tsteps steps of a 2-D finite-difference time-domain (Yee)
// update on an n x n grid: the source row ey[0][:] = fict[t], then ey and
// ex from the differences of hz, then hz from the curl of (ex, ey).
// Row-pointer arrays, one data region, and the time loop inside one
// `parallel` region with `loop`s (nested `loop`s over columns) per update.
// Arguments: [n [tsteps]].
#include "common.h"

constexpr int N = 2000; // row length of the arrays; default size

static void init(long n, int tsteps, double (*ex)[N], double (*ey)[N], double (*hz)[N],
                 double *fict) {
  for (int t = 0; t < tsteps; ++t)
    fict[t] = t;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      ex[i][j] = double((i * (j + 1)) % n) / n;
      ey[i][j] = double((i * (j + 2)) % n) / n;
      hz[i][j] = double((i * (j + 3)) % n) / n;
    }
}

static void reference(long n, int tsteps, double (*ex)[N], double (*ey)[N], double (*hz)[N],
                      const double *fict) {
  for (int t = 0; t < tsteps; ++t) {
    for (long j = 0; j < n; ++j)
      ey[0][j] = fict[t];
    for (long i = 1; i < n; ++i)
      for (long j = 0; j < n; ++j)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (long i = 0; i < n; ++i)
      for (long j = 1; j < n; ++j)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (long i = 0; i < n - 1; ++i)
      for (long j = 0; j < n - 1; ++j)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const int tsteps = int(pb::arg(argc, argv, 2, 50));
  double (*ex)[N] = (double (*)[N])std::malloc(n * sizeof(*ex));
  double (*ey)[N] = (double (*)[N])std::malloc(n * sizeof(*ey));
  double (*hz)[N] = (double (*)[N])std::malloc(n * sizeof(*hz));
  double *fict = (double *)std::malloc(tsteps * sizeof(double));
  init(n, tsteps, ex, ey, hz, fict);

  pb::Best best;
#pragma acc data copyin(fict[0:tsteps]) copy(ex[0:n][0:N], ey[0:n][0:N], hz[0:n][0:N])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        init(n, tsteps, ex, ey, hz, fict);
#pragma acc update device(ex[0:n][0:N], ey[0:n][0:N], hz[0:n][0:N])
      }
      pb::Timer timer;
#pragma acc parallel present(fict[0:tsteps], ex[0:n][0:N], ey[0:n][0:N], hz[0:n][0:N])
      {
        for (int t = 0; t < tsteps; ++t) {
#pragma acc loop
          for (int j = 0; j < n; ++j)
            ey[0][j] = fict[t];
#pragma acc loop
          for (int i = 1; i < n; ++i) {
#pragma acc loop
            for (int j = 0; j < n; ++j)
              ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
          }
#pragma acc loop
          for (int i = 0; i < n; ++i) {
#pragma acc loop
            for (int j = 1; j < n; ++j)
              ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
          }
#pragma acc loop
          for (int i = 0; i < n - 1; ++i) {
#pragma acc loop
            for (int j = 0; j < n - 1; ++j)
              hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
          }
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("fdtd-2d", best);

  double (*rex)[N] = (double (*)[N])std::malloc(n * sizeof(*rex));
  double (*rey)[N] = (double (*)[N])std::malloc(n * sizeof(*rey));
  double (*rhz)[N] = (double (*)[N])std::malloc(n * sizeof(*rhz));
  init(n, tsteps, rex, rey, rhz, fict);
  reference(n, tsteps, rex, rey, rhz, fict);
  const bool ok = pb::check("fdtd-2d", "ex", &ex[0][0], &rex[0][0], n, n, N, pb::kExact) &&
                  pb::check("fdtd-2d", "ey", &ey[0][0], &rey[0][0], n, n, N, pb::kExact) &&
                  pb::check("fdtd-2d", "hz", &hz[0][0], &rhz[0][0], n, n, N, pb::kExact);
  std::free(ex);
  std::free(ey);
  std::free(hz);
  std::free(rex);
  std::free(rey);
  std::free(rhz);
  std::free(fict);
  return ok ? 0 : 1;
}

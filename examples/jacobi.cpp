// Jacobi iteration for the 2-D Laplace equation: a data region keeps both
// grids on the device across the iterations; each sweep is a collapsed
// parallel loop and the convergence check a max reduction.
//   ferry-clang++ -O2 jacobi.cpp -o jacobi && ./jacobi
#include <openacc.h>

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  const int n = 256, m = 256, iterations = 500;
  std::vector<double> av(n * m, 0.0), bv(n * m, 0.0);
  double *a = av.data(), *b = bv.data();
  for (int j = 0; j < m; ++j)
    a[j] = b[j] = 1.0; // the top edge is held at 1

  double error = 1.0;
  int it = 0;
#pragma acc data copy(a[0:n * m]) create(b[0:n * m])
  {
    for (; it < iterations && error > 1e-6; ++it) {
      error = 0.0;
#pragma acc parallel loop collapse(2) present(a[0:n * m], b[0:n * m]) reduction(max:error)
      for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < m - 1; ++j) {
          b[i * m + j] = 0.25 * (a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] +
                                 a[i * m + j + 1]);
          error = std::fmax(error, std::fabs(b[i * m + j] - a[i * m + j]));
        }
#pragma acc parallel loop collapse(2) present(a[0:n * m], b[0:n * m])
      for (int i = 1; i < n - 1; ++i)
        for (int j = 1; j < m - 1; ++j)
          a[i * m + j] = b[i * m + j];
    }
  }
  // The solution decreases monotonically away from the hot edge.
  bool ok = a[1 * m + m / 2] > a[2 * m + m / 2] && a[2 * m + m / 2] > a[n / 2 * m + m / 2] &&
            a[n / 2 * m + m / 2] > 0.0;
  std::printf("jacobi: %d iterations, last change %.3g, a[1][%d]=%.4f\n", it, error, m / 2,
              a[1 * m + m / 2]);
  std::printf("jacobi: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}

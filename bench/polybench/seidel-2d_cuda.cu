// seidel-2d as hand-written CUDA: the time and wavefront loops on the host
// (wavefronts d = 2i + j in order, as in seidel-2d_acc.cpp), one kernel per
// wavefront with one thread per point. Same sizes, data, repetitions and
// check as seidel-2d_acc.cpp. Arguments: [n [tsteps]].
#include "common.h"

#include <vector>

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

// The points i = first .. last of wavefront d (j = d - 2i).
__global__ void wavefront(int n, int d, int first, int last, double *A) {
  const int i = first + blockIdx.x * blockDim.x + threadIdx.x;
  if (i > last)
    return;
  const int j = d - 2 * i;
  const long c = long(i) * n + j;
  A[c] = (A[c - n - 1] + A[c - n] + A[c - n + 1] + A[c - 1] + A[c] + A[c + 1] + A[c + n - 1] +
          A[c + n] + A[c + n + 1]) /
         9.0;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 1000, 40000));
  const int tsteps = int(pb::arg(argc, argv, 2, 10));
  const long nn = long(n) * n;
  std::vector<double> A(nn);
  init(n, A.data());
  double *dA = pb::deviceArray(nn);

  constexpr unsigned kBlock = 128;
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dA, A.data(), nn);
    timer.start();
    for (int t = 0; t < tsteps; ++t)
      for (int d = 3; d <= 3 * (n - 2); ++d) {
        const int first = std::max(1, (d - (n - 2) + 1) / 2);
        const int last = std::min(n - 2, (d - 1) / 2);
        wavefront<<<pb::blocks(last - first + 1, kBlock), kBlock>>>(n, d, first, last, dA);
      }
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("seidel-2d", best);

  std::vector<double> got(nn);
  pb::toHost(got.data(), dA, nn);
  reference(n, tsteps, A.data());
  const bool ok = pb::check("seidel-2d", "A", got.data(), A.data(), n, n, n, pb::kExact);
  cudaFree(dA);
  return ok ? 0 : 1;
}

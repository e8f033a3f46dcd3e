// jacobi-2d as hand-written CUDA: the time loop on the host, one kernel per
// sweep with one thread per interior point on a 2-D grid of 32 x 8 blocks.
// Same sizes, data, repetitions and check as jacobi-2d_acc.cpp.
// Arguments: [n [tsteps]].
#include "common.h"

#include <vector>

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

// out = 5-point average of in, interior points only.
__global__ void sweep(int n, const double *in, double *out) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i >= n - 1 || j >= n - 1)
    return;
  const long c = long(i) * n + j;
  out[c] = 0.2 * (in[c] + in[c - 1] + in[c + 1] + in[c + n] + in[c - n]);
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 2000, 40000));
  const int tsteps = int(pb::arg(argc, argv, 2, 50));
  const long nn = long(n) * n;
  std::vector<double> A(nn), B(nn);
  init(n, A.data(), B.data());
  double *dA = pb::deviceArray(nn), *dB = pb::deviceArray(nn);

  const dim3 block(32, 8), grid(pb::blocks(n - 2, block.x), pb::blocks(n - 2, block.y));
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dA, A.data(), nn);
    pb::toDevice(dB, B.data(), nn);
    timer.start();
    for (int t = 0; t < tsteps; ++t) {
      sweep<<<grid, block>>>(n, dA, dB);
      sweep<<<grid, block>>>(n, dB, dA);
    }
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("jacobi-2d", best);

  std::vector<double> gA(nn), gB(nn);
  pb::toHost(gA.data(), dA, nn);
  pb::toHost(gB.data(), dB, nn);
  reference(n, tsteps, A.data(), B.data());
  const bool ok = pb::check("jacobi-2d", "A", gA.data(), A.data(), n, n, n, pb::kExact) &&
                  pb::check("jacobi-2d", "B", gB.data(), B.data(), n, n, n, pb::kExact);
  cudaFree(dA);
  cudaFree(dB);
  return ok ? 0 : 1;
}

// doitgen as hand-written CUDA: one thread per output element on a 3-D grid
// (32 x 8 blocks over (p, q), one grid layer per r) writing a temporary,
// then a copy kernel. Same sizes, data, repetitions and check as
// doitgen_acc.cpp.
#include "common.h"

#include <vector>

static void initA(long n, double *A) {
  for (long r = 0; r < n; ++r)
    for (long q = 0; q < n; ++q)
      for (long p = 0; p < n; ++p)
        A[(r * n + q) * n + p] = double((r * q + p) % n) / n;
}

static void initC4(long n, double *C4) {
  for (long s = 0; s < n; ++s)
    for (long p = 0; p < n; ++p)
      C4[s * n + p] = double((s * p) % n) / n;
}

static void reference(long n, double *A, const double *C4) {
  std::vector<double> t(n);
  for (long r = 0; r < n; ++r)
    for (long q = 0; q < n; ++q) {
      double *row = &A[(r * n + q) * n];
      for (long p = 0; p < n; ++p)
        t[p] = 0;
      for (long s = 0; s < n; ++s)
        for (long p = 0; p < n; ++p)
          t[p] += row[s] * C4[s * n + p];
      for (long p = 0; p < n; ++p)
        row[p] = t[p];
    }
}

__global__ void products(int n, const double *A, const double *C4, double *sum) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  const int q = blockIdx.y * blockDim.y + threadIdx.y;
  const int r = blockIdx.z;
  if (p >= n || q >= n)
    return;
  const long row = (long(r) * n + q) * n;
  double t = 0;
  for (int s = 0; s < n; ++s)
    t += A[row + s] * C4[long(s) * n + p];
  sum[row + p] = t;
}

__global__ void copyBack(int n, double *A, const double *sum) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  const int q = blockIdx.y * blockDim.y + threadIdx.y;
  const int r = blockIdx.z;
  if (p >= n || q >= n)
    return;
  const long at = (long(r) * n + q) * n + p;
  A[at] = sum[at];
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 256, 1000));
  const long n3 = long(n) * n * n, nn = long(n) * n;
  std::vector<double> A(n3), C4(nn);
  initA(n, A.data());
  initC4(n, C4.data());
  double *dA = pb::deviceArray(n3), *dSum = pb::deviceArray(n3), *dC4 = pb::deviceArray(nn);
  pb::toDevice(dC4, C4.data(), nn);

  const dim3 block(32, 8), grid(pb::blocks(n, block.x), pb::blocks(n, block.y), n);
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dA, A.data(), n3);
    timer.start();
    products<<<grid, block>>>(n, dA, dC4, dSum);
    copyBack<<<grid, block>>>(n, dA, dSum);
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("doitgen", best);

  std::vector<double> got(n3);
  pb::toHost(got.data(), dA, n3);
  reference(n, A.data(), C4.data());
  const bool ok = pb::check("doitgen", "A", got.data(), A.data(), nn, n, n, pb::kExact);
  cudaFree(dA);
  cudaFree(dSum);
  cudaFree(dC4);
  return ok ? 0 : 1;
}

// lu as hand-written CUDA: the pivot loop on the host, per pivot one kernel
// scaling the column (a thread per row) and one updating the trailing
// submatrix (a thread per element, 2-D grid of 32 x 8 blocks). Same sizes,
// data, repetitions and check as lu_acc.cpp.
#include "common.h"

#include <vector>

constexpr int N = 1024; // row length of the array; default size

static void init(long n, double *A) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * N + j] = i == j ? n + 1.0 : double((i * j + 1) % n) / n;
}

static void reference(long n, double *A) {
  for (long k = 0; k < n - 1; ++k) {
    for (long i = k + 1; i < n; ++i)
      A[i * N + k] /= A[k * N + k];
    for (long i = k + 1; i < n; ++i)
      for (long j = k + 1; j < n; ++j)
        A[i * N + j] -= A[i * N + k] * A[k * N + j];
  }
}

__global__ void scaleColumn(int n, int k, double *A) {
  const int i = k + 1 + blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    A[long(i) * N + k] /= A[long(k) * N + k];
}

__global__ void updateTrailing(int n, int k, double *A) {
  const int j = k + 1 + blockIdx.x * blockDim.x + threadIdx.x;
  const int i = k + 1 + blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n)
    A[long(i) * N + j] -= A[long(i) * N + k] * A[long(k) * N + j];
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const long size = long(n) * N;
  std::vector<double> A(size);
  init(n, A.data());
  double *dA = pb::deviceArray(size);

  const dim3 block(32, 8);
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dA, A.data(), size);
    timer.start();
    for (int k = 0; k < n - 1; ++k) {
      const int m = n - k - 1; // rows and columns after the pivot
      scaleColumn<<<pb::blocks(m, 256), 256>>>(n, k, dA);
      updateTrailing<<<dim3(pb::blocks(m, block.x), pb::blocks(m, block.y)), block>>>(n, k, dA);
    }
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("lu", best);

  std::vector<double> got(size);
  pb::toHost(got.data(), dA, size);
  reference(n, A.data());
  const bool ok = pb::check("lu", "A", got.data(), A.data(), n, n, N, pb::kExact);
  cudaFree(dA);
  return ok ? 0 : 1;
}

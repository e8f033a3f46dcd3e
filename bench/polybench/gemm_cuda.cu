// gemm as hand-written CUDA: one thread per element of C on a 2-D grid of
// 32 x 8 blocks, the dot product in a loop. Same sizes, data, repetitions
// and check as gemm_acc.cpp.
#include "common.h"

#include <vector>

constexpr int N = 1536; // row length of the arrays; default size

static void init(long n, double *A, double *B, double *C) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * N + j] = double((i * j + 1) % n) / n;
      B[i * N + j] = double((i * (j + 1) + 2) % n) / n;
      C[i * N + j] = double((i * (j + 3) + 1) % n) / n;
    }
}

static void reference(long n, double alpha, double beta, const double *A, const double *B,
                      double *C) {
  std::vector<double> t(n);
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j < n; ++j)
      t[j] = 0;
    for (long k = 0; k < n; ++k)
      for (long j = 0; j < n; ++j)
        t[j] += A[i * N + k] * B[k * N + j];
    for (long j = 0; j < n; ++j)
      C[i * N + j] = beta * C[i * N + j] + alpha * t[j];
  }
}

__global__ void gemm(int n, double alpha, double beta, const double *A, const double *B,
                     double *C) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n)
    return;
  double sum = 0;
  for (int k = 0; k < n; ++k)
    sum += A[long(i) * N + k] * B[long(k) * N + j];
  C[long(i) * N + j] = beta * C[long(i) * N + j] + alpha * sum;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const double alpha = 1.5, beta = 1.2;
  const long size = long(n) * N;
  std::vector<double> A(size), B(size), C(size);
  init(n, A.data(), B.data(), C.data());
  double *dA = pb::deviceArray(size), *dB = pb::deviceArray(size), *dC = pb::deviceArray(size);
  pb::toDevice(dA, A.data(), size);
  pb::toDevice(dB, B.data(), size);

  const dim3 block(32, 8), grid(pb::blocks(n, block.x), pb::blocks(n, block.y));
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dC, C.data(), size);
    timer.start();
    gemm<<<grid, block>>>(n, alpha, beta, dA, dB, dC);
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("gemm", best);

  std::vector<double> got(size);
  pb::toHost(got.data(), dC, size);
  reference(n, alpha, beta, A.data(), B.data(), C.data());
  const bool ok = pb::check("gemm", "C", got.data(), C.data(), n, n, N, pb::kExact);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  return ok ? 0 : 1;
}

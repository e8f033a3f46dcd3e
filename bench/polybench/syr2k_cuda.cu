// syr2k as hand-written CUDA: one thread per element of C on a 2-D grid of
// 32 x 8 blocks, threads above the diagonal return at once. Same sizes,
// data, repetitions and check as syr2k_acc.cpp.
#include "common.h"

#include <vector>

static void initInputs(long n, double *A, double *B) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * n + j] = double((i * j + 1) % n) / n;
      B[i * n + j] = double((i * (j + 2) + 1) % n) / n;
    }
}

static void initC(long n, double *C) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      C[i * n + j] = double((i * (j + 3) + 2) % n) / n;
}

static void reference(long n, double alpha, double beta, const double *A, const double *B,
                      double *C) {
  std::vector<double> At(n * n), Bt(n * n), t(n);
  for (long i = 0; i < n; ++i)
    for (long k = 0; k < n; ++k) {
      At[k * n + i] = A[i * n + k];
      Bt[k * n + i] = B[i * n + k];
    }
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j <= i; ++j)
      t[j] = 0;
    for (long k = 0; k < n; ++k) {
      const double a = A[i * n + k], b = B[i * n + k];
      for (long j = 0; j <= i; ++j)
        t[j] += a * Bt[k * n + j] + b * At[k * n + j];
    }
    for (long j = 0; j <= i; ++j)
      C[i * n + j] = beta * C[i * n + j] + alpha * t[j];
  }
}

__global__ void syr2k(int n, double alpha, double beta, const double *A, const double *B,
                      double *C) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j > i)
    return;
  const long ri = long(i) * n, rj = long(j) * n;
  double sum = 0;
  for (int k = 0; k < n; ++k)
    sum += A[ri + k] * B[rj + k] + B[ri + k] * A[rj + k];
  C[ri + j] = beta * C[ri + j] + alpha * sum;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 1280));
  const long nn = long(n) * n;
  const double alpha = 1.5, beta = 1.2;
  std::vector<double> A(nn), B(nn), C(nn);
  initInputs(n, A.data(), B.data());
  initC(n, C.data());
  double *dA = pb::deviceArray(nn), *dB = pb::deviceArray(nn), *dC = pb::deviceArray(nn);
  pb::toDevice(dA, A.data(), nn);
  pb::toDevice(dB, B.data(), nn);

  const dim3 block(32, 8), grid(pb::blocks(n, block.x), pb::blocks(n, block.y));
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dC, C.data(), nn);
    timer.start();
    syr2k<<<grid, block>>>(n, alpha, beta, dA, dB, dC);
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("syr2k", best);

  std::vector<double> got(nn);
  pb::toHost(got.data(), dC, nn);
  reference(n, alpha, beta, A.data(), B.data(), C.data());
  const bool ok = pb::check("syr2k", "C", got.data(), C.data(), n, n, n, pb::kExact);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  return ok ? 0 : 1;
}

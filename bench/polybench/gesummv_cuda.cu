// gesummv as hand-written CUDA: one warp per row computes both row dot
// products (shuffle reductions). Same sizes, data, repetitions and check as
// gesummv_acc.cpp.
#include "common.h"

#include <vector>

static void init(long n, double *A, double *B, double *x) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * n + j] = double((i * j + 1) % n) / n;
      B[i * n + j] = double((i * j + 2) % n) / n;
    }
  for (long j = 0; j < n; ++j)
    x[j] = double(j % n) / n;
}

static void reference(long n, double alpha, double beta, const double *A, const double *B,
                      const double *x, double *y) {
  for (long i = 0; i < n; ++i) {
    double sa = 0, sb = 0;
    for (long j = 0; j < n; ++j) {
      sa += A[i * n + j] * x[j];
      sb += B[i * n + j] * x[j];
    }
    y[i] = alpha * sa + beta * sb;
  }
}

constexpr unsigned kBlock = 256, kRowsPerBlock = kBlock / 32;

__global__ void gesummv(int n, double alpha, double beta, const double *A, const double *B,
                        const double *x, double *y) {
  const int i = blockIdx.x * kRowsPerBlock + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (i >= n)
    return;
  double sa = 0, sb = 0;
  for (int j = lane; j < n; j += 32) {
    sa += A[long(i) * n + j] * x[j];
    sb += B[long(i) * n + j] * x[j];
  }
  sa = pb::warpSum(sa);
  sb = pb::warpSum(sb);
  if (lane == 0)
    y[i] = alpha * sa + beta * sb;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 14000, 46000));
  const long nn = long(n) * n;
  const double alpha = 1.5, beta = 1.2;
  std::vector<double> A(nn), B(nn), x(n);
  init(n, A.data(), B.data(), x.data());
  double *dA = pb::deviceArray(nn), *dB = pb::deviceArray(nn), *dx = pb::deviceArray(n),
         *dy = pb::deviceArray(n);
  pb::toDevice(dA, A.data(), nn);
  pb::toDevice(dB, B.data(), nn);
  pb::toDevice(dx, x.data(), n);

  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    timer.start();
    gesummv<<<pb::blocks(n, kRowsPerBlock), kBlock>>>(n, alpha, beta, dA, dB, dx, dy);
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("gesummv", best);

  std::vector<double> y(n), ry(n);
  pb::toHost(y.data(), dy, n);
  reference(n, alpha, beta, A.data(), B.data(), x.data(), ry.data());
  const bool ok = pb::check("gesummv", "y", y.data(), ry.data(), n, pb::kReordered);
  for (double *p : {dA, dB, dx, dy})
    cudaFree(p);
  return ok ? 0 : 1;
}

// atax as hand-written CUDA: t = A x with one warp per row (shuffle
// reduction), y = A^T t with one thread per column walking down it
// (coalesced). Same sizes, data, repetitions and check as atax_acc.cpp.
#include "common.h"

#include <vector>

static void init(long n, double *A, double *x) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = double((i * (j + 1)) % n) / (5.0 * n);
  for (long j = 0; j < n; ++j)
    x[j] = 1.0 + double(j) / n;
}

static void reference(long n, const double *A, const double *x, double *t, double *y) {
  for (long i = 0; i < n; ++i) {
    double sum = 0;
    for (long j = 0; j < n; ++j)
      sum += A[i * n + j] * x[j];
    t[i] = sum;
  }
  for (long j = 0; j < n; ++j)
    y[j] = 0;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      y[j] += A[i * n + j] * t[i];
}

constexpr unsigned kBlock = 256, kRowsPerBlock = kBlock / 32;

// t[i] = sum_j A[i][j] x[j], a warp per row.
__global__ void rowDots(int n, const double *A, const double *x, double *t) {
  const int i = blockIdx.x * kRowsPerBlock + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (i >= n)
    return;
  double sum = 0;
  for (int j = lane; j < n; j += 32)
    sum += A[long(i) * n + j] * x[j];
  sum = pb::warpSum(sum);
  if (lane == 0)
    t[i] = sum;
}

// y[j] = sum_i A[i][j] t[i], a thread per column.
__global__ void columnDots(int n, const double *A, const double *t, double *y) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += A[long(i) * n + j] * t[i];
  y[j] = sum;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 16000, 46000));
  const long nn = long(n) * n;
  std::vector<double> A(nn), x(n);
  init(n, A.data(), x.data());
  double *dA = pb::deviceArray(nn), *dx = pb::deviceArray(n), *dt = pb::deviceArray(n),
         *dy = pb::deviceArray(n);
  pb::toDevice(dA, A.data(), nn);
  pb::toDevice(dx, x.data(), n);

  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    timer.start();
    rowDots<<<pb::blocks(n, kRowsPerBlock), kBlock>>>(n, dA, dx, dt);
    columnDots<<<pb::blocks(n, kBlock), kBlock>>>(n, dA, dt, dy);
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("atax", best);

  std::vector<double> y(n), rt(n), ry(n);
  pb::toHost(y.data(), dy, n);
  reference(n, A.data(), x.data(), rt.data(), ry.data());
  const bool ok = pb::check("atax", "y", y.data(), ry.data(), n, pb::kReordered);
  for (double *p : {dA, dx, dt, dy})
    cudaFree(p);
  return ok ? 0 : 1;
}

// mvt as hand-written CUDA: x1 += A y1 with one warp per row (shuffle
// reduction), x2 += A^T y2 with one thread per column walking down it
// (coalesced). Same sizes, data, repetitions and check as mvt_acc.cpp.
#include "common.h"

#include <vector>

constexpr int N = 16000; // row length of A; default size

static void initA(long n, double *A, double *y1, double *y2) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * N + j] = double((i * j + 3) % n) / (5.0 * n);
  for (long i = 0; i < n; ++i) {
    y1[i] = double((i * 3) % n) / n;
    y2[i] = double((i * 4 + 1) % n) / n;
  }
}

static void initX(long n, double *x1, double *x2) {
  for (long i = 0; i < n; ++i) {
    x1[i] = double(i % n) / n;
    x2[i] = double((i + 1) % n) / n;
  }
}

static void reference(long n, const double *A, const double *y1, const double *y2, double *x1,
                      double *x2) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      x1[i] += A[i * N + j] * y1[j];
  for (long j = 0; j < n; ++j)
    for (long i = 0; i < n; ++i)
      x2[i] += A[j * N + i] * y2[j];
}

constexpr unsigned kBlock = 256, kRowsPerBlock = kBlock / 32;

// x1[i] += sum_j A[i][j] y1[j], a warp per row.
__global__ void rowDots(int n, const double *A, const double *y1, double *x1) {
  const int i = blockIdx.x * kRowsPerBlock + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (i >= n)
    return;
  double sum = 0;
  for (int j = lane; j < n; j += 32)
    sum += A[long(i) * N + j] * y1[j];
  sum = pb::warpSum(sum);
  if (lane == 0)
    x1[i] += sum;
}

// x2[i] += sum_j A[j][i] y2[j], a thread per column.
__global__ void columnDots(int n, const double *A, const double *y2, double *x2) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double sum = 0;
  for (int j = 0; j < n; ++j)
    sum += A[long(j) * N + i] * y2[j];
  x2[i] += sum;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const long size = long(n) * N;
  std::vector<double> A(size), y1(n), y2(n), x1(n), x2(n);
  initA(n, A.data(), y1.data(), y2.data());
  initX(n, x1.data(), x2.data());
  double *dA = pb::deviceArray(size), *dy1 = pb::deviceArray(n), *dy2 = pb::deviceArray(n),
         *dx1 = pb::deviceArray(n), *dx2 = pb::deviceArray(n);
  pb::toDevice(dA, A.data(), size);
  pb::toDevice(dy1, y1.data(), n);
  pb::toDevice(dy2, y2.data(), n);

  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dx1, x1.data(), n);
    pb::toDevice(dx2, x2.data(), n);
    timer.start();
    rowDots<<<pb::blocks(n, kRowsPerBlock), kBlock>>>(n, dA, dy1, dx1);
    columnDots<<<pb::blocks(n, kBlock), kBlock>>>(n, dA, dy2, dx2);
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("mvt", best);

  std::vector<double> g1(n), g2(n);
  pb::toHost(g1.data(), dx1, n);
  pb::toHost(g2.data(), dx2, n);
  reference(n, A.data(), y1.data(), y2.data(), x1.data(), x2.data());
  const bool ok = pb::check("mvt", "x1", g1.data(), x1.data(), n, pb::kReordered) &&
                  pb::check("mvt", "x2", g2.data(), x2.data(), n, pb::kReordered);
  for (double *v : {dA, dy1, dy2, dx1, dx2})
    cudaFree(v);
  return ok ? 0 : 1;
}

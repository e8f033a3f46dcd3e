// covariance as hand-written CUDA: column means with one thread per column,
// centring on a 2-D grid, and one thread per upper-triangle element of the
// covariance matrix on a 2-D grid of 32 x 8 blocks (threads below the
// diagonal return at once). Same sizes, data, repetitions and check as
// covariance_acc.cpp.
#include "common.h"

#include <vector>

constexpr int N = 2048; // row length of the arrays; default size

static void initData(long n, double *data) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      data[i * N + j] = double((i * j + 3 * i + j) % n) / n;
}

static void reference(long n, double *data, double *mean, double *cov) {
  for (long j = 0; j < n; ++j)
    mean[j] = 0;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      mean[j] += data[i * N + j];
  for (long j = 0; j < n; ++j)
    mean[j] /= n;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      data[i * N + j] -= mean[j];
  std::vector<double> t(n);
  for (long i = 0; i < n; ++i) {
    for (long j = i; j < n; ++j)
      t[j] = 0;
    for (long k = 0; k < n; ++k)
      for (long j = i; j < n; ++j)
        t[j] += data[k * N + i] * data[k * N + j];
    for (long j = i; j < n; ++j) {
      cov[i * N + j] = t[j] / (n - 1.0);
      cov[j * N + i] = cov[i * N + j];
    }
  }
}

__global__ void means(int n, const double *data, double *mean) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += data[long(i) * N + j];
  mean[j] = sum / n;
}

__global__ void centre(int n, double *data, const double *mean) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n)
    data[long(i) * N + j] -= mean[j];
}

__global__ void covariances(int n, const double *data, double *cov) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n || j < i)
    return;
  double sum = 0;
  for (int k = 0; k < n; ++k)
    sum += data[long(k) * N + i] * data[long(k) * N + j];
  sum /= (n - 1.0);
  cov[long(i) * N + j] = sum;
  cov[long(j) * N + i] = sum;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const long size = long(n) * N;
  std::vector<double> data(size);
  initData(n, data.data());
  double *dData = pb::deviceArray(size), *dCov = pb::deviceArray(size),
         *dMean = pb::deviceArray(n);

  const dim3 block(32, 8), grid(pb::blocks(n, block.x), pb::blocks(n, block.y));
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dData, data.data(), size);
    timer.start();
    means<<<pb::blocks(n, 256), 256>>>(n, dData, dMean);
    centre<<<grid, block>>>(n, dData, dMean);
    covariances<<<grid, block>>>(n, dData, dCov);
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("covariance", best);

  std::vector<double> got(size), cov(size), mean(n);
  pb::toHost(got.data(), dCov, size);
  reference(n, data.data(), mean.data(), cov.data());
  const bool ok = pb::check("covariance", "cov", got.data(), cov.data(), n, n, N, pb::kReordered);
  cudaFree(dData);
  cudaFree(dCov);
  cudaFree(dMean);
  return ok ? 0 : 1;
}

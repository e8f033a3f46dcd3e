// fdtd-2d as hand-written CUDA: the time loop on the host, one kernel per
// update (the source row, ey, ex, hz), one thread per point on a 2-D grid
// of 32 x 8 blocks. Same sizes, data, repetitions and check as
// fdtd-2d_acc.cpp. Arguments: [n [tsteps]].
#include "common.h"

#include <vector>

constexpr int N = 2000; // row length of the arrays; default size

static void init(long n, int tsteps, double *ex, double *ey, double *hz, double *fict) {
  for (int t = 0; t < tsteps; ++t)
    fict[t] = t;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      ex[i * N + j] = double((i * (j + 1)) % n) / n;
      ey[i * N + j] = double((i * (j + 2)) % n) / n;
      hz[i * N + j] = double((i * (j + 3)) % n) / n;
    }
}

static void reference(long n, int tsteps, double *ex, double *ey, double *hz,
                      const double *fict) {
  for (int t = 0; t < tsteps; ++t) {
    for (long j = 0; j < n; ++j)
      ey[j] = fict[t];
    for (long i = 1; i < n; ++i)
      for (long j = 0; j < n; ++j)
        ey[i * N + j] = ey[i * N + j] - 0.5 * (hz[i * N + j] - hz[(i - 1) * N + j]);
    for (long i = 0; i < n; ++i)
      for (long j = 1; j < n; ++j)
        ex[i * N + j] = ex[i * N + j] - 0.5 * (hz[i * N + j] - hz[i * N + j - 1]);
    for (long i = 0; i < n - 1; ++i)
      for (long j = 0; j < n - 1; ++j)
        hz[i * N + j] = hz[i * N + j] - 0.7 * (ex[i * N + j + 1] - ex[i * N + j] +
                                               ey[(i + 1) * N + j] - ey[i * N + j]);
  }
}

__global__ void source(int n, double *ey, const double *fict, int t) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < n)
    ey[j] = fict[t];
}

__global__ void updateEy(int n, double *ey, const double *hz) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i >= n || j >= n)
    return;
  const long c = long(i) * N + j;
  ey[c] = ey[c] - 0.5 * (hz[c] - hz[c - N]);
}

__global__ void updateEx(int n, double *ex, const double *hz) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n)
    return;
  const long c = long(i) * N + j;
  ex[c] = ex[c] - 0.5 * (hz[c] - hz[c - 1]);
}

__global__ void updateHz(int n, const double *ex, const double *ey, double *hz) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n - 1 || j >= n - 1)
    return;
  const long c = long(i) * N + j;
  hz[c] = hz[c] - 0.7 * (ex[c + 1] - ex[c] + ey[c + N] - ey[c]);
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const int tsteps = int(pb::arg(argc, argv, 2, 50));
  const long size = long(n) * N;
  std::vector<double> ex(size), ey(size), hz(size), fict(tsteps);
  init(n, tsteps, ex.data(), ey.data(), hz.data(), fict.data());
  double *dEx = pb::deviceArray(size), *dEy = pb::deviceArray(size),
         *dHz = pb::deviceArray(size), *dFict = pb::deviceArray(tsteps);
  pb::toDevice(dFict, fict.data(), tsteps);

  const dim3 block(32, 8), grid(pb::blocks(n, block.x), pb::blocks(n, block.y));
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dEx, ex.data(), size);
    pb::toDevice(dEy, ey.data(), size);
    pb::toDevice(dHz, hz.data(), size);
    timer.start();
    for (int t = 0; t < tsteps; ++t) {
      source<<<pb::blocks(n, 256), 256>>>(n, dEy, dFict, t);
      updateEy<<<grid, block>>>(n, dEy, dHz);
      updateEx<<<grid, block>>>(n, dEx, dHz);
      updateHz<<<grid, block>>>(n, dEx, dEy, dHz);
    }
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("fdtd-2d", best);

  std::vector<double> gEx(size), gEy(size), gHz(size);
  pb::toHost(gEx.data(), dEx, size);
  pb::toHost(gEy.data(), dEy, size);
  pb::toHost(gHz.data(), dHz, size);
  reference(n, tsteps, ex.data(), ey.data(), hz.data(), fict.data());
  const bool ok = pb::check("fdtd-2d", "ex", gEx.data(), ex.data(), n, n, N, pb::kExact) &&
                  pb::check("fdtd-2d", "ey", gEy.data(), ey.data(), n, n, N, pb::kExact) &&
                  pb::check("fdtd-2d", "hz", gHz.data(), hz.data(), n, n, N, pb::kExact);
  for (double *p : {dEx, dEy, dHz, dFict})
    cudaFree(p);
  return ok ? 0 : 1;
}

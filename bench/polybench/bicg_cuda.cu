// bicg as hand-written CUDA: q = A p with one warp per row (shuffle
// reduction), s = A^T r with one thread per column walking down it
// (coalesced). Same sizes, data, repetitions and check as bicg_acc.cpp.
#include "common.h"

#include <vector>

static void init(long n, double *A, double *p, double *r) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      A[i * n + j] = double((i * (j + 2) + 1) % n) / (5.0 * n);
  for (long i = 0; i < n; ++i) {
    p[i] = double(i % 7) / 7.0;
    r[i] = double(i % 11) / 11.0;
  }
}

static void reference(long n, const double *A, const double *p, const double *r, double *q,
                      double *s) {
  for (long i = 0; i < n; ++i) {
    double sum = 0;
    for (long j = 0; j < n; ++j)
      sum += A[i * n + j] * p[j];
    q[i] = sum;
  }
  for (long j = 0; j < n; ++j)
    s[j] = 0;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      s[j] += r[i] * A[i * n + j];
}

constexpr unsigned kBlock = 256, kRowsPerBlock = kBlock / 32;

// q[i] = sum_j A[i][j] p[j], a warp per row.
__global__ void rowDots(int n, const double *A, const double *p, double *q) {
  const int i = blockIdx.x * kRowsPerBlock + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (i >= n)
    return;
  double sum = 0;
  for (int j = lane; j < n; j += 32)
    sum += A[long(i) * n + j] * p[j];
  sum = pb::warpSum(sum);
  if (lane == 0)
    q[i] = sum;
}

// s[j] = sum_i r[i] A[i][j], a thread per column.
__global__ void columnDots(int n, const double *A, const double *r, double *s) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n)
    return;
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += r[i] * A[long(i) * n + j];
  s[j] = sum;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 16000, 46000));
  const long nn = long(n) * n;
  std::vector<double> A(nn), p(n), r(n);
  init(n, A.data(), p.data(), r.data());
  double *dA = pb::deviceArray(nn), *dp = pb::deviceArray(n), *dr = pb::deviceArray(n),
         *dq = pb::deviceArray(n), *ds = pb::deviceArray(n);
  pb::toDevice(dA, A.data(), nn);
  pb::toDevice(dp, p.data(), n);
  pb::toDevice(dr, r.data(), n);

  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    timer.start();
    rowDots<<<pb::blocks(n, kRowsPerBlock), kBlock>>>(n, dA, dp, dq);
    columnDots<<<pb::blocks(n, kBlock), kBlock>>>(n, dA, dr, ds);
    const double t = timer.seconds();
    if (rep > 0)
      best.add(t);
  }
  pb::report("bicg", best);

  std::vector<double> q(n), s(n), rq(n), rs(n);
  pb::toHost(q.data(), dq, n);
  pb::toHost(s.data(), ds, n);
  reference(n, A.data(), p.data(), r.data(), rq.data(), rs.data());
  const bool ok = pb::check("bicg", "q", q.data(), rq.data(), n, pb::kReordered) &&
                  pb::check("bicg", "s", s.data(), rs.data(), n, pb::kReordered);
  for (double *v : {dA, dp, dr, dq, ds})
    cudaFree(v);
  return ok ? 0 : 1;
}

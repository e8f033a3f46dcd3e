// gramschmidt as hand-written CUDA: the column loop on the host, per column
// k one block summing the squares of column k (shared-memory tree), one
// kernel normalising it into Q (a thread per row), and one projecting the
// later columns: a 32 x 8 block per 32 columns j > k, the 8 rows of threads
// splitting the dot product Q[:,k] . A[:,j] and combining it in shared
// memory, then updating the column A[:,j] together. Same sizes, data,
// repetitions and check as gramschmidt_acc.cpp.
#include "common.h"

#include <vector>

constexpr int N = 512; // row length of the arrays; default size

static void init(long n, double *A, double *R) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      A[i * N + j] = i == j ? n + 1.0 : double((i * j + 2 * i + 1) % n) / n;
      R[i * N + j] = 0;
    }
}

static void reference(long n, double *A, double *R, double *Q) {
  for (long k = 0; k < n; ++k) {
    double nrm = 0;
    for (long i = 0; i < n; ++i)
      nrm += A[i * N + k] * A[i * N + k];
    R[k * N + k] = std::sqrt(nrm);
    for (long i = 0; i < n; ++i)
      Q[i * N + k] = A[i * N + k] / R[k * N + k];
    for (long j = k + 1; j < n; ++j)
      R[k * N + j] = 0;
    for (long i = 0; i < n; ++i)
      for (long j = k + 1; j < n; ++j)
        R[k * N + j] += Q[i * N + k] * A[i * N + j];
    for (long i = 0; i < n; ++i)
      for (long j = k + 1; j < n; ++j)
        A[i * N + j] -= Q[i * N + k] * R[k * N + j];
  }
}

constexpr int kNormBlock = 256;

// R[k][k] = |A[:,k]|, one block.
__global__ void columnNorm(int n, int k, const double *A, double *R) {
  __shared__ double part[kNormBlock];
  double sum = 0;
  for (int i = threadIdx.x; i < n; i += kNormBlock)
    sum += A[long(i) * N + k] * A[long(i) * N + k];
  part[threadIdx.x] = sum;
  __syncthreads();
  for (int s = kNormBlock / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    R[long(k) * N + k] = sqrt(part[0]);
}

// Q[:,k] = A[:,k] / R[k][k], a thread per row.
__global__ void normalise(int n, int k, const double *A, const double *R, double *Q) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    Q[long(i) * N + k] = A[long(i) * N + k] / R[long(k) * N + k];
}

constexpr int kCols = 32, kSlices = 8;

// For the columns j > k: R[k][j] = Q[:,k] . A[:,j], then A[:,j] -= Q[:,k] R[k][j].
// threadIdx.x picks the column, threadIdx.y the rows i = y, y + 8, ...
__global__ void project(int n, int k, const double *Q, double *R, double *A) {
  __shared__ double part[kSlices][kCols];
  const int x = threadIdx.x, y = threadIdx.y;
  const int j = k + 1 + blockIdx.x * kCols + x;
  const bool active = j < n;
  double sum = 0;
  if (active)
    for (int i = y; i < n; i += kSlices)
      sum += Q[long(i) * N + k] * A[long(i) * N + j];
  part[y][x] = sum;
  __syncthreads();
  if (y == 0) {
    for (int s = 1; s < kSlices; ++s)
      sum += part[s][x];
    part[0][x] = sum;
    if (active)
      R[long(k) * N + j] = sum;
  }
  __syncthreads();
  if (!active)
    return;
  const double r = part[0][x];
  for (int i = y; i < n; i += kSlices)
    A[long(i) * N + j] -= Q[long(i) * N + k] * r;
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  const long size = long(n) * N;
  std::vector<double> A(size), R(size);
  init(n, A.data(), R.data());
  double *dA = pb::deviceArray(size), *dR = pb::deviceArray(size), *dQ = pb::deviceArray(size);

  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dA, A.data(), size);
    pb::toDevice(dR, R.data(), size);
    timer.start();
    for (int k = 0; k < n; ++k) {
      columnNorm<<<1, kNormBlock>>>(n, k, dA, dR);
      normalise<<<pb::blocks(n, 256), 256>>>(n, k, dA, dR, dQ);
      if (k + 1 < n)
        project<<<pb::blocks(n - k - 1, kCols), dim3(kCols, kSlices)>>>(n, k, dQ, dR, dA);
    }
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("gramschmidt", best);

  std::vector<double> gA(size), gR(size), gQ(size), Q(size);
  pb::toHost(gA.data(), dA, size);
  pb::toHost(gR.data(), dR, size);
  pb::toHost(gQ.data(), dQ, size);
  reference(n, A.data(), R.data(), Q.data());
  const bool ok =
      pb::check("gramschmidt", "R", gR.data(), R.data(), n, n, N, pb::kReordered) &&
      pb::check("gramschmidt", "Q", gQ.data(), Q.data(), n, n, N, pb::kReordered) &&
      pb::check("gramschmidt", "A", gA.data(), A.data(), n, n, N, pb::kReordered);
  for (double *p : {dA, dR, dQ})
    cudaFree(p);
  return ok ? 0 : 1;
}

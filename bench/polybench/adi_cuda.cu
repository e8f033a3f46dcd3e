// adi as hand-written CUDA: the time loop on the host, per time step one
// kernel for the row sweeps (a thread per row runs its forward
// elimination, division and back substitution in order) and one for the
// column sweeps (a thread per column, coalesced). Same sizes, data,
// repetitions and check as adi_acc.cpp. Arguments: [n [tsteps]].
#include "common.h"

#include <vector>

static void init(long n, double *X, double *A, double *B) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      X[i * n + j] = 1.0 + double((i * (j + 1)) % n) / n;
      A[i * n + j] = 0.01 * double((i + 2 * j) % 5 + 1);
      B[i * n + j] = 2.0 + 0.02 * double((i * j + i + j) % n) / n;
    }
}

static void reference(long n, int tsteps, double *X, const double *A, double *B) {
  for (int t = 0; t < tsteps; ++t) {
    for (long i = 0; i < n; ++i) {
      for (long j = 1; j < n; ++j) {
        X[i * n + j] -= X[i * n + j - 1] * A[i * n + j] / B[i * n + j - 1];
        B[i * n + j] -= A[i * n + j] * A[i * n + j] / B[i * n + j - 1];
      }
      X[i * n + n - 1] /= B[i * n + n - 1];
      for (long j = n - 2; j >= 0; --j)
        X[i * n + j] = (X[i * n + j] - A[i * n + j + 1] * X[i * n + j + 1]) / B[i * n + j];
    }
    for (long i = 1; i < n; ++i)
      for (long j = 0; j < n; ++j) {
        X[i * n + j] -= X[(i - 1) * n + j] * A[i * n + j] / B[(i - 1) * n + j];
        B[i * n + j] -= A[i * n + j] * A[i * n + j] / B[(i - 1) * n + j];
      }
    for (long j = 0; j < n; ++j)
      X[(n - 1) * n + j] /= B[(n - 1) * n + j];
    for (long i = n - 2; i >= 0; --i)
      for (long j = 0; j < n; ++j)
        X[i * n + j] = (X[i * n + j] - A[(i + 1) * n + j] * X[(i + 1) * n + j]) / B[i * n + j];
  }
}

// One line of the system, `count` elements `stride` apart from `first`:
// forward elimination, last division, back substitution.
__device__ void sweepLine(long first, long stride, int count, double *X, const double *A,
                          double *B) {
  for (int k = 1; k < count; ++k) {
    const long c = first + k * stride, p = c - stride;
    X[c] -= X[p] * A[c] / B[p];
    B[c] -= A[c] * A[c] / B[p];
  }
  const long last = first + long(count - 1) * stride;
  X[last] /= B[last];
  for (int k = count - 2; k >= 0; --k) {
    const long c = first + k * stride, q = c + stride;
    X[c] = (X[c] - A[q] * X[q]) / B[c];
  }
}

// A thread per row.
__global__ void rowSweeps(int n, double *X, const double *A, double *B) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    sweepLine(long(i) * n, 1, n, X, A, B);
}

// A thread per column.
__global__ void columnSweeps(int n, double *X, const double *A, double *B) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < n)
    sweepLine(j, n, n, X, A, B);
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, 1024, 40000));
  const int tsteps = int(pb::arg(argc, argv, 2, 50));
  const long nn = long(n) * n;
  std::vector<double> X(nn), A(nn), B(nn);
  init(n, X.data(), A.data(), B.data());
  double *dX = pb::deviceArray(nn), *dA = pb::deviceArray(nn), *dB = pb::deviceArray(nn);
  pb::toDevice(dA, A.data(), nn);

  constexpr unsigned kBlock = 64; // n threads in all: small blocks spread them over the SMs
  pb::EventTimer timer;
  pb::Best best;
  for (int rep = 0; rep <= pb::kRepeats; ++rep) {
    pb::toDevice(dX, X.data(), nn);
    pb::toDevice(dB, B.data(), nn);
    timer.start();
    for (int t = 0; t < tsteps; ++t) {
      rowSweeps<<<pb::blocks(n, kBlock), kBlock>>>(n, dX, dA, dB);
      columnSweeps<<<pb::blocks(n, kBlock), kBlock>>>(n, dX, dA, dB);
    }
    const double s = timer.seconds();
    if (rep > 0)
      best.add(s);
  }
  pb::report("adi", best);

  std::vector<double> gX(nn), gB(nn);
  pb::toHost(gX.data(), dX, nn);
  pb::toHost(gB.data(), dB, nn);
  reference(n, tsteps, X.data(), A.data(), B.data());
  const bool ok = pb::check("adi", "X", gX.data(), X.data(), n, n, n, pb::kExact) &&
                  pb::check("adi", "B", gB.data(), B.data(), n, n, n, pb::kExact);
  for (double *p : {dX, dA, dB})
    cudaFree(p);
  return ok ? 0 : 1;
}

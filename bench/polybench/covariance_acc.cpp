// covariance: the covariance matrix of n variables (columns) over n
// observations (rows): column means, centring, then
// cov[i][j] = sum_k data[k][i] * data[k][j] / (n - 1) for j >= i, mirrored.
// Row-pointer arrays, one data region, three `parallel loop`s: the means
// with a nested `loop reduction(+:sum)`, the centring and the upper
// triangle with a nested `loop`.
#include "common.h"

#include <vector>

constexpr int N = 2048; // row length of the arrays; default size

static void initData(long n, double (*data)[N]) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      data[i][j] = double((i * j + 3 * i + j) % n) / n;
}

// Means summed in index order, covariances summed in k order over a row
// buffer (the data is centred in place).
static void reference(long n, double (*data)[N], double *mean, double (*cov)[N]) {
  for (long j = 0; j < n; ++j)
    mean[j] = 0;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      mean[j] += data[i][j];
  for (long j = 0; j < n; ++j)
    mean[j] /= n;
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      data[i][j] -= mean[j];
  std::vector<double> t(n);
  for (long i = 0; i < n; ++i) {
    for (long j = i; j < n; ++j)
      t[j] = 0;
    for (long k = 0; k < n; ++k)
      for (long j = i; j < n; ++j)
        t[j] += data[k][i] * data[k][j];
    for (long j = i; j < n; ++j) {
      cov[i][j] = t[j] / (n - 1.0);
      cov[j][i] = cov[i][j];
    }
  }
}

int main(int argc, char **argv) {
  const int n = int(pb::arg(argc, argv, 1, N, N));
  double (*data)[N] = (double (*)[N])std::malloc(n * sizeof(*data));
  double (*cov)[N] = (double (*)[N])std::malloc(n * sizeof(*cov));
  double *mean = (double *)std::malloc(n * sizeof(double));
  initData(n, data);

  pb::Best best;
#pragma acc data copyin(data[0:n][0:N]) create(mean[0:n]) copyout(cov[0:n][0:N])
  {
    for (int rep = 0; rep <= pb::kRepeats; ++rep) {
      if (rep > 0) {
        initData(n, data);
#pragma acc update device(data[0:n][0:N])
      }
      pb::Timer timer;
#pragma acc parallel loop present(data[0:n][0:N], mean[0:n])
      for (int j = 0; j < n; ++j) {
        double sum = 0;
#pragma acc loop reduction(+:sum)
        for (int i = 0; i < n; ++i)
          sum += data[i][j];
        mean[j] = sum / n;
      }
#pragma acc parallel loop present(data[0:n][0:N], mean[0:n])
      for (int i = 0; i < n; ++i) {
#pragma acc loop
        for (int j = 0; j < n; ++j)
          data[i][j] -= mean[j];
      }
#pragma acc parallel loop present(data[0:n][0:N], cov[0:n][0:N])
      for (int i = 0; i < n; ++i) {
#pragma acc loop
        for (int j = i; j < n; ++j) {
          double sum = 0;
          for (int k = 0; k < n; ++k)
            sum += data[k][i] * data[k][j];
          sum /= (n - 1.0);
          cov[i][j] = sum;
          cov[j][i] = sum;
        }
      }
      if (rep > 0)
        best.add(timer.seconds());
    }
  }
  pb::report("covariance", best);

  double (*rdata)[N] = (double (*)[N])std::malloc(n * sizeof(*rdata));
  double (*rcov)[N] = (double (*)[N])std::malloc(n * sizeof(*rcov));
  double *rmean = (double *)std::malloc(n * sizeof(double));
  initData(n, rdata);
  reference(n, rdata, rmean, rcov);
  const bool ok = pb::check("covariance", "cov", &cov[0][0], &rcov[0][0], n, n, N, pb::kReordered);
  std::free(data);
  std::free(cov);
  std::free(mean);
  std::free(rdata);
  std::free(rcov);
  std::free(rmean);
  return ok ? 0 : 1;
}

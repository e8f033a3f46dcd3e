// A loop interchanged with the sequential `for` of host control around it
// (an ADI column sweep written row by row) over pointers the program does
// not promise to be distinct memory: the proof takes them for distinct, and
// the host compares their sections before the sweep. Distinct: one launch
// per sweep. Overlapping (b is x one row back and one column over, so each
// row reads the row before from the next column, which the interchanged
// columns would not have finished): one launch per row, as written, and the
// results of the sequential sweep. FERRY_NOTIFY counts the launches.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 ACC_DEVICE_TYPE=host %run %t 2>&1 | %FileCheck %s
#include "Inputs/check.h"
#include <cstdlib>

enum { N = 24, Steps = 2 };

static void reference(double (*x)[N], double (*b)[N], int n) {
  for (int t = 0; t < Steps; t++)
    for (int i = 1; i < n; i++)
      for (int j = 0; j < n - 1; j++)
        x[i][j] = x[i][j] * 0.5 + (x[i - 1][j] + b[i][j]) * 0.25;
}

static void distinct(double (*x)[N], double (*b)[N], int n) {
  int i, j;
#pragma acc parallel present(x[0:n][0:N], b[0:n][0:N])
  {
    for (int t = 0; t < Steps; t++) {
      // CHECK-COUNT-2: launch {{.*}}loop-interchange-aliasing.cpp:[[@LINE+3]] loop
      // CHECK-NOT: loop-interchange-aliasing.cpp:[[@LINE+2]] loop
      for (i = 1; i < n; i++)
#pragma acc loop
        for (j = 0; j < n - 1; j++)
          x[i][j] = x[i][j] * 0.5 + (x[i - 1][j] + b[i][j]) * 0.25;
    }
  }
}

static void overlapping(double (*x)[N], double (*b)[N], int n) {
  int i, j;
#pragma acc parallel present(x[0:n][0:N], b[0:n][0:N])
  {
    for (int t = 0; t < Steps; t++) {
      // CHECK-COUNT-46: launch {{.*}}loop-interchange-aliasing.cpp:[[@LINE+3]] loop
      // CHECK-NOT: loop-interchange-aliasing.cpp:[[@LINE+2]] loop
      for (i = 1; i < n; i++)
#pragma acc loop
        for (j = 0; j < n - 1; j++)
          x[i][j] = x[i][j] * 0.5 + (x[i - 1][j] + b[i][j]) * 0.25;
    }
  }
}

static void fill(double *p, long count) {
  for (long k = 0; k < count; ++k)
    p[k] = 1 + (k * 7 % 11) * 0.125;
}

int main() {
  const int n = N;
  const long rows = N + 1;
  double *x = (double *)std::malloc(sizeof(double) * N * N);
  double *b = (double *)std::malloc(sizeof(double) * N * N);
  double *rx = (double *)std::malloc(sizeof(double) * N * N);
  fill(x, N * N);
  fill(b, N * N);
  for (long k = 0; k < N * N; ++k)
    rx[k] = x[k];
  reference((double (*)[N])rx, (double (*)[N])b, n);
#pragma acc data copy(x[0:N * N]) copyin(b[0:N * N])
  distinct((double (*)[N])x, (double (*)[N])b, n);
  for (long k = 0; k < N * N; ++k)
    CHECK(near(x[k], rx[k]));

  // One buffer: x from its second row, b from its second element, so that
  // b[i][j] is x[i - 1][j + 1].
  double *buf = (double *)std::malloc(sizeof(double) * rows * N);
  double *rbuf = (double *)std::malloc(sizeof(double) * rows * N);
  fill(buf, rows * N);
  for (long k = 0; k < rows * N; ++k)
    rbuf[k] = buf[k];
  reference((double (*)[N])(rbuf + N), (double (*)[N])(rbuf + 1), n);
#pragma acc data copy(buf[0:rows * N])
  overlapping((double (*)[N])(buf + N), (double (*)[N])(buf + 1), n);
  for (long k = 0; k < rows * N; ++k)
    CHECK(near(buf[k], rbuf[k]));
  std::free(x);
  std::free(b);
  std::free(rx);
  std::free(buf);
  std::free(rbuf);
  return report();
}

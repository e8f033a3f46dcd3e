// private(c[lo:len]) and firstprivate(c[lo:len]) of pointers and of arrays
// named with a section: every thread (or gang) works in its own copy, `c`
// points at it with the original subscripts, `c` never has to be present,
// firstprivate copies start from the values before the region, and
// nothing is copied back. On every construct and loop level: the
// temp-array-per-row pattern, copies changed in every iteration, gang
// copies shared by the vector loops of a gang, vector copies, a `seq` loop,
// `parallel`, `serial`, `kernels`, collapse, default(none), reductions and
// async.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

const int N = 300, M = 37;
double A[N][M], B[N][M], rowsum[N];
double *tmp; // a scratch row of the host program, never on the device

// The temp-array-per-row pattern, through array parameters.
void reverse_rows(double a[N][M], double b[N][M], int n, int m) {
#pragma acc parallel loop copyin(a[0:n][0:M]) copyout(b[0:n][0:M]) private(tmp[0:m])
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j)
      tmp[j] = 2 * a[i][j];
    for (int j = 0; j < m; ++j)
      b[i][j] = tmp[m - 1 - j];
  }
}

int main() {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      A[i][j] = (i * 7 + j * 3) % 19 - 4.5;
  tmp = new double[M + 8];
  for (int j = 0; j < M + 8; ++j)
    tmp[j] = -1;

  reverse_rows(A, B, N, M);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(B[i][j] == 2 * A[i][M - 1 - j]);
  for (int j = 0; j < M + 8; ++j)
    CHECK(tmp[j] == -1); // nothing copied back

  // firstprivate with a lower bound: every copy starts from w[5..M+5) and
  // is changed in every iteration; nothing leaks between iterations.
  double *w = new double[M + 5];
  for (int j = 0; j < M + 5; ++j)
    w[j] = j;
#pragma acc parallel loop copyin(A) copyout(B) firstprivate(w[5:M])
  for (int i = 0; i < N; ++i) {
    for (int j = 5; j < M + 5; ++j)
      w[j] += i;
    for (int j = 0; j < M; ++j)
      B[i][j] = w[j + 5] + A[i][j];
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(B[i][j] == j + 5 + i + A[i][j]);
  for (int j = 0; j < M + 5; ++j)
    CHECK(w[j] == j);

  // A gang's copy, shared by its vector loops.
#pragma acc parallel loop gang copyin(A) copyout(B) private(tmp[0:M])
  for (int i = 0; i < N; ++i) {
#pragma acc loop vector
    for (int j = 0; j < M; ++j)
      tmp[j] = 3 * A[i][j];
#pragma acc loop vector
    for (int j = 0; j < M; ++j)
      B[i][j] = tmp[M - 1 - j] + tmp[j];
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(B[i][j] == 3 * A[i][M - 1 - j] + 3 * A[i][j]);

  // A copy per vector lane, with a reduction of the vector loop.
  double *u = new double[4];
#pragma acc parallel loop gang copyin(A) copyout(rowsum)
  for (int i = 0; i < N; ++i) {
    double s = 0;
#pragma acc loop vector reduction(+ : s) private(u[0:4])
    for (int j = 0; j < M; ++j) {
      for (int k = 0; k < 4; ++k)
        u[k] = A[i][j] + k;
      s += u[0] + u[3];
    }
    rowsum[i] = s;
  }
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = 0; j < M; ++j)
      s += 2 * A[i][j] + 3;
    CHECK(rowsum[i] == s);
  }

  // A `parallel` construct: a gang loop with a `seq` loop inside, whose
  // private section is the thread's.
  double *coef = new double[3];
  coef[0] = coef[1] = coef[2] = 0;
#pragma acc parallel copyin(A) copyout(rowsum)
  {
#pragma acc loop gang private(tmp[0:M])
    for (int i = 0; i < N; ++i) {
      for (int j = 0; j < M; ++j)
        tmp[j] = A[i][j];
      double s = 0;
#pragma acc loop seq private(coef[0:3])
      for (int j = 0; j < M; ++j) {
        coef[2] = j % 2 ? 2.0 : 1.0;
        s += tmp[j] * coef[2];
      }
      rowsum[i] = s;
    }
  }
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = 0; j < M; ++j)
      s += A[i][j] * (j % 2 ? 2.0 : 1.0);
    CHECK(rowsum[i] == s);
  }
  CHECK(coef[2] == 0);

  // `serial` and `parallel` with private sections of their own.
  double total = 0;
#pragma acc serial copyin(A) copy(total) private(tmp[0:M])
  {
    for (int j = 0; j < M; ++j)
      tmp[j] = A[1][j];
    for (int j = 0; j < M; ++j)
      total += tmp[j];
  }
  double want = 0;
  for (int j = 0; j < M; ++j)
    want += A[1][j];
  CHECK(total == want);
  total = 0;
#pragma acc parallel copyin(A) copy(total) firstprivate(w[0:M])
  {
    for (int j = 0; j < M; ++j)
      w[j] *= A[2][j];
    for (int j = 0; j < M; ++j)
      total += w[j];
  }
  want = 0;
  for (int j = 0; j < M; ++j)
    want += j * A[2][j];
  CHECK(total == want);
  CHECK(w[1] == 1);

  // kernels, collapse(2) and default(none).
#pragma acc kernels loop independent collapse(2) default(none) copyin(A) copyout(B) private(u[0:2])
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      u[0] = A[i][j];
      u[1] = 1;
      B[i][j] = u[0] + u[1];
    }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      CHECK(B[i][j] == A[i][j] + 1);

  // An array named with a section, and a region reduction next to it.
  double arr[64];
  for (int j = 0; j < 64; ++j)
    arr[j] = 7;
  double sum = 0;
#pragma acc parallel loop copyout(rowsum) firstprivate(arr[0:M]) reduction(+ : sum)
  for (int i = 0; i < N; ++i) {
    arr[i % M] += i;
    double s = 0;
    for (int j = 0; j < M; ++j)
      s += arr[j];
    rowsum[i] = s;
    sum += s;
  }
  double wantSum = 0;
  for (int i = 0; i < N; ++i) {
    CHECK(rowsum[i] == 7 * M + i);
    wantSum += 7 * M + i;
  }
  CHECK(sum == wantSum);
  CHECK(arr[0] == 7);

  // async: the copies belong to the launch on its queue.
  std::vector<double> out(N, 0.0);
  double *o = out.data();
#pragma acc parallel loop async(1) copyin(A) copyout(o[0:N]) private(tmp[0:M])
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < M; ++j)
      tmp[j] = A[i][j] * A[i][j];
    double s = 0;
    for (int j = 0; j < M; ++j)
      s += tmp[j];
    o[i] = s;
  }
#pragma acc wait(1)
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = 0; j < M; ++j)
      s += A[i][j] * A[i][j];
    CHECK(out[i] == s);
  }
  return report();
}

// Loops nested in a region's iterations, written the way OpenACC users
// write them: each outer iteration runs on one gang and the nested `loop`
// spreads over its work-items (vector level), with statements between the
// levels, triangular bounds, a row array of the iteration shared by its
// nested loops, private variables and reductions at both levels. Every
// result is compared with the same computation on the host.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <vector>

constexpr int N = 67; // not a multiple of the block

struct Affine {
  double offset, slope;
};

int main() {
  double (*A)[N] = new double[N][N];
  double (*B)[N] = new double[N][N];
  double (*C)[N] = new double[N][N];
  double (*E)[N] = new double[N][N];
  std::vector<double> xv(N), yv(N, 1.0), rowv(N);
  double *x = xv.data(), *y = yv.data(), *rowsum = rowv.data();
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      A[i][j] = (i * 7 + j * 3) % 11 - 5;
      B[i][j] = (i + 2 * j) % 5 + 0.5;
      C[i][j] = 0;
    }
  double total = 1.0;
  long count = 0;

#pragma acc data copyin(A[0:N][0:N], B[0:N][0:N]) copyout(E[0:N][0:N]) copy(C[0:N][0:N], x[0:N], y[0:N], rowsum[0:N])
  {
    // gemm-like: i over gangs, j over the work-items, k in order.
#pragma acc parallel loop
    for (int i = 0; i < N; ++i) {
#pragma acc loop
      for (int j = 0; j < N; ++j) {
        double s = 0;
        for (int k = 0; k < N; ++k)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
    }
    // A row sum: a vector reduction into a variable of the iteration, then
    // a store of the iteration (once per gang) and a read-modify-write.
#pragma acc parallel loop gang
    for (int i = 0; i < N; ++i) {
      double s = 0;
#pragma acc loop vector reduction(+:s)
      for (int j = 0; j < N; ++j)
        s += A[i][j];
      rowsum[i] = s;
      y[i] += s; // once per iteration, not once per work-item
    }
    // The same with gangs of three warps (a block each): the combination
    // goes through group memory.
#pragma acc parallel loop gang vector_length(96)
    for (int i = 0; i < N; ++i) {
      double s = 0;
#pragma acc loop vector reduction(+:s)
      for (int j = 0; j < N; ++j)
        s += A[i][j];
      rowsum[i] -= s;
      y[i] += s;
    }
    // Statements between nested loops: the iteration writes x[i], its
    // nested loop reads it; a triangular nested loop; a row array shared by
    // two nested loops (the second reads what other work-items wrote).
#pragma acc parallel loop
    for (int i = 0; i < N; ++i) {
      x[i] = 2.0 * i;
      double row[N];
#pragma acc loop
      for (int j = 0; j <= i; ++j)
        row[j] = x[i] + j;
#pragma acc loop
      for (int j = 0; j <= i; ++j)
        C[i][j] += row[i - j];
    }
    // The same row array with gangs of two warps.
#pragma acc parallel loop vector_length(64)
    for (int i = 0; i < N; ++i) {
      double row[N];
#pragma acc loop
      for (int j = 0; j < N; ++j)
        row[j] = A[i][j];
#pragma acc loop
      for (int j = 0; j < N; ++j)
        C[i][j] -= row[N - 1 - j];
    }
    // Reductions at both levels into the region's variables, and a
    // private variable of the nested loop.
#pragma acc parallel loop reduction(+:total, count)
    for (int i = 0; i < N; ++i) {
      double t;
#pragma acc loop private(t) reduction(+:total, count)
      for (int j = i; j < N; j += 2) {
        t = A[i][j] * 0.5;
        total += t;
        count += 1;
      }
      count += 100; // once per iteration
    }
    // A private array of the region's loop, written by one nested loop and
    // read across by the next, and a firstprivate table: each gang needs
    // one copy (the nested loops then run in order inside each iteration).
    double tmp[N];
    const double scale[2] = {0.5, 2.0};
#pragma acc parallel loop private(tmp) firstprivate(scale)
    for (int i = 0; i < N; ++i) {
#pragma acc loop
      for (int j = 0; j < N; ++j)
        tmp[j] = A[i][j] * scale[j % 2];
#pragma acc loop
      for (int j = 0; j < N; ++j)
        E[i][j] = tmp[N - 1 - j];
    }
    // An object of the iteration used by its nested loop: the nested loop
    // runs in order inside each iteration (the remark says why).
#pragma acc parallel loop
    for (int i = 0; i < N; ++i) {
      Affine f{1.0 * i, 0.5};
#pragma acc loop
      for (int j = 0; j < N; ++j)
        E[i][j] += f.offset + f.slope * j;
    }
  }

  // The same on the host.
  std::vector<double> Cr(N * N), xr(N), yr(N, 1.0), rr(N);
  double totalr = 1.0;
  long countr = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < N; ++k)
        s += A[i][k] * B[k][j];
      Cr[i * N + j] = s;
    }
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = 0; j < N; ++j)
      s += A[i][j];
    rr[i] = s - s;
    yr[i] += 2 * s;
  }
  for (int i = 0; i < N; ++i) {
    xr[i] = 2.0 * i;
    double row[N];
    for (int j = 0; j <= i; ++j)
      row[j] = xr[i] + j;
    for (int j = 0; j <= i; ++j)
      Cr[i * N + j] += row[i - j];
    for (int j = 0; j < N; ++j)
      Cr[i * N + j] -= A[i][N - 1 - j];
  }
  for (int i = 0; i < N; ++i) {
    for (int j = i; j < N; j += 2) {
      totalr += A[i][j] * 0.5;
      countr += 1;
    }
    countr += 100;
  }
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      CHECK(E[i][j] == A[i][N - 1 - j] * ((N - 1 - j) % 2 ? 2.0 : 0.5) + (1.0 * i + 0.5 * j));
  for (int i = 0; i < N; ++i) {
    CHECK(near(x[i], xr[i]));
    CHECK(near(y[i], yr[i]));
    CHECK(near(rowsum[i], rr[i]));
    for (int j = 0; j < N; ++j)
      CHECK(near(C[i][j], Cr[i * N + j]));
  }
  CHECK(near(total, totalr));
  CHECK(count == countr);
  delete[] A;
  delete[] B;
  delete[] C;
  delete[] E;
  return report();
}

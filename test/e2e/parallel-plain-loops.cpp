// `parallel` written in the legacy style, plain loops and statements without
// `loop` directives: as if one gang ran the construct, its plain loops are
// its loops (parallel where their iterations are proven independent, with
// the reductions a `reduction` clause would name), its sequential control
// runs on the host, and each statement the host cannot run (it touches
// device data) is a region of one work-item between them. Results equal
// the sequential program's; in `parallel` the scalars stay the
// construct's own (firstprivate), in `kernels` they are copy.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=3 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -O2 -fplugin-arg-ferry-remarks -Rpass-missed=ferry -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REMARK
#include "Inputs/check.h"

#include <cmath>
#include <vector>

// Gram-Schmidt as PolyBench-ACC's OpenACC version writes it (one `parallel`,
// no loop directives), on the columns of an n x n matrix.
constexpr int N = 24;
static void gramschmidt(int n, double (*A)[N], double (*R)[N], double (*Q)[N]) {
  double nrm = -1;
  // The column loop depends on itself: host control. Per column: the
  // norm's reduction, one device statement, the scaling loop, the row loop
  // (proven independent, its own loops in order inside each iteration).
  // REMARK-DAG: plain-loops.cpp:[[@LINE+15]]:{{.*}} plain loop in 'parallel' over 'k' runs in order on the host, as the construct's sequential control
  // REMARK-DAG: plain-loops.cpp:[[@LINE+16]]:{{.*}} plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent{{.*}}reductions: +:nrm
  // REMARK-DAG: plain-loops.cpp:[[@LINE+17]]:{{.*}} statement in 'parallel' (the host cannot run it), as a region of one work-item
  // REMARK-DAG: plain-loops.cpp:[[@LINE+17]]:{{.*}} plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent
  // REMARK-DAG: plain-loops.cpp:[[@LINE+18]]:{{.*}} plain loop in 'parallel' (as 'loop') over 'j', iterations proven independent
  // REMARK-DAG: plain-loops.cpp:[[@LINE+19]]:{{.*}} 'loop' over 'i' nested in a region's iteration: spread over the work-items of the gang{{.*}}reductions combined over the gang's work-items: +:__acc_sum
  // REMARK-DAG: plain-loops.cpp:[[@LINE+20]]:{{.*}} 'loop' over 'i' nested in a region's iteration: spread over the work-items of the gang{{.*}}iterations proven independent
  // CHECK: launch {{.*}}plain_loops_cpp_[[#NORM:@LINE+10]]_loop_{{.*}}: grid
  // CHECK-NEXT: launch {{.*}}plain_loops_cpp_[[#STMT:@LINE+11]]_statement_{{.*}}: grid 1x1x1 block 1x1x1
  // CHECK-NEXT: launch {{.*}}plain_loops_cpp_[[#SCALE:@LINE+11]]_loop_
  // CHECK-NEXT: launch {{.*}}plain_loops_cpp_[[#ROWS:@LINE+12]]_loop_
  // CHECK-NEXT: launch {{.*}}plain_loops_cpp_[[#NORM]]_loop_
  // CHECK-NEXT: launch {{.*}}plain_loops_cpp_[[#STMT]]_statement_
#pragma acc parallel copy(A[0:n][0:N]) copyout(Q[0:n][0:N], R[0:n][0:N])
  {
    for (int k = 0; k < n; ++k) {
      nrm = 0;
      for (int i = 0; i < n; ++i)
        nrm += A[i][k] * A[i][k];
      R[k][k] = std::sqrt(nrm);
      for (int i = 0; i < n; ++i)
        Q[i][k] = A[i][k] / R[k][k];
      for (int j = k + 1; j < n; ++j) {
        R[k][j] = 0;
        for (int i = 0; i < n; ++i)
          R[k][j] += Q[i][k] * A[i][j];
        for (int i = 0; i < n; ++i)
          A[i][j] = A[i][j] - Q[i][k] * R[k][j];
      }
    }
  }
  // The construct's nrm was its own.
  CHECK(nrm == -1);
}

static void gramschmidtReference(int n, double (*A)[N], double (*R)[N], double (*Q)[N]) {
  for (int k = 0; k < n; ++k) {
    double nrm = 0;
    for (int i = 0; i < n; ++i)
      nrm += A[i][k] * A[i][k];
    R[k][k] = std::sqrt(nrm);
    for (int i = 0; i < n; ++i)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; ++j) {
      R[k][j] = 0;
      for (int i = 0; i < n; ++i)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < n; ++i)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

int main() {
  const int n = N;
  std::vector<double> Av(n * N), Rv(n * N, 0), Qv(n * N), RAv(n * N), RRv(n * N, 0), RQv(n * N);
  auto rows = [](std::vector<double> &V) { return reinterpret_cast<double (*)[N]>(V.data()); };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      rows(Av)[i][j] = rows(RAv)[i][j] = (i == j ? n : 0) + double((i * 7 + j * 3) % 11) / 11;
  gramschmidt(n, rows(Av), rows(Rv), rows(Qv));
  gramschmidtReference(n, rows(RAv), rows(RRv), rows(RQv));
  for (int i = 0; i < n * N; ++i) {
    CHECK(near(Av[i], RAv[i], 1e-9));
    CHECK(near(Qv[i], RQv[i], 1e-9));
    CHECK(near(Rv[i], RRv[i], 1e-9));
  }

  const int m = 1000;
  std::vector<double> xv(m);
  std::vector<long> bitsv(m);
  double *x = xv.data();
  long *bits = bitsv.data();
  for (int i = 0; i < m; ++i) {
    x[i] = 1 + (i % 13) / 8.0;
    bits[i] = 1L << (i % 40);
  }
  double refSum = 0, refProd = 1, refScaled = 0, refLast = 0;
  long refOr = 0;
  for (int i = 0; i < m; ++i) {
    refSum += x[i];
    if (i < 40)
      refProd *= x[i];
    refOr |= bits[i];
    refScaled = refScaled * 0.5 + x[i];
    if (x[i] > 2)
      refLast = i;
  }

  // Reductions found in plain loops, in each form; a loop that only looks
  // like one (`s = s * c + e` is no product) runs in order; a scalar a loop
  // in order leaves is read by the statement after it.
  double out[5] = {0, 0, 0, 0, 0};
  long orOut = 0;
  double sum = 7, prod = 7, scaled = 7, last = 7;
  long ored = 7;
  // REMARK-DAG: plain-loops.cpp:[[@LINE+18]]:{{.*}} plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent{{.*}}reductions: +:sum
  // REMARK-DAG: plain-loops.cpp:[[@LINE+20]]:{{.*}} plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent{{.*}}reductions: *:prod
  // REMARK-DAG: plain-loops.cpp:[[@LINE+22]]:{{.*}} plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent{{.*}}reductions: |:ored
  // REMARK-DAG: plain-loops.cpp:[[@LINE+24]]:{{.*}} plain loop in 'parallel' over 'i' not parallelized: the variable 'scaled'
  // REMARK-DAG: plain-loops.cpp:[[@LINE+26]]:{{.*}} plain loop in 'parallel' over 'i' not parallelized: the variable 'last'
  // CHECK: launch {{.*}}plain_loops_cpp_[[#@LINE+13]]_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 256x1x1
  // CHECK: launch {{.*}}plain_loops_cpp_[[#@LINE+14]]_statement_{{.*}}: grid 1x1x1 block 1x1x1
  // CHECK: launch {{.*}}plain_loops_cpp_[[#@LINE+14]]_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 256x1x1
  // CHECK: launch {{.*}}plain_loops_cpp_[[#@LINE+16]]_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 256x1x1
  // CHECK: launch {{.*}}plain_loops_cpp_[[#@LINE+18]]_loop_{{.*}}: grid 1x1x1 block 1x1x1
  // CHECK: launch {{.*}}plain_loops_cpp_[[#@LINE+20]]_loop_{{.*}}: grid 1x1x1 block 1x1x1
#pragma acc parallel copyin(x[0:m], bits[0:m]) copy(out[0:5], orOut)
  {
    sum = 0;
    prod = 1;
    ored = 0;
    scaled = 0;
    last = -1;
    for (int i = 0; i < m; ++i)
      sum = sum + x[i] * 1;
    out[0] = sum;
    for (int i = 0; i < 40; ++i)
      prod *= x[i];
    out[1] = prod;
    for (int i = 0; i < m; ++i)
      ored |= bits[i];
    orOut = ored;
    for (int i = 0; i < m; ++i)
      scaled = scaled * 0.5 + x[i];
    out[2] = scaled;
    for (int i = 0; i < m; ++i)
      if (x[i] > 2)
        last = i;
    out[3] = last;
    if (last > 0)
      out[4] = 1;
  }
  CHECK(near(out[0], refSum));
  CHECK(near(out[1], refProd));
  CHECK(orOut == refOr);
  CHECK(near(out[2], refScaled));
  CHECK(out[3] == refLast);
  CHECK(out[4] == 1);
  // In `parallel` the scalars are the construct's firstprivate copies.
  CHECK(sum == 7 && prod == 7 && ored == 7 && scaled == 7 && last == 7);

  // In `kernels` they are copy: the host sees what the construct left.
  double total = 0;
#pragma acc kernels copyin(x[0:m]) copy(out[0:5])
  {
    for (int t = 0; t < 3; ++t) {
      total = 0;
      for (int i = 0; i < m; ++i)
        total += x[i];
      out[t] = total * t;
    }
  }
  CHECK(near(total, refSum));
  CHECK(near(out[2], 2 * refSum));

  // A variable of the control (declared in the construct) that a loop in
  // order assigns: the control reads what the loop left.
  double acc = 0;
#pragma acc parallel copyin(x[0:m]) copy(out[0:5])
  {
    for (int t = 0; t < 3; ++t) {
      double s = 1;
      for (int i = 0; i < m; ++i)
        s = s * 0.5 + x[i];
      acc += s;
      out[t] = acc;
    }
  }
  CHECK(near(out[0], refScaled) && near(out[2], 3 * refScaled) && acc == 0);

  // A nested loop accumulating into an element of the array it also reads
  // is no dot product: in order inside its column.
  // REMARK-DAG: plain-loops.cpp:[[@LINE+7]]:{{.*}} 'loop' over 'i' not parallelized
  static double P[8][8];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      P[i][j] = i + j;
#pragma acc parallel copy(P)
  for (int j = 0; j < 8; ++j) {
    for (int i = 1; i < 8; ++i)
      P[0][j] += P[i][j] * P[0][j] / 64;
  }
  for (int j = 0; j < 8; ++j) {
    double ref = j;
    for (int i = 1; i < 8; ++i)
      ref += (i + j) * ref / 64;
    CHECK(near(P[0][j], ref));
  }

  // A statement that starts with a macro is not found again in its
  // expansion, so it cannot be a device statement: the construct is one
  // region (was: the statement ran on the host's copy, lost on a GPU).
#define SET_FIRST(arr, v) arr[0] = v
  double mv[4] = {0, 0, 0, 0};
  // REMARK-DAG: plain-loops.cpp:[[@LINE+1]]:{{.*}} 'parallel' as one region of one work-item
#pragma acc parallel copy(mv)
  {
    SET_FIRST(mv, 5);
    for (int i = 1; i < 4; ++i)
      mv[i] = mv[0] + i;
  }
  CHECK(mv[0] == 5 && mv[3] == 8);
  return report();
}

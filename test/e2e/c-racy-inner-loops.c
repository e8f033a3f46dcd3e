// Inner loops that are not what they claim: in `parallel`, a `loop` is
// independent by OpenACC's default, yet `x[i] = x[i] + A[i][j] * y[j]`
// updates one element from every iteration over j (the benchmark style
// that gives wrong answers on GPUs when the loop spreads). Ferry warns,
// naming the loop's variable and the element, and runs such a loop in order
// inside each iteration: the sequential result. Loops whose iterations
// write distinct elements stay parallel, without a warning. In C and, the
// same file compiled as C++, in C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"

enum { N = 300, M = 500 };
static double A[N][M], y[M], x[N], r[N], z[N][M];

int main(void) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      A[i][j] = (i + 2 * j) % 7 - 3;
  for (int j = 0; j < M; ++j)
    y[j] = j % 5;

#pragma acc parallel loop copyin(A, y) copy(x)
  for (int i = 0; i < N; ++i) {
    x[i] = 1;
    // CHECK: racy-inner-loops.c:[[#@LINE+1]]:{{.*}} warning: the iterations of this OpenACC loop over 'j' are not independent: each one updates 'x[i]'; Ferry runs them in order, with their sequential result (use a reduction into a scalar, or 'atomic', to run them in parallel)
#pragma acc loop
    for (int j = 0; j < M; ++j)
      x[i] = x[i] + A[i][j] * y[j];
  }

  // A scalar of the iteration, summed without a reduction.
#pragma acc parallel loop copyin(A) copyout(r)
  for (int i = 0; i < N; ++i) {
    double s = 0;
    // CHECK: racy-inner-loops.c:[[#@LINE+1]]:{{.*}} warning: the iterations of this OpenACC loop over 'j' are not independent: each one updates 's'
#pragma acc loop
    for (int j = 0; j < M; ++j)
      s += A[i][j];
    r[i] = s;
  }

  // A count under a condition in a vector loop, the outer loop's reduction
  // not named on it (NVHPC's style): in order, the sequential count.
  long count = 0;
#pragma acc parallel loop copyin(A) reduction(+ : count)
  for (int i = 0; i < N; ++i) {
    int k;
    // CHECK: racy-inner-loops.c:[[#@LINE+1]]:{{.*}} warning: the iterations of this OpenACC loop over 'j' are not independent: the ones a condition selects update 'count'
#pragma acc loop vector private(k)
    for (int j = 0; j < M; ++j) {
      k = (i + j) % 3;
      if (k != 0 && A[i][j] > 0)
        count++;
    }
  }
  long want_count = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      want_count += (i + j) % 3 != 0 && A[i][j] > 0;
  CHECK(count == want_count);

  // Distinct elements, a reduction, a condition: no warning.
  // CHECK-NOT: warning:
#pragma acc parallel loop copyin(A) copyout(z) copy(r)
  for (int i = 0; i < N; ++i) {
#pragma acc loop
    for (int j = 0; j < M; ++j)
      z[i][j] = 2 * A[i][j];
    double s = 0;
#pragma acc loop reduction(+ : s)
    for (int j = 0; j < M; ++j)
      s += A[i][j];
    r[i] += s;
  }

  for (int i = 0; i < N; ++i) {
    double want = 1, sum = 0;
    for (int j = 0; j < M; ++j) {
      want += A[i][j] * y[j];
      sum += A[i][j];
      CHECK(z[i][j] == 2 * A[i][j]);
    }
    CHECK(x[i] == want);
    CHECK(r[i] == 2 * sum);
  }
  return report();
}

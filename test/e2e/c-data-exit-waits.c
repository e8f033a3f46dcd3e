// A synchronous exit of a data construct first waits for the device's
// queues: the async regions inside it that still use its data finish
// before the data is copied back and released, so the program sees their
// results after the construct without a `wait` (as the V&V suite's
// acc_copyin_async expects, and as CUDA's legacy default stream behaves).
// In C and, the same file compiled as C++, in C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <openacc.h>

enum { N = 1 << 14, WORK = 200 };
static double a[N], b[N], c[N];

int main(void) {
  for (int i = 0; i < N; ++i) {
    a[i] = i % 13;
    b[i] = i % 5;
    c[i] = -1;
  }
  acc_copyin_async(a, sizeof a, 1);
  acc_copyin_async(b, sizeof b, 2);
#pragma acc data copyout(c[0:N]) present(a[0:N], b[0:N])
  {
#pragma acc parallel loop async(1)
    for (int i = 0; i < N; ++i) {
      double x = a[i];
      for (int k = 0; k < WORK; ++k)
        x = x * 0.5 + a[i] * 0.5;
      a[i] = x * x;
    }
#pragma acc parallel loop async(2)
    for (int i = 0; i < N; ++i)
      b[i] = b[i] * b[i];
#pragma acc parallel loop async(2) wait(1)
    for (int i = 0; i < N; ++i)
      c[i] = a[i] + b[i];
  }
  for (int i = 0; i < N; ++i)
    CHECK(near(c[i], (double)(i % 13) * (i % 13) + (i % 5) * (i % 5), 1e-12));
  acc_wait_all();
#pragma acc exit data delete(a[0:N], b[0:N])
  return report();
}

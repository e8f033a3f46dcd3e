// assert() in a compute region, as C++ programs check invariants: holding
// assertions cost nothing visible; a failing one stops the program with the
// assertion, its file, line and function - glibc's message on the host,
// CUDA's (with the block and thread) on the GPU and the emulated AMD devices,
// where Ferry's runtime then names the region that failed. (With -DNDEBUG
// the assertions are gone, as in host code.)
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %ferry-clangxx -O2 -DNDEBUG %s -o %t.ndebug
// RUN: env ACC_DEVICE_TYPE=host %run %t.ndebug 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.ndebug 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t 2>&1 | %FileCheck %s --check-prefix=HOST
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s --check-prefix=DEVICE
// RUN: %emu-gfx1100 %not --crash %run %t 2>&1 | %FileCheck %s --check-prefix=DEVICE
// GPU: expect-error
#include <cassert>

// HOST: device-assert.cpp:[[@LINE+10]]: {{.*}}Assertion `a[i] < 400 && "a stays below 400"' failed.
// DEVICE: device-assert.cpp:[[@LINE+9]]: {{.*}}: block: [{{[0-9]+}},0,0], thread: [{{[0-9]+}},0,0] Assertion `a[i] < 400 && "a stays below 400"` failed.
// DEVICE: ferry: error: {{.*}}the kernel trapped {{.*}}; in the region device-assert.cpp:[[@LINE+7]] parallel loop {{.*}} on the radeon device
// DEVICE-NOT: ferry: error
void check(double *a, int n) {
  // Holds.
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; ++i) assert(a[i] >= 0);
  // Fails for the upper half.
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; ++i) assert(a[i] < 400 && "a stays below 400");
}

int main() {
  const int n = 1000;
  double *a = new double[n];
  for (int i = 0; i < n; ++i)
    a[i] = i * 0.5;
#pragma acc data copyin(a[0:n])
  check(a, n);
  delete[] a;
  return 0;
}

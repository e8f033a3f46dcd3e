// `kernels` over plain loop nests in the legacy style, time steps included:
// a plain loop whose body is plain loops runs on the host as the
// construct's sequential control when its iterations depend on each other
// (a time step), each loop inside a kernel of its own at full width; it is
// one loop construct when they are proven independent (rows of passes).
// Results equal the sequential program's.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=3 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
#include "Inputs/check.h"

#include <vector>

int main() {
  const int n = 2048, steps = 3, rows = 32, cols = 64;
  std::vector<double> av(n), bv(n), ref(n), mv(rows * cols);
  double *a = av.data(), *b = bv.data(), *m = mv.data();
  for (int i = 0; i < n; ++i)
    a[i] = ref[i] = i % 7;
  for (int t = 0; t < steps; ++t) {
    std::vector<double> next(ref);
    for (int i = 1; i < n - 1; ++i)
      next[i] = (ref[i - 1] + ref[i] + ref[i + 1]) / 3;
    ref = next;
  }

  // A time loop: sequential control; its two loops launch at full width in
  // every step.
  // CHECK: launch {{.*}}time_loops_cpp_[[#FIRST:@LINE+9]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}time_loops_cpp_[[#SECOND:@LINE+10]]_loop_{{.*}}: grid 8x1x1 block 256x1x1
  // CHECK-NEXT: launch {{.*}}time_loops_cpp_[[#FIRST]]_loop_
  // CHECK-NEXT: launch {{.*}}time_loops_cpp_[[#SECOND]]_loop_
  // CHECK-NEXT: launch {{.*}}time_loops_cpp_[[#FIRST]]_loop_
  // CHECK-NEXT: launch {{.*}}time_loops_cpp_[[#SECOND]]_loop_
#pragma acc kernels copy(a[0:n]) create(b[0:n])
  {
    for (int t = 0; t < steps; ++t) {
      for (int i = 1; i < n - 1; ++i)
        b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
      for (int i = 1; i < n - 1; ++i)
        a[i] = b[i];
    }
  }
  for (int i = 0; i < n; ++i)
    CHECK(near(a[i], ref[i], 1e-12));

  // Rows with two passes each: the rows are independent, so the row loop is
  // one loop (one launch), a gang per row, each pass spread over the gang
  // (proven independent) and the passes in order.
  // CHECK-NEXT: launch {{.*}}time_loops_cpp_[[#@LINE+3]]_loop_{{.*}}: grid 32x1x1 block 128x1x1
#pragma acc kernels copyout(m[0:rows * cols])
  {
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c)
        m[r * cols + c] = r;
      for (int c = 0; c < cols; ++c)
        m[r * cols + c] += 0.5 * c;
    }
  }
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      CHECK(m[r * cols + c] == r + 0.5 * c);
  return report();
}

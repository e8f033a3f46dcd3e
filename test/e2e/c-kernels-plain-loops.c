// `kernels` over plain loops (no `loop` directive), the style of ported
// legacy code: each plain loop is a `loop` construct without clauses, which
// runs at full width when Ferry proves its iterations independent (a
// perfectly nested plain loop joins it as a collapsed nest) and in order
// otherwise, with the sequential result. Scalars the construct assigns are
// copy. In C and, the same file compiled as C++, in C++. FERRY_NOTIFY shows
// the launches' widths on the emulated device.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=3 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=3 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
#include "Inputs/check_c.h"

enum { N = 4096, R = 64, C = 100 };
static double a[N], b[N], m[R * C];

int main(void) {
  for (int i = 0; i < N; ++i) {
    a[i] = i;
    b[i] = 0;
  }

  // CHECK: launch {{.*}}plain_loops_c_[[#@LINE+4]]_loop_{{.*}}: grid 16x1x1 block 256x1x1
  // CHECK: launch {{.*}}plain_loops_c_[[#@LINE+5]]_loop_{{.*}}: grid {{[1-9][0-9]+}}x
#pragma acc kernels copyin(a) copyout(b, m)
  {
    for (int i = 0; i < N; ++i)
      b[i] = 2 * a[i];
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c)
        m[r * C + c] = r + 0.5 * c;
  }
  for (int i = 0; i < N; ++i)
    CHECK(b[i] == 2.0 * i);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c)
      CHECK(m[r * C + c] == r + 0.5 * c);

  // Iterations that depend on each other: in order, one work-item.
  // CHECK: launch {{.*}}plain_loops_c_[[#@LINE+2]]_loop_{{.*}}: grid 1x1x1 block 1x1x1
#pragma acc kernels copy(b)
  for (int i = 1; i < N; ++i)
    b[i] = b[i - 1] + 1;
  for (int i = 0; i < N; ++i)
    CHECK(b[i] == i);

  // A scalar the construct assigns, before and in a loop: copy.
  double total = 0;
#pragma acc kernels copyin(a)
  {
    total = 5;
    for (int i = 0; i < N; ++i)
      total += a[i];
  }
  CHECK(total == 5 + (N - 1.0) * N / 2);

  // A plain loop of a loop that depends on the outer one: the outer loop
  // is proven independent, the inner one stays in its body, in order.
  // CHECK: launch {{.*}}plain_loops_c_[[#@LINE+2]]_loop_{{.*}}: grid 1x1x1 block {{[1-9][0-9]+}}x1x1
#pragma acc kernels copy(m)
  for (int r = 0; r < R; ++r)
    for (int c = 1; c < C; ++c)
      m[r * C + c] += m[r * C + c - 1];
  for (int r = 0; r < R; ++r) {
    double s = 0;
    for (int c = 0; c < C; ++c) {
      s += r + 0.5 * c;
      CHECK(m[r * C + c] == s);
    }
  }
  return report();
}

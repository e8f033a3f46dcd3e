// One construct that names the same section in several data clauses acts
// as their union: the section is copied in when any clause copies in,
// cleared when any has `zero:`, and copied back when any copies back,
// whatever the clauses' order. Data present before the construct is left
// alone (reference counts as usual). In C and, the same file compiled as
// C++, in C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <openacc.h>

enum { N = 1000 };
static double a[N], b[N];

static void fill(double *v, double first) {
  for (int i = 0; i < N; ++i)
    v[i] = first + i;
}

int main(void) {
  const int host = acc_get_device_type() == acc_device_host;

  // copyin + copyout: in and back.
  fill(a, 1);
#pragma acc parallel loop copyin(a[0:N]) copyout(a[0:N])
  for (int i = 0; i < N; ++i)
    a[i] += 1;
  for (int i = 0; i < N; ++i)
    CHECK(a[i] == 2 + i);

  // copyout before copy: still copied in.
  fill(a, 1);
#pragma acc parallel loop copyout(a[0:N]) copy(a[0:N])
  for (int i = 0; i < N; ++i)
    a[i] *= 2;
  for (int i = 0; i < N; ++i)
    CHECK(a[i] == 2 * (1 + i));

  // create(zero:) + copyout on a data construct: cleared, then copied back.
  fill(a, 5);
  fill(b, 1);
#pragma acc data copyin(a[0:N]) create(zero: b[0:N]) copyout(b[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; ++i)
      b[i] += a[i];
  }
  for (int i = 0; i < N; ++i)
    CHECK(b[i] == (host ? 1 + i : 0) + 5 + i); // the host shares b: nothing cleared

  // A scalar in copy and copyout beside its reduction.
  double sum = 0;
#pragma acc parallel loop copyout(sum) copy(sum) reduction(+ : sum)
  for (int i = 0; i < N; ++i)
    sum += 1;
  CHECK(sum == N);

  // Present before the construct: the clauses only count references, and
  // nothing is copied until the data leaves.
  fill(a, 1);
#pragma acc enter data copyin(a[0:N])
  fill(a, 100);
#pragma acc parallel loop copyin(a[0:N]) copyout(a[0:N])
  for (int i = 0; i < N; ++i)
    a[i] += 1;
  for (int i = 0; i < N; ++i)
    CHECK(a[i] == (host ? 101 : 100) + i);
#pragma acc exit data copyout(a[0:N])
  for (int i = 0; i < N; ++i)
    CHECK(a[i] == (host ? 101 : 2) + i);
  return report();
}

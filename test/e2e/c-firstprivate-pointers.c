// A pointer in a `firstprivate` clause starts as the pointer's value
// (OpenACC 3.3 2.5.14): where the device has what it points to, the device
// address (the region reads through it), and where it does not, the host
// address as it is, which the region may step, compare or hand back without
// reading through it (after libgomp's firstprivate-mappings tests). A pointer
// in no clause that points to memory the device lacks still stops the region
// (e2e/c-unified-memory.c). On a compute construct, a combined construct
// and a loop inside a compute construct; compiled as C and as C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"

#include <stdint.h>

enum { N = 64 };
static double host_only[4]; // in no data clause
static double data[N];

int main(void) {
  double *p = host_only;
  uintptr_t stepped = 0;
#pragma acc parallel firstprivate(p) copyout(stepped)
  {
    ++p;
    stepped = (uintptr_t)p;
  }
  CHECK(p == host_only);
  CHECK(stepped == (uintptr_t)(host_only + 1));

  // Each gang's copy is the host address; no iteration reads through it.
  uintptr_t ends[N];
#pragma acc parallel loop firstprivate(p) copyout(ends)
  for (int i = 0; i < N; ++i)
    ends[i] = (uintptr_t)(p + i);
  for (int i = 0; i < N; ++i)
    CHECK(ends[i] == (uintptr_t)(host_only + i));

  // A pointer to present data: the device's copy, read through.
  for (int i = 0; i < N; ++i)
    data[i] = i;
  double *q = data, sum = 0;
#pragma acc data copyin(data)
  {
#pragma acc parallel loop firstprivate(q) reduction(+ : sum)
    for (int i = 0; i < N; ++i)
      sum += q[i];
  }
  CHECK(sum == N * (N - 1) / 2);

  // A loop of a compute construct whose firstprivate names the pointer.
  int nulls = 0;
#pragma acc parallel firstprivate(p) copy(nulls)
  {
#pragma acc loop reduction(+ : nulls)
    for (int i = 0; i < N; ++i)
      nulls += p == 0;
  }
  CHECK(nulls == 0);
  return report();
}

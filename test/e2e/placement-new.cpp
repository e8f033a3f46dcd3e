// Placement new in a region (`new (&dst[i]) T()`, as Kokkos constructs
// team scratch, reduction values and View elements in place): a
// construction, no allocation, so device code may do it. It was refused as
// an allocation ("a compute region cannot allocate or free memory with
// 'new' on a GPU").
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <new>

struct Sum {
  double v;
  int n;
  Sum() : v(1.5), n(1) {}
  explicit Sum(double x) : v(x), n(2) {}
};

template <class T> void constructAll(T *dst, int n) {
  for (int i = 0; i < n; ++i)
    new (&dst[i]) T();
}

int main() {
  double out[64];
#pragma acc parallel loop copyout(out[0:64])
  for (int i = 0; i < 64; ++i) {
    Sum s[2];
    s[0].v = s[1].v = -1;
    constructAll(s, 2); // constructed again in place: 1.5 each
    double d[3] = {7, 7, 7};
    constructAll(d, 3); // value-initialized: 0
    alignas(Sum) unsigned char raw[sizeof(Sum)];
    Sum *p = new (raw) Sum(0.25 * i);
    out[i] = s[0].v + s[1].v + d[0] + d[1] + d[2] + p->v + p->n + s[0].n;
  }
  for (int i = 0; i < 64; ++i)
    CHECK(out[i] == 3.0 + 0.25 * i + 2 + 1);
  return report();
}

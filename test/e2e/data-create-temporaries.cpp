// create: device-only temporaries shared by two loops of a data region;
// only the final result is copied out.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 8192;
  std::vector<float> in(n), tmp(n), out(n, 0.0f);
  for (int i = 0; i < n; ++i)
    in[i] = float(i % 100);
  float *a = in.data(), *t = tmp.data(), *o = out.data();
#pragma acc data copyin(a[0:n]) create(t[0:n]) copyout(o[0:n])
  {
#pragma acc parallel loop present(a[0:n], t[0:n])
    for (int i = 0; i < n; ++i)
      t[i] = a[i] * a[i];
#pragma acc parallel loop present(t[0:n], o[0:n])
    for (int i = 0; i < n; ++i)
      o[i] = t[i] + 1.0f;
  }
  for (int i = 0; i < n; ++i)
    CHECK(o[i] == float((i % 100) * (i % 100)) + 1.0f);
  return report();
}

// Host globals that a region only reads are passed by value: each launch
// sees the value they have when the region starts (scalars, a struct, a
// static variable, a static class member), on the host and on a GPU.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -O2 %s -o %t 2>&1 | %FileCheck %s
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// CHECK: remark: 'globals-by-value.cpp:{{[0-9]+}} parallel loop': kernel {{.*}}, globals passed by value: gain settings offset;
// CHECK: remark: 'globals-by-value.cpp:{{[0-9]+}} parallel loop': kernel {{.*}}, globals passed by value: Limits::cap;
#include "Inputs/check.h"
#include <vector>

double gain = 1.0;
static int offset = 0;
struct Settings {
  int stride;
  float bias;
} settings = {1, 0.0f};
struct Limits {
  static long cap;
};
long Limits::cap = 100;

static void apply(double *p, int n) {
#pragma acc parallel loop copy(p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = gain * (i * settings.stride + offset) + settings.bias;
}

int main() {
  const int n = 1000;
  std::vector<double> v(n);
  for (int round = 1; round <= 3; ++round) {
    gain = 0.5 * round;
    offset = 10 * round;
    settings = {round, 0.25f * round};
    apply(v.data(), n);
    for (int i = 0; i < n; ++i)
      CHECK(v[i] == 0.5 * round * (i * round + 10 * round) + 0.25 * round);
  }
  long capped = 0;
  Limits::cap = 7;
#pragma acc parallel loop reduction(+:capped)
  for (int i = 0; i < n; ++i)
    capped += i < Limits::cap ? 1 : 0;
  CHECK(capped == 7);
  return report();
}

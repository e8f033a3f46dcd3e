// Function templates with regions, instantiated for float and double (one
// kernel each), and a class template whose operator() the region calls.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

template <class T> struct Affine {
  T a, b;
  T operator()(T x) const { return a * x + b; }
};

template <class T> void apply(T *p, int n, Affine<T> f) {
#pragma acc parallel loop copy(p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = f(p[i]);
}

template <class T> T total(const T *p, int n) {
  T s = 0;
#pragma acc parallel loop copyin(p[0:n]) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}

template <class T> void run() {
  const int n = 1000;
  std::vector<T> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = T(i % 10);
  apply<T>(v.data(), n, Affine<T>{T(2), T(1)});
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == T(2 * (i % 10) + 1));
  CHECK(total<T>(v.data(), n) == T(100 * (2 * 45 + 10)));
}

int main() {
  run<float>();
  run<double>();
  run<int>();
  return report();
}

// Reductions on complex variables with '+' and '*' (the operators OpenACC
// allows on them): std::complex<float>, std::complex<double>, and the C
// types _Complex float and _Complex double; scalars, a whole array and a
// section of complex values. Products multiply unit rotations, so the exact
// result is known. Clang's complex multiply and divide call __mulsc3,
// __muldc3, __divsc3 and __divdc3, which GPU code does not have: the device
// images define them (no PTX image refers to them any more).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: rm -rf %t.img && mkdir %t.img && %ferry-info --extract %t.img %t > /dev/null
// RUN: %not grep -l "__\(mul\|div\)[sd]c3" %t.img/*.ptx
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <complex>

template <class C> void std_complex(int n) {
  using R = typename C::value_type;
  const R tol = sizeof(R) == 4 ? R(1e-4) : R(1e-10);
  C sum(1, -1), prod(1, 0);
  // Rotations by 2*pi/n: their product is 1 (a full turn).
  const R angle = R(6.283185307179586) / R(n);
#pragma acc parallel loop reduction(+:sum) reduction(*:prod)
  for (int i = 0; i < n; ++i) {
    sum += C(R(i % 3), R(1));
    prod *= C(std::cos(angle), std::sin(angle));
  }
  R re = 1;
  for (int i = 0; i < n; ++i)
    re += R(i % 3);
  CHECK(near(sum.real(), re, tol) && near(sum.imag(), R(n - 1), tol));
  CHECK(std::abs(prod - C(1, 0)) < R(n) * tol);
}

template <class C> void complex_array(int n, int len) {
  using R = typename C::value_type;
  C bins[6] = {C(9, 9), C(0, 0), C(0, 0), C(0, 0), C(0, 0), C(9, 9)};
  C turn[3] = {C(1, 0), C(1, 0), C(1, 0)};
#pragma acc parallel loop reduction(+:bins[1:len]) reduction(*:turn)
  for (int i = 0; i < n; ++i) {
    bins[1 + i % len] += C(R(1), R(-2));
    if (i < 12)
      turn[i % 3] *= C(0, 1); // four quarter turns each
  }
  CHECK(bins[0] == C(9, 9) && bins[5] == C(9, 9));
  for (int k = 0; k < len; ++k) {
    const R count = R(n / len + (k < n % len ? 1 : 0));
    CHECK(bins[1 + k] == C(count, -2 * count));
  }
  for (int k = 0; k < 3; ++k)
    CHECK(turn[k] == C(1, 0));
}

template <class C, class R> void c_complex(int n) {
  C sum = 0, prod = 1;
#pragma acc parallel loop reduction(+:sum) reduction(*:prod)
  for (int i = 0; i < n; ++i) {
    C step;
    __real__ step = R(1);
    __imag__ step = R(i % 2);
    C rotation; // (1 + i) / (1 + i): a complex division, __divsc3/__divdc3
    __real__ rotation = R(1);
    __imag__ rotation = R(1);
    sum += step * (rotation / rotation);
    C quarter;
    __real__ quarter = 0;
    __imag__ quarter = i % 250 == 0 ? R(1) : R(0);
    if (i % 250 == 0)
      prod *= quarter;
  }
  CHECK(__real__ sum == R(n) && __imag__ sum == R(n / 2));
  // n / 250 quarter turns (n is a multiple of 1000: whole turns).
  CHECK(__real__ prod == R(1) && __imag__ prod == R(0));
}

int main(int argc, char **) {
  const int n = 4000 * argc;
  std_complex<std::complex<float>>(n);
  std_complex<std::complex<double>>(n);
  complex_array<std::complex<float>>(n + 1, 3 + argc);
  complex_array<std::complex<double>>(n + 3, 4);
  c_complex<_Complex float, float>(n);
  c_complex<_Complex double, double>(n);
  return report();
}

// std::abs, std::arg, std::exp, std::log, std::sqrt, std::sin and std::cos
// of std::complex<double> and <float> in a compute region (libstdc++ calls
// cabs, cexp, ... for them): computed on the device from the parts with
// the real math functions. Results equal the host's within a few ulp.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <complex>

template <typename T> static bool closeTo(std::complex<T> A, std::complex<T> B, T Tol) {
  return std::abs(A - B) <= Tol * (1 + std::abs(B));
}

int main() {
  constexpr int N = 300;
  using C = std::complex<double>;
  using F = std::complex<float>;
  static C z[N], e[N], l[N], s[N], sn[N], cs[N];
  static F zf[N], ef[N];
  static double r[N], p[N];
  static float rf[N], pf[N];
  for (int i = 0; i < N; i++) {
    z[i] = {0.02 * i - 3, 0.05 * (i % 40) - 1};
    zf[i] = {0.01f * i, -0.1f * (i % 11)};
  }
#pragma acc parallel loop copyin(z, zf) copyout(r, p, rf, pf, e, l, s, sn, cs, ef)
  for (int i = 0; i < N; i++) {
    r[i] = std::abs(z[i]);
    p[i] = std::arg(z[i]);
    rf[i] = std::abs(zf[i]);
    pf[i] = std::arg(zf[i]);
    e[i] = std::exp(z[i]);
    l[i] = std::log(z[i]);
    s[i] = std::sqrt(z[i]);
    sn[i] = std::sin(z[i]);
    cs[i] = std::cos(z[i]);
    ef[i] = std::exp(zf[i]);
  }
  for (int i = 0; i < N; i++) {
    CHECK(near(r[i], std::abs(z[i])));
    CHECK(std::fabs(p[i] - std::arg(z[i])) < 1e-14);
    CHECK(std::fabs(rf[i] - std::abs(zf[i])) <= 1e-6f * std::abs(zf[i]));
    CHECK(std::fabs(pf[i] - std::arg(zf[i])) < 1e-6f);
    CHECK(closeTo(e[i], std::exp(z[i]), 1e-14));
    CHECK(z[i] == C(0) || closeTo(l[i], std::log(z[i]), 1e-14));
    CHECK(closeTo(s[i], std::sqrt(z[i]), 1e-14));
    CHECK(closeTo(sn[i], std::sin(z[i]), 1e-14));
    CHECK(closeTo(cs[i], std::cos(z[i]), 1e-14));
    CHECK(closeTo(ef[i], std::exp(zf[i]), 1e-6f));
  }
  return report();
}

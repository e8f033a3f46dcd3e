// std::abs and std::arg of std::complex<double> and <float> in a compute
// region (libstdc++ calls cabs and carg for them): hypot and atan2 of the
// parts on the device. Results equal the host's.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <complex>

int main() {
  constexpr int N = 300;
  static std::complex<double> z[N];
  static std::complex<float> zf[N];
  static double r[N], p[N];
  static float rf[N], pf[N];
  for (int i = 0; i < N; i++) {
    z[i] = {1.0 * i - 150, 2.0 * i - 3};
    zf[i] = {0.5f * i, -1.0f * (i % 11)};
  }
#pragma acc parallel loop copyin(z, zf) copyout(r, p, rf, pf)
  for (int i = 0; i < N; i++) {
    r[i] = std::abs(z[i]);
    p[i] = std::arg(z[i]);
    rf[i] = std::abs(zf[i]);
    pf[i] = std::arg(zf[i]);
  }
  for (int i = 0; i < N; i++) {
    CHECK(near(r[i], std::abs(z[i])));
    CHECK(std::fabs(p[i] - std::arg(z[i])) < 1e-14);
    CHECK(std::fabs(rf[i] - std::abs(zf[i])) <= 1e-6f * std::abs(zf[i]));
    CHECK(std::fabs(pf[i] - std::arg(zf[i])) < 1e-6f);
  }
  return report();
}

// C math functions in regions map to the device's math library; results
// agree with the host's within a few units in the last place.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>
#include <cmath>

int main() {
  const int n = 1000;
  std::vector<double> d(n * 12);
  std::vector<float> f(n * 6);
  double *pd = d.data();
  float *pf = f.data();
#pragma acc parallel loop copyout(pd[0:n * 12], pf[0:n * 6])
  for (int i = 0; i < n; ++i) {
    const double x = 0.01 * (i + 1);
    pd[i * 12 + 0] = std::sqrt(x);
    pd[i * 12 + 1] = std::exp(x);
    pd[i * 12 + 2] = std::log(x);
    pd[i * 12 + 3] = std::sin(x);
    pd[i * 12 + 4] = std::cos(x);
    pd[i * 12 + 5] = std::pow(x, 1.5);
    pd[i * 12 + 6] = std::fabs(-x);
    pd[i * 12 + 7] = std::floor(x * 3.7);
    pd[i * 12 + 8] = std::fmax(x, 0.5) + std::fmin(x, 0.5);
    pd[i * 12 + 9] = std::atan2(x, 1.0 - x);
    pd[i * 12 + 10] = std::tanh(x - 5);
    pd[i * 12 + 11] = std::cbrt(x) + std::exp2(x) + std::log2(x);
    const float y = 0.01f * float(i + 1);
    pf[i * 6 + 0] = sqrtf(y);
    pf[i * 6 + 1] = expf(y);
    pf[i * 6 + 2] = logf(y);
    pf[i * 6 + 3] = sinf(y) + cosf(y);
    pf[i * 6 + 4] = powf(y, 2.5f);
    pf[i * 6 + 5] = fabsf(-y) + floorf(y * 3.7f);
  }
  for (int i = 0; i < n; ++i) {
    const double x = 0.01 * (i + 1);
    const double want[12] = {std::sqrt(x), std::exp(x), std::log(x), std::sin(x),
                             std::cos(x), std::pow(x, 1.5), x, std::floor(x * 3.7),
                             std::fmax(x, 0.5) + std::fmin(x, 0.5), std::atan2(x, 1.0 - x),
                             std::tanh(x - 5), std::cbrt(x) + std::exp2(x) + std::log2(x)};
    for (int k = 0; k < 12; ++k)
      CHECK(near(pd[i * 12 + k], want[k], 1e-14));
    const float y = 0.01f * float(i + 1);
    const float wantf[6] = {sqrtf(y), expf(y), logf(y), sinf(y) + cosf(y), powf(y, 2.5f),
                            y + floorf(y * 3.7f)};
    for (int k = 0; k < 6; ++k)
      CHECK(near(pf[i * 6 + k], wantf[k], 1e-6));
  }
  return report();
}

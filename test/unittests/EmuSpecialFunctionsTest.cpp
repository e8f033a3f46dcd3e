//===- EmuSpecialFunctionsTest.cpp - Host versions of special functions ---===//
///
/// \file
/// Values of the emulator's host versions of erfcinv and normcdfinv
/// (emu/Math.cpp) against references computed with mpmath at 60 digits,
/// across the whole domain: in the tails erfcinv must not compute
/// erfinv(1 - y), which is infinite for y below 2^-53.
///
//===----------------------------------------------------------------------===//
#include "Scheduler.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

namespace {

using Double1 = double (*)(double);
using Float1 = float (*)(float);

Double1 doubleFunction(const char *Name) {
  return reinterpret_cast<Double1>(ferry::emu::mathFunction(Name));
}

TEST(EmuSpecialFunctions, ErfcinvAcrossItsDomain) {
  for (const char *Name : {"__nv_erfcinv", "__ocml_erfcinv_f64"}) {
    Double1 Erfcinv = doubleFunction(Name);
    ASSERT_NE(Erfcinv, nullptr) << Name;
    const struct {
      double Y, Expected;
    } Cases[] = {
        {1e-300, 26.209469960516124},
        {1e-20, 6.601580622355143},
        {1e-3, 2.3267537655135246},
        {0.3, 0.7328690779592169},
        {0.625, 0.3456171147832066},
        {1.2, -0.17914345462129164},
        {1.9999999999, -4.572824958544925},
        {0x1.fffffffffffffp+0, -5.805018683193453},
    };
    for (const auto &C : Cases)
      EXPECT_NEAR(Erfcinv(C.Y), C.Expected, 4e-15 * std::fabs(C.Expected))
          << Name << "(" << C.Y << ")";
    const double Inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(Erfcinv(0), Inf) << Name;
    EXPECT_EQ(Erfcinv(2), -Inf) << Name;
    EXPECT_EQ(Erfcinv(1), 0) << Name;
    EXPECT_TRUE(std::isnan(Erfcinv(-0.5))) << Name;
    EXPECT_TRUE(std::isnan(Erfcinv(2.5))) << Name;
    EXPECT_TRUE(std::isnan(Erfcinv(std::nan("")))) << Name;
  }
}

TEST(EmuSpecialFunctions, ErfcinvfInTheTail) {
  auto Erfcinvf = reinterpret_cast<Float1>(ferry::emu::mathFunction("__nv_erfcinvf"));
  ASSERT_NE(Erfcinvf, nullptr);
  EXPECT_NEAR(Erfcinvf(1e-20f), 6.601580624732017f, 1e-6f);
}

TEST(EmuSpecialFunctions, NormcdfinvInTheTail) {
  for (const char *Name : {"__nv_normcdfinv", "__ocml_ncdfinv_f64"}) {
    Double1 Normcdfinv = doubleFunction(Name);
    ASSERT_NE(Normcdfinv, nullptr) << Name;
    EXPECT_NEAR(Normcdfinv(1e-20), -9.262340089798407, 4e-15 * 9.3) << Name;
  }
}

} // namespace

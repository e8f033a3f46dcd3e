// References for Inputs/wide-int-fp.ll: the host's own __int128 conversions
// (correctly rounded, round to nearest even). Exits 1 and prints the first
// mismatch.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

typedef __int128 i128;
typedef unsigned __int128 u128;

extern "C" {
double s128_f64(i128);
double u128_f64(u128);
float s128_f32(i128);
float u128_f32(u128);
_Float16 u128_f16(u128);
i128 f64_s128(double);
u128 f64_u128(double);
i128 f32_s128(float);
double s96_f64(i128);
u128 f64_u96(double);
}

static int Failures = 0;

template <class T> static bool same(T A, T B) {
  return std::memcmp(&A, &B, sizeof A) == 0;
}

static void fail(const char *What, u128 X) {
  if (++Failures <= 5)
    std::printf("%s mismatch for 0x%016llx%016llx\n", What,
                (unsigned long long)(X >> 64), (unsigned long long)X);
}

int main() {
  std::mt19937_64 R(14);
  for (int I = 0; I < 200000; ++I) {
    // Every magnitude, with runs of ones and zeros around the rounding bits.
    u128 X = (u128(R()) << 64) | R();
    X >>= R() % 128;
    if (I % 3 == 0)
      X |= (u128(1) << (R() % 128)) - 1;
    if (I % 5 == 0)
      X &= ~((u128(1) << (R() % 128)) - 1);
    const i128 S = i128(X);
    if (!same(s128_f64(S), double(S)))
      fail("s128_f64", X);
    if (!same(u128_f64(X), double(X)))
      fail("u128_f64", X);
    if (!same(s128_f32(S), float(S)))
      fail("s128_f32", X);
    if (!same(u128_f32(X), float(X)))
      fail("u128_f32", X);
    if (!same(u128_f16(X), _Float16(X)))
      fail("u128_f16", X);
    // Back: values in range round toward zero.
    const double D =
        double(S) * std::ldexp(1.0, -int(R() % 8)) + (I % 7 == 0 ? 0.75 : 0.0);
    if (std::fabs(D) < std::ldexp(1.0, 127) && f64_s128(D) != i128(D))
      fail("f64_s128", u128(i128(D)));
    const double U = double(X);
    if (U < std::ldexp(1.0, 128) && f64_u128(U) != u128(U))
      fail("f64_u128", X);
    const i128 S96 = i128(X << 32) >> 32; // the low 96 bits, sign-extended
    if (!same(s96_f64(X), double(S96)))
      fail("s96_f64", X);
    const double U96 = double(X >> 32);
    if (U96 < std::ldexp(1.0, 96) && f64_u96(U96) != u128(U96))
      fail("f64_u96", X);
    const float F = float(S);
    if (std::fabs(F) < std::ldexp(1.0f, 127) && f32_s128(F) != i128(F))
      fail("f32_s128", X);
  }
  for (u128 X : {u128(0), u128(1), ~u128(0), u128(1) << 127,
                 (u128(1) << 127) - 1, u128(1) << 64, (u128(1) << 64) - 1}) {
    if (!same(s128_f64(i128(X)), double(i128(X))) ||
        !same(u128_f64(X), double(X)) || !same(u128_f32(X), float(X)) ||
        !same(s128_f32(i128(X)), float(i128(X))))
      fail("edge", X);
  }
  if (f64_s128(-0.5) != 0 || f64_u128(0.99) != 0 || f32_s128(-1.5f) != -1)
    fail("fraction", 0);
  return Failures ? 1 : 0;
}

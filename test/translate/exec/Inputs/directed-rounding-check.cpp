// References for Inputs/directed-rounding.ll: each operation computed by the
// host FPU in the requested rounding mode (fesetround), on random bit
// patterns (subnormals, infinities, NaNs included) and on edge cases: signed
// zeros, infinities, NaN, the smallest subnormal, the largest finite value,
// exact products and quotients, values one ulp around 1, operands whose
// result overflows or underflows; for f32 fma/add/sub, addends that cancel
// the product up to a few ulps and addends 20 to 60 binades below or above
// it (where the sign of the residual decides the rounding). Exits 1 and prints the first mismatches.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>

#pragma STDC FENV_ACCESS ON

extern "C" {
float fadd_rz(float, float);
float fsub_rz(float, float);
float fmul_rz(float, float);
float fadd_rd(float, float);
float fsub_rd(float, float);
float fmul_rd(float, float);
float fadd_ru(float, float);
float fsub_ru(float, float);
float fmul_ru(float, float);
double dmul_rz(double, double);
double ddiv_rz(double, double);
double drcp_rz(double);
double dsqrt_rz(double);
float fdiv_rz(float, float);
float frcp_rz(float);
float fsqrt_rz(float);
float fmaf_ieee_rz(float, float, float);
double nv_mul_rz_d(double, double);
double nv_div_rz_d(double, double);
float nv_div_rz_ftz_f(float, float);
float nv_rcp_rz_f(float);
double nv_rcp_rz_d(double);
float nv_sqrt_rz_f(float);
double nv_sqrt_rz_d(double);
float nv_d2f_rz(double);
float nv_i2f_rz(uint32_t);
float nv_ui2f_rz(uint32_t);
float nv_ll2f_rz(uint64_t);
double nv_ull2d_rz(uint64_t);
double nv_ll2d_rz(uint64_t);
double dmul_rd(double, double);
double ddiv_rd(double, double);
double drcp_rd(double);
double dsqrt_rd(double);
float fdiv_rd(float, float);
float frcp_rd(float);
float fsqrt_rd(float);
float fmaf_ieee_rd(float, float, float);
double nv_mul_rm_d(double, double);
double nv_div_rm_d(double, double);
float nv_div_rm_ftz_f(float, float);
float nv_rcp_rm_f(float);
double nv_rcp_rm_d(double);
float nv_sqrt_rm_f(float);
double nv_sqrt_rm_d(double);
float nv_d2f_rm(double);
float nv_i2f_rm(uint32_t);
float nv_ui2f_rm(uint32_t);
float nv_ll2f_rm(uint64_t);
double nv_ull2d_rm(uint64_t);
double nv_ll2d_rm(uint64_t);
double dmul_ru(double, double);
double ddiv_ru(double, double);
double drcp_ru(double);
double dsqrt_ru(double);
float fdiv_ru(float, float);
float frcp_ru(float);
float fsqrt_ru(float);
float fmaf_ieee_ru(float, float, float);
double nv_mul_rp_d(double, double);
double nv_div_rp_d(double, double);
float nv_div_rp_ftz_f(float, float);
float nv_rcp_rp_f(float);
double nv_rcp_rp_d(double);
float nv_sqrt_rp_f(float);
double nv_sqrt_rp_d(double);
float nv_d2f_rp(double);
float nv_i2f_rp(uint32_t);
float nv_ui2f_rp(uint32_t);
float nv_ll2f_rp(uint64_t);
double nv_ull2d_rp(uint64_t);
double nv_ll2d_rp(uint64_t);
}

static int fails = 0;
template <class T> static uint64_t bitsOf(T V) {
  uint64_t B = 0;
  std::memcpy(&B, &V, sizeof(T));
  return B;
}
template <class T> static void expect(const char *What, double A, double B, T Got, T Want) {
  if (bitsOf(Got) == bitsOf(Want) || (std::isnan(Got) && std::isnan(Want)) || fails > 8)
    return;
  ++fails;
  std::printf("MISMATCH %s(%a, %a): got %a (0x%llx) want %a (0x%llx)\n", What, A, B, double(Got),
              (unsigned long long)bitsOf(Got), double(Want), (unsigned long long)bitsOf(Want));
}
/// \p Fn evaluated in host rounding mode \p Mode.
template <class T, class F> static T in(int Mode, F Fn) {
  std::fesetround(Mode);
  volatile T R = Fn();
  std::fesetround(FE_TONEAREST);
  return R;
}

static const int Modes[3] = {FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

template <class T> static T pick(std::mt19937_64 &Rng) {
  using I = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;
  static const T Edge[] = {T(0), -T(0), std::numeric_limits<T>::infinity(),
                           -std::numeric_limits<T>::infinity(), std::numeric_limits<T>::quiet_NaN(),
                           std::numeric_limits<T>::denorm_min(), -std::numeric_limits<T>::denorm_min(),
                           std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                           -std::numeric_limits<T>::max(), T(1), T(-1), T(3), T(0.1), T(2), T(0.5),
                           T(1) + std::numeric_limits<T>::epsilon(),
                           T(1) - std::numeric_limits<T>::epsilon() / 2, T(7), T(49), T(1e-30),
                           T(4) * std::numeric_limits<T>::min()};
  switch (Rng() % 4) {
  case 0:
    return Edge[Rng() % (sizeof(Edge) / sizeof(T))];
  case 1: { // small integers: exact products, quotients and roots
    return T(int(Rng() % 2001) - 1000);
  }
  default: {
    I Bits = I(Rng());
    T V;
    std::memcpy(&V, &Bits, sizeof(T));
    return V;
  }
  }
}

/// An addend for fma(A, B, C) (or A + C) whose rounding is hard: -A*B moved
/// by a few ulps (cancellation), or a random value 20 to 60 binades below or
/// above A*B.
static float hardAddend(std::mt19937_64 &Rng, float A, float B) {
  const float P = A * B;
  if (!std::isfinite(P) || P == 0)
    return pick<float>(Rng);
  if (Rng() % 2) {
    float C = -P;
    for (int K = int(Rng() % 7) - 3; K != 0; K += K > 0 ? -1 : 1)
      C = std::nextafter(C, K > 0 ? INFINITY : -INFINITY);
    return C;
  }
  // A random mantissa and sign at 20..60 binades below or above the product.
  const float M = 1.0f + float(Rng() & 0x7fffff) * 0x1p-23f;
  const int Shift = int(20 + Rng() % 41) * (Rng() % 2 ? 1 : -1);
  const float C = std::ldexp(M, std::ilogb(P) + Shift);
  return Rng() % 2 ? -C : C;
}

int main() {
  std::mt19937_64 Rng(13);
  for (int Iter = 0; Iter < 60000; ++Iter) {
    const double A = pick<double>(Rng), B = pick<double>(Rng);
    const float FA = pick<float>(Rng), FB = pick<float>(Rng);
    const float FC = Iter % 3 ? pick<float>(Rng) : hardAddend(Rng, FA, FB);
    const float FD = Iter % 3 ? pick<float>(Rng) : hardAddend(Rng, FA, 1.0f);
    const uint64_t L = Rng() >> (Rng() % 64);
    const uint32_t U = uint32_t(Rng()) >> (Rng() % 32);
    for (int M = 0; M < 3; ++M) {
      const int Mode = Modes[M];
      const double DMul = in<double>(Mode, [&] { return A * B; });
      const double DDiv = in<double>(Mode, [&] { return A / B; });
      const double DRcp = in<double>(Mode, [&] { return 1.0 / A; });
      const double DSqrt = in<double>(Mode, [&] { return std::sqrt(A); });
      const float FDiv = in<float>(Mode, [&] { return FA / FB; });
      const float FRcp = in<float>(Mode, [&] { return 1.0f / FA; });
      const float FSqrt = in<float>(Mode, [&] { return std::sqrt(FA); });
      const float FFma = in<float>(Mode, [&] { return std::fma(FA, FB, FC); });
      const float FAdd = in<float>(Mode, [&] { return FA + FD; });
      const float FMul = in<float>(Mode, [&] { return FA * FB; });
      const float D2F = in<float>(Mode, [&] { return float(A); });
      const float I2F = in<float>(Mode, [&] { return float(int32_t(U)); });
      const float UI2F = in<float>(Mode, [&] { return float(U); });
      const float LL2F = in<float>(Mode, [&] { return float(int64_t(L)); });
      const double ULL2D = in<double>(Mode, [&] { return double(L); });
      const double LL2D = in<double>(Mode, [&] { return double(int64_t(L)); });
      struct {
        const char *Name;
        double Got, Want;
      } Doubles[] = {
          {"dmul", (M == 0 ? dmul_rz : M == 1 ? dmul_rd : dmul_ru)(A, B), DMul},
          {"ddiv", (M == 0 ? ddiv_rz : M == 1 ? ddiv_rd : ddiv_ru)(A, B), DDiv},
          {"drcp", (M == 0 ? drcp_rz : M == 1 ? drcp_rd : drcp_ru)(A), DRcp},
          {"dsqrt", (M == 0 ? dsqrt_rz : M == 1 ? dsqrt_rd : dsqrt_ru)(A), DSqrt},
          {"mul.d", (M == 0 ? nv_mul_rz_d : M == 1 ? nv_mul_rm_d : nv_mul_rp_d)(A, B), DMul},
          {"div.d", (M == 0 ? nv_div_rz_d : M == 1 ? nv_div_rm_d : nv_div_rp_d)(A, B), DDiv},
          {"rcp.d", (M == 0 ? nv_rcp_rz_d : M == 1 ? nv_rcp_rm_d : nv_rcp_rp_d)(A), DRcp},
          {"sqrt.d", (M == 0 ? nv_sqrt_rz_d : M == 1 ? nv_sqrt_rm_d : nv_sqrt_rp_d)(A), DSqrt},
          {"ull2d", (M == 0 ? nv_ull2d_rz : M == 1 ? nv_ull2d_rm : nv_ull2d_rp)(L), ULL2D},
          {"ll2d", (M == 0 ? nv_ll2d_rz : M == 1 ? nv_ll2d_rm : nv_ll2d_rp)(L), LL2D},
      };
      for (auto &R : Doubles)
        expect(R.Name, A, B, R.Got, R.Want);
      struct {
        const char *Name;
        float Got, Want;
      } Floats[] = {
          {"fdiv", (M == 0 ? fdiv_rz : M == 1 ? fdiv_rd : fdiv_ru)(FA, FB), FDiv},
          {"frcp", (M == 0 ? frcp_rz : M == 1 ? frcp_rd : frcp_ru)(FA), FRcp},
          {"fsqrt", (M == 0 ? fsqrt_rz : M == 1 ? fsqrt_rd : fsqrt_ru)(FA), FSqrt},
          {"fmaf_ieee", (M == 0 ? fmaf_ieee_rz : M == 1 ? fmaf_ieee_rd : fmaf_ieee_ru)(FA, FB, FC), FFma},
          {"fadd", (M == 0 ? fadd_rz : M == 1 ? fadd_rd : fadd_ru)(FA, FD), FAdd},
          {"fsub", (M == 0 ? fsub_rz : M == 1 ? fsub_rd : fsub_ru)(FA, -FD), FAdd},
          {"fmul", (M == 0 ? fmul_rz : M == 1 ? fmul_rd : fmul_ru)(FA, FB), FMul},
          {"div.ftz.f", (M == 0 ? nv_div_rz_ftz_f : M == 1 ? nv_div_rm_ftz_f : nv_div_rp_ftz_f)(FA, FB), FDiv},
          {"rcp.f", (M == 0 ? nv_rcp_rz_f : M == 1 ? nv_rcp_rm_f : nv_rcp_rp_f)(FA), FRcp},
          {"sqrt.f", (M == 0 ? nv_sqrt_rz_f : M == 1 ? nv_sqrt_rm_f : nv_sqrt_rp_f)(FA), FSqrt},
          {"d2f", (M == 0 ? nv_d2f_rz : M == 1 ? nv_d2f_rm : nv_d2f_rp)(A), D2F},
          {"i2f", (M == 0 ? nv_i2f_rz : M == 1 ? nv_i2f_rm : nv_i2f_rp)(U), I2F},
          {"ui2f", (M == 0 ? nv_ui2f_rz : M == 1 ? nv_ui2f_rm : nv_ui2f_rp)(U), UI2F},
          {"ll2f", (M == 0 ? nv_ll2f_rz : M == 1 ? nv_ll2f_rm : nv_ll2f_rp)(L), LL2F},
      };
      for (auto &R : Floats)
        expect(R.Name, R.Name[0] == 'd' && R.Name[1] == '2' ? A : FA, FB, R.Got, R.Want);
    }
  }
  if (fails)
    return 1;
  std::printf("ok\n");
  return 0;
}

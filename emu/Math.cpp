//===- Math.cpp - Device math functions on the host's libm ----------------===//
///
/// \file
/// The device math functions that device modules call before their device
/// library is linked: libdevice's `__nv_*` (NVVM) and ocml's `__ocml_*`
/// (what Ferry's translation calls), both on the host's libm so that the
/// two dialects compute the same values. Conversions with a rounding mode
/// use the matching host rounding; integer intrinsics are bit operations.
///
//===----------------------------------------------------------------------===//
#include "Scheduler.h"

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>

// The directed-rounding operations change the host's rounding mode.
#pragma STDC FENV_ACCESS ON

namespace ferry {
namespace emu {
namespace {

template <class To, class From> To bits(From F) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To T;
  std::memcpy(&T, &F, sizeof T);
  return T;
}

// Conversions: rn = to nearest even, rz = toward zero, rd = down, ru = up.
// Out-of-range values saturate and NaN becomes 0, as PTX's cvt does.
template <class I, class F> I saturate(F V) {
  if (std::isnan(V))
    return 0;
  if (V <= F(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  if (V >= F(std::numeric_limits<I>::max()))
    return std::numeric_limits<I>::max();
  return I(V);
}
int32_t f2i_rn(float F) { return saturate<int32_t>(std::nearbyint(F)); }
int32_t f2i_rz(float F) { return saturate<int32_t>(std::trunc(F)); }
int32_t f2i_rd(float F) { return saturate<int32_t>(std::floor(F)); }
int32_t f2i_ru(float F) { return saturate<int32_t>(std::ceil(F)); }
uint32_t f2u_rz(float F) { return saturate<uint32_t>(std::trunc(F)); }
int32_t d2i_rn(double D) { return saturate<int32_t>(std::nearbyint(D)); }
uint32_t d2u_rn(double D) { return saturate<uint32_t>(std::nearbyint(D)); }
int64_t f2ll_rn(float F) { return saturate<int64_t>(std::nearbyint(F)); }
int64_t d2ll_rz(double D) { return saturate<int64_t>(std::trunc(D)); }
float d2f_rn(double D) { return float(D); }
float i2f_rn(int32_t I) { return float(I); }
float u2f_rn(uint32_t U) { return float(U); }
float int_as_float(int32_t I) { return bits<float>(I); }
int32_t float_as_int(float F) { return bits<int32_t>(F); }
int64_t double_as_ll(double D) { return bits<int64_t>(D); }
double hilo2d(int32_t Hi, int32_t Lo) {
  return bits<double>((uint64_t(uint32_t(Hi)) << 32) | uint32_t(Lo));
}
int32_t d2hi(double D) { return int32_t(bits<uint64_t>(D) >> 32); }
int32_t d2lo(double D) { return int32_t(bits<uint64_t>(D)); }
int64_t llrintf_(float F) { return std::llrint(F); }
int64_t llround_(double D) { return std::llround(D); }
int64_t llrint_(double D) { return std::llrint(D); }
int64_t llroundf_(float F) { return std::llround(F); }

/// PTX cvt to an integer \p I: round \p F with \p Round, then saturate.
template <class I, class F> I roundTo(F V, int Round) {
  switch (Round) {
  case FE_TONEAREST:
    return saturate<I>(std::nearbyint(V));
  case FE_TOWARDZERO:
    return saturate<I>(std::trunc(V));
  case FE_DOWNWARD:
    return saturate<I>(std::floor(V));
  default:
    return saturate<I>(std::ceil(V));
  }
}
template <class I, class F, int Round> I cvt(F V) {
  return roundTo<I>(V, Round);
}

/// \p Op evaluated in the host rounding mode \p Round.
template <int Round, class T, class Op> T rounded(Op Fn) {
  const int Old = std::fegetround();
  std::fesetround(Round);
  volatile T R = Fn();
  std::fesetround(Old);
  return R;
}
template <class T, int Round> T add(T A, T B) {
  return rounded<Round, T>([&] { return A + B; });
}
template <class T, int Round> T sub(T A, T B) {
  return rounded<Round, T>([&] { return A - B; });
}
template <class T, int Round> T mul(T A, T B) {
  return rounded<Round, T>([&] { return A * B; });
}
template <class T, int Round> T fmaR(T A, T B, T C) {
  return rounded<Round, T>([&] { return std::fma(A, B, C); });
}
template <class T, int Round> T div(T A, T B) {
  return rounded<Round, T>([&] { return A / B; });
}
template <class T, int Round> T rcp(T A) {
  return rounded<Round, T>([&] { return T(1) / A; });
}
template <class T, int Round> T sqrtR(T A) {
  return rounded<Round, T>([&] { return std::sqrt(A); });
}
float fdiv(float A, float B) { return A / B; }
double ddiv(double A, double B) { return A / B; }
float frcp(float F) { return 1.0f / F; }
double drcp(double D) { return 1.0 / D; }
float frsqrt(float F) { return float(1.0 / std::sqrt(double(F))); }
float fsqrt(float F) { return std::sqrt(F); }
double dsqrt(double D) { return std::sqrt(D); }
/// The reciprocal with the low word of the result cleared (__internal rcp64h).
double rcp64h(double D) {
  return bits<double>(bits<uint64_t>(1.0 / D) & ~0xffffffffull);
}
template <class To, class From> To convert(From V) { return To(V); }
/// A conversion in rounding mode \p Round (the host FPU's).
template <class To, class From, int Round> To convertR(From V) {
  return rounded<Round, To>([&] { return To(V); });
}
template <class To, class From> To bitcast(From V) { return bits<To>(V); }

// Integer intrinsics.
template <class T> T minOf(T A, T B) { return A < B ? A : B; }
template <class T> T maxOf(T A, T B) { return A < B ? B : A; }
int32_t abs32(int32_t X) { return X < 0 ? int32_t(0u - uint32_t(X)) : X; }
int64_t abs64(int64_t X) { return X < 0 ? int64_t(0ull - uint64_t(X)) : X; }
uint64_t brevll(uint64_t X) {
  uint64_t R = 0;
  for (int I = 0; I < 64; ++I)
    R |= ((X >> I) & 1) << (63 - I);
  return R;
}
int32_t mul24(int32_t A, int32_t B) {
  return int32_t(uint32_t(int32_t(uint32_t(A) << 8) >> 8) *
                 uint32_t(int32_t(uint32_t(B) << 8) >> 8));
}
int64_t mul64hi(int64_t A, int64_t B) {
  return int64_t((__int128(A) * B) >> 64);
}
int32_t rhadd(int32_t A, int32_t B) {
  return int32_t((int64_t(A) + B + 1) >> 1);
}
uint32_t uhadd(uint32_t A, uint32_t B) {
  return uint32_t((uint64_t(A) + B) >> 1);
}
int32_t popc(uint32_t X) { return __builtin_popcount(X); }
int32_t popcll(uint64_t X) { return __builtin_popcountll(X); }
int32_t clz(uint32_t X) { return X ? __builtin_clz(X) : 32; }
int32_t clzll(uint64_t X) { return X ? __builtin_clzll(X) : 64; }
int32_t ffs_(uint32_t X) { return __builtin_ffs(int(X)); }
int32_t ffsll_(uint64_t X) { return __builtin_ffsll((long long)X); }
uint32_t brev(uint32_t X) {
  uint32_t R = 0;
  for (int I = 0; I < 32; ++I)
    R |= ((X >> I) & 1) << (31 - I);
  return R;
}
uint32_t byte_perm(uint32_t X, uint32_t Y, uint32_t S) {
  const uint64_t V = (uint64_t(Y) << 32) | X;
  uint32_t R = 0;
  for (int I = 0; I < 4; ++I)
    R |= uint32_t((V >> (8 * ((S >> (4 * I)) & 7))) & 0xff) << (8 * I);
  return R;
}
int32_t mulhi(int32_t A, int32_t B) { return int32_t((int64_t(A) * B) >> 32); }
uint32_t umulhi(uint32_t A, uint32_t B) { return uint32_t((uint64_t(A) * B) >> 32); }
uint64_t umul64hi(uint64_t A, uint64_t B) { return uint64_t((__uint128_t(A) * B) >> 64); }
uint32_t umul24(uint32_t A, uint32_t B) { return (A & 0xffffff) * (B & 0xffffff); }
int32_t hadd(int32_t A, int32_t B) { return int32_t((int64_t(A) + B) >> 1); }
uint32_t urhadd(uint32_t A, uint32_t B) { return uint32_t((uint64_t(A) + B + 1) >> 1); }
uint32_t sad(int32_t A, int32_t B, uint32_t C) {
  return uint32_t(std::llabs(int64_t(A) - B)) + C;
}
uint32_t usad(uint32_t A, uint32_t B, uint32_t C) { return (A > B ? A - B : B - A) + C; }

// Floating point beyond plain libm names.
float rsqrtf_(float F) { return 1.0f / std::sqrt(F); }
float exp10f_(float X) { return powf(10, X); }
double exp10_(double X) { return ::pow(10, X); }
double rsqrt_(double D) { return 1.0 / std::sqrt(D); }
float saturatef(float F) { return F < 0 ? 0.0f : F > 1 ? 1.0f : F; }
float fdividef(float A, float B) { return A / B; }
void sincos_(double X, double *S, double *C) {
  *S = std::sin(X);
  *C = std::cos(X);
}
void sincosf_(float X, float *S, float *C) {
  *S = std::sin(X);
  *C = std::cos(X);
}
double ocml_sincos(double X, double *C) {
  *C = std::cos(X);
  return std::sin(X);
}
float ocml_sincosf(float X, float *C) {
  *C = std::cos(X);
  return std::sin(X);
}

// Special functions libm lacks, shared by both dialects' names.
template <class T> T sinpi(T X) {
  const T R = std::remainder(X, T(2)); // [-1, 1]
  if (R == 0 || std::fabs(R) == 1)
    return std::copysign(T(0), X);
  return T(std::sin(M_PI * double(R)));
}
template <class T> T cospi(T X) {
  const T R = std::fabs(std::remainder(X, T(2)));
  if (R == T(0.5))
    return T(0);
  return T(std::cos(M_PI * double(R)));
}
template <class T> void sincospi(T X, T *S, T *C) {
  *S = sinpi(X);
  *C = cospi(X);
}
/// ocml's form: the sine returned, the cosine stored.
template <class T> T ocmlSincospi(T X, T *C) {
  *C = cospi(X);
  return sinpi(X);
}
void fastSincosf(float X, float *S, float *C) {
  *S = std::sin(X);
  *C = std::cos(X);
}
double erfinvD(double Y) {
  if (std::isnan(Y) || std::fabs(Y) > 1)
    return std::numeric_limits<double>::quiet_NaN();
  if (std::fabs(Y) == 1)
    return std::copysign(std::numeric_limits<double>::infinity(), Y);
  // Giles' single-precision approximation, then Newton steps on erf.
  double W = -std::log((1 - Y) * (1 + Y)), P;
  if (W < 5) {
    W -= 2.5;
    P = 2.81022636e-08;
    for (double C :
         {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
          -0.00125372503, -0.00417768164, 0.246640727, 1.50140941})
      P = C + P * W;
  } else {
    W = std::sqrt(W) - 3;
    P = -0.000200214257;
    for (double C :
         {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
          -0.0076224613, 0.00943887047, 1.00167406, 2.83297682})
      P = C + P * W;
  }
  double X = P * Y;
  for (int I = 0; I < 3; ++I)
    X -= (std::erf(X) - Y) / (2 / std::sqrt(M_PI) * std::exp(-X * X));
  return X;
}
double erfcxD(double X) {
  if (X < 25)
    return std::exp(X * X) * std::erfc(X);
  const double R = 1 / (X * X); // asymptotic series
  return (1 - R / 2 + 3 * R * R / 4 - 15 * R * R * R / 8) /
         (X * std::sqrt(M_PI));
}
/// erfcinv of \p Y in (0, 0.625], where 1 - Y would lose Y's digits
/// (erfinv(1 - 1e-20) is erfinv(1), infinite): Newton steps on
/// log(erfc(X)) = log(Y) from erfc's asymptotic inverse, sqrt(-log Y).
double erfcinvTail(double Y) {
  const double LogY = std::log(Y);
  double X = std::sqrt(-LogY);
  for (int I = 0; I < 20; ++I) {
    // erfc(X) when it is normal, else from erfcx (Y subnormal).
    const double Erfc = std::erfc(X);
    const double LogErfc = Erfc >= std::numeric_limits<double>::min()
                               ? std::log(Erfc)
                               : std::log(erfcxD(X)) - X * X;
    // d/dX log(erfc(X)) = -2 / (sqrt(pi) erfcx(X)); the steps converge
    // quadratically from above, the last one below 1e-10 leaves no error.
    const double Step = (LogErfc - LogY) * std::sqrt(M_PI) / 2 * erfcxD(X);
    X += Step;
    if (std::fabs(Step) <= 1e-10 * X)
      break;
  }
  return X;
}
/// As ocml's erfcinv: erfinv(1 - Y) near 1, where 1 - Y is exact, and at
/// the ends of [0, 2] and outside them (infinities and NaN); in the tails
/// from Y itself (erfcinv(Y) = -erfcinv(2 - Y), 2 - Y exact for Y >= 1).
double erfcinvD(double Y) {
  if (Y > 0 && Y <= 0.625)
    return erfcinvTail(Y);
  if (Y >= 1.375 && Y < 2)
    return -erfcinvTail(2 - Y);
  return erfinvD(1 - Y);
}
double normcdfD(double X) { return 0.5 * std::erfc(-X / std::sqrt(2.0)); }
double normcdfinvD(double P) { return -std::sqrt(2.0) * erfcinvD(2 * P); }
template <double (*Fn)(double)> float asFloat(float X) { return float(Fn(X)); }
template <class T> T rcbrt(T X) { return T(1) / std::cbrt(X); }
template <class T> T rhypot(T A, T B) { return T(1) / std::hypot(A, B); }
template <class T> T norm3(T A, T B, T C) { return std::hypot(A, B, C); }
template <class T> T rnorm3(T A, T B, T C) {
  return T(1) / std::hypot(A, B, C);
}
template <class T> T norm4(T A, T B, T C, T D) {
  return std::hypot(std::hypot(A, B), std::hypot(C, D));
}
template <class T> T rnorm4(T A, T B, T C, T D) {
  return T(1) / norm4(A, B, C, D);
}
template <class T> T normN(int32_t N, const T *V) {
  double S = 0;
  for (int32_t I = 0; I < N; ++I)
    S = std::hypot(S, double(V[I]));
  return T(S);
}
template <class T> T rnormN(int32_t N, const T *V) {
  return T(1) / normN(N, V);
}
template <class T> T pown(T X, int32_t N) { return T(std::pow(double(X), N)); }
double besselI0(double X) { return std::cyl_bessel_i(0.0, std::fabs(X)); }
double besselI1(double X) {
  return std::copysign(std::cyl_bessel_i(1.0, std::fabs(X)), X);
}
template <class T> int32_t isNaN(T X) { return std::isnan(X); }
template <class T> int32_t isInf(T X) { return std::isinf(X); }
template <class T> int32_t isFinite(T X) { return std::isfinite(X); }
template <class T> int32_t signBit(T X) { return std::signbit(X); }
double nanD(const char *Tag) { return std::nan(Tag); }
float nanF(const char *Tag) { return std::nanf(Tag); }

// IEEE half precision, for inline PTX on .f16 values (bits in i16).
float halfToFloat(uint16_t H) {
  const uint32_t Sign = uint32_t(H >> 15) << 31, Exp = (H >> 10) & 0x1f, Man = H & 0x3ff;
  if (Exp == 0x1f)
    return bits<float>(Sign | 0x7f800000u | (Man << 13));
  if (Exp == 0) {
    const float V = std::ldexp(float(Man), -24);
    return Sign ? -V : V;
  }
  return bits<float>(Sign | ((Exp + 112) << 23) | (Man << 13));
}

/// Round to nearest even; exact inputs (a double holding a half product
/// plus a half) round once.
uint16_t doubleToHalf(double D) {
  const uint16_t Sign = std::signbit(D) ? 0x8000 : 0;
  D = std::fabs(D);
  if (std::isnan(D))
    return Sign | 0x7e00;
  if (D >= 65520.0) // rounds to infinity
    return Sign | 0x7c00;
  if (D < std::ldexp(1.0, -14)) { // subnormal: units of 2^-24
    const double Units = std::nearbyint(D * std::ldexp(1.0, 24));
    return Sign | uint16_t(Units);
  }
  int Exp;
  double Frac = std::frexp(D, &Exp); // D = Frac * 2^Exp, Frac in [0.5, 1)
  double Man = std::nearbyint((Frac * 2 - 1) * 1024);
  int E = Exp - 1 + 15;
  if (Man >= 1024) {
    Man = 0;
    ++E;
  }
  if (E >= 31)
    return Sign | 0x7c00;
  return Sign | uint16_t(E << 10) | uint16_t(Man);
}

float cvt_f32_f16(uint16_t H) { return halfToFloat(H); }
uint16_t float2half_rn(float F) { return doubleToHalf(F); }
uint16_t cvt_rn_f16_f32(float F) { return doubleToHalf(F); }
uint16_t add_f16(uint16_t A, uint16_t B) {
  return doubleToHalf(double(halfToFloat(A)) + halfToFloat(B));
}
uint16_t sub_f16(uint16_t A, uint16_t B) {
  return doubleToHalf(double(halfToFloat(A)) - halfToFloat(B));
}
uint16_t mul_f16(uint16_t A, uint16_t B) {
  return doubleToHalf(double(halfToFloat(A)) * halfToFloat(B));
}
uint16_t fma_rn_f16(uint16_t A, uint16_t B, uint16_t C) {
  return doubleToHalf(double(halfToFloat(A)) * halfToFloat(B) + halfToFloat(C));
}

} // namespace

void *ptxAsmFunction(const std::string &Normalized) {
  static const std::map<std::string, void *> Table = {
      {"cvt.f32.f16 $0,$1", reinterpret_cast<void *>(&cvt_f32_f16)},
      {"cvt.rn.f16.f32 $0,$1", reinterpret_cast<void *>(&cvt_rn_f16_f32)},
      {"add.f16 $0,$1,$2", reinterpret_cast<void *>(&add_f16)},
      {"add.rn.f16 $0,$1,$2", reinterpret_cast<void *>(&add_f16)},
      {"sub.f16 $0,$1,$2", reinterpret_cast<void *>(&sub_f16)},
      {"sub.rn.f16 $0,$1,$2", reinterpret_cast<void *>(&sub_f16)},
      {"mul.f16 $0,$1,$2", reinterpret_cast<void *>(&mul_f16)},
      {"mul.rn.f16 $0,$1,$2", reinterpret_cast<void *>(&mul_f16)},
      {"fma.rn.f16 $0,$1,$2,$3", reinterpret_cast<void *>(&fma_rn_f16)},
  };
  auto It = Table.find(Normalized);
  return It == Table.end() ? nullptr : It->second;
}

namespace {
/// float -> bfloat16, round to nearest even; NaNs stay NaNs (quiet).
__bf16 truncsfbf2(float F) {
  uint32_t U = bits<uint32_t>(F);
  uint16_t H = std::isnan(F) ? uint16_t((U >> 16) | 0x40)
                             : uint16_t((U + 0x7fff + ((U >> 16) & 1)) >> 16);
  return bits<__bf16>(H);
}

/// double -> bfloat16 in one rounding: the double rounded to float to odd
/// (truncated, the lowest bit set when inexact; float keeps 16 more bits than
/// bfloat16), then to nearest even.
__bf16 truncdfbf2(double D) {
  if (std::isnan(D))
    return truncsfbf2(float(D));
  float F = float(D);
  if (std::fabs(double(F)) > std::fabs(D))
    F = std::nextafter(F, 0.0f);
  if (double(F) != D)
    F = bits<float>(bits<uint32_t>(F) | 1u);
  return truncsfbf2(F);
}
} // namespace

const std::map<std::string, void *> &compilerRuntimeFunctions() {
  static const std::map<std::string, void *> Table = {
      {"__truncsfbf2", reinterpret_cast<void *>(truncsfbf2)},
      {"__truncdfbf2", reinterpret_cast<void *>(truncdfbf2)}};
  return Table;
}

namespace {
/// Every device math function name of MathFunctions.def and its host
/// function.
std::map<std::string, void *> buildMathTable() {
  using F1 = float (*)(float);
  using F2 = float (*)(float, float);
  using D1 = double (*)(double);
  using D2 = double (*)(double, double);
  std::map<std::string, void *> T;
  auto Add = [&](const std::string &Name, auto Fn) {
    T[Name] = reinterpret_cast<void *>(Fn);
  };
  // libdevice's float name appends "f" ("sinpif", but "norm3df" for
  // "norm3d"), ocml's names a type suffix.
  auto AddPair = [&](const std::string &Nv, const std::string &Ocml, auto F,
                     auto D) {
    Add("__nv_" + Nv + "f", F);
    Add("__nv_" + Nv, D);
    Add("__ocml_" + Ocml + "_f32", F);
    Add("__ocml_" + Ocml + "_f64", D);
  };
#define FERRY_EMU_MATH(NAME, ...) Add(NAME, __VA_ARGS__);
#define FERRY_EMU_MATH_PAIR(NV, OCML, F32, F64) AddPair(NV, OCML, F32, F64);
#define FERRY_EMU_MATH_BINARY(NAME, F32, F64)                                  \
  AddPair(NAME, NAME, static_cast<F2>(F32), static_cast<D2>(F64));
#define FERRY_EMU_MATH_UNARY(NAME, F32, F64)                                   \
  AddPair(NAME, NAME, static_cast<F1>(F32), static_cast<D1>(F64));             \
  Add("__ocml_native_" NAME "_f32", static_cast<F1>(F32));
#include "MathFunctions.def"
  return T;
}
} // namespace

void *mathFunction(const std::string &Name) {
  static const std::map<std::string, void *> Table = buildMathTable();
  auto It = Table.find(Name);
  return It == Table.end() ? nullptr : It->second;
}

} // namespace emu
} // namespace ferry

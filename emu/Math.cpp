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
#include <cstring>
#include <limits>
#include <map>

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

// Integer intrinsics.
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

void *mathFunction(const std::string &Name) {
  using F1 = float (*)(float);
  using F2 = float (*)(float, float);
  using D1 = double (*)(double);
  using D2 = double (*)(double, double);
  static const std::map<std::string, void *> Table = [] {
    std::map<std::string, void *> T;
    auto Add = [&](const char *N, auto Fn) { T[N] = reinterpret_cast<void *>(Fn); };
    // Unary and binary libm functions under both dialects' names.
    struct U {
      const char *Name;
      F1 F;
      D1 D;
    };
    static const U Unary[] = {
        {"sin", sinf, ::sin}, {"cos", cosf, ::cos}, {"tan", tanf, ::tan},
        {"asin", asinf, ::asin}, {"acos", acosf, ::acos}, {"atan", atanf, ::atan},
        {"sinh", sinhf, ::sinh}, {"cosh", coshf, ::cosh}, {"tanh", tanhf, ::tanh},
        {"asinh", asinhf, ::asinh}, {"acosh", acoshf, ::acosh}, {"atanh", atanhf, ::atanh},
        {"exp", expf, ::exp}, {"exp2", exp2f, ::exp2}, {"exp10", [](float X) { return powf(10, X); },
                                                        [](double X) { return ::pow(10, X); }},
        {"expm1", expm1f, ::expm1}, {"log", logf, ::log}, {"log2", log2f, ::log2},
        {"log10", log10f, ::log10}, {"log1p", log1pf, ::log1p}, {"sqrt", sqrtf, ::sqrt},
        {"cbrt", cbrtf, ::cbrt}, {"erf", erff, ::erf}, {"erfc", erfcf, ::erfc},
        {"tgamma", tgammaf, ::tgamma}, {"lgamma", lgammaf, ::lgamma}, {"fabs", fabsf, ::fabs},
        {"floor", floorf, ::floor}, {"ceil", ceilf, ::ceil}, {"trunc", truncf, ::trunc},
        {"round", roundf, ::round}, {"rint", rintf, ::rint}, {"nearbyint", nearbyintf, ::nearbyint},
        {"rsqrt", rsqrtf_, rsqrt_}};
    for (const U &E : Unary) {
      const std::string N = E.Name;
      T["__nv_" + N + "f"] = reinterpret_cast<void *>(E.F);
      T["__nv_" + N] = reinterpret_cast<void *>(E.D);
      T["__ocml_" + N + "_f32"] = reinterpret_cast<void *>(E.F);
      T["__ocml_" + N + "_f64"] = reinterpret_cast<void *>(E.D);
      T["__ocml_native_" + N + "_f32"] = reinterpret_cast<void *>(E.F);
    }
    struct B {
      const char *Name;
      F2 F;
      D2 D;
    };
    static const B Binary[] = {{"pow", powf, ::pow},       {"atan2", atan2f, ::atan2},
                               {"fmod", fmodf, ::fmod},    {"hypot", hypotf, ::hypot},
                               {"fmin", fminf, ::fmin},    {"fmax", fmaxf, ::fmax},
                               {"copysign", copysignf, ::copysign},
                               {"fdim", fdimf, ::fdim},    {"remainder", remainderf, ::remainder}};
    for (const B &E : Binary) {
      const std::string N = E.Name;
      T["__nv_" + N + "f"] = reinterpret_cast<void *>(E.F);
      T["__nv_" + N] = reinterpret_cast<void *>(E.D);
      T["__ocml_" + N + "_f32"] = reinterpret_cast<void *>(E.F);
      T["__ocml_" + N + "_f64"] = reinterpret_cast<void *>(E.D);
    }
    // libdevice's fast and special forms.
    Add("__nv_fast_expf", static_cast<F1>(expf));
    Add("__nv_fast_logf", static_cast<F1>(logf));
    Add("__nv_fast_sinf", static_cast<F1>(sinf));
    Add("__nv_fast_cosf", static_cast<F1>(cosf));
    Add("__nv_fast_powf", static_cast<F2>(powf));
    Add("__nv_fast_fdividef", fdividef);
    Add("__nv_saturatef", saturatef);
    Add("__nv_ldexp", static_cast<double (*)(double, int)>(::ldexp));
    Add("__nv_ldexpf", static_cast<float (*)(float, int)>(ldexpf));
    Add("__ocml_ldexp_f64", static_cast<double (*)(double, int)>(::ldexp));
    Add("__ocml_ldexp_f32", static_cast<float (*)(float, int)>(ldexpf));
    Add("__nv_sincos", sincos_);
    Add("__nv_sincosf", sincosf_);
    Add("__ocml_sincos_f64", ocml_sincos);
    Add("__ocml_sincos_f32", ocml_sincosf);
    // Conversions and bit casts.
    Add("__nv_float2int_rn", f2i_rn);
    Add("__nv_float2int_rz", f2i_rz);
    Add("__nv_float2int_rd", f2i_rd);
    Add("__nv_float2int_ru", f2i_ru);
    Add("__nv_float2uint_rz", f2u_rz);
    Add("__nv_double2int_rn", d2i_rn);
    Add("__nv_double2uint_rn", d2u_rn);
    Add("__nv_float2ll_rn", f2ll_rn);
    Add("__nv_double2ll_rz", d2ll_rz);
    Add("__nv_double2float_rn", d2f_rn);
    Add("__nv_int2float_rn", i2f_rn);
    Add("__nv_uint2float_rn", u2f_rn);
    Add("__nv_int_as_float", int_as_float);
    Add("__nv_float_as_int", float_as_int);
    Add("__nv_double_as_longlong", double_as_ll);
    Add("__nv_hiloint2double", hilo2d);
    Add("__nv_double2hiint", d2hi);
    Add("__nv_double2loint", d2lo);
    Add("__nv_llrintf", llrintf_);
    Add("__nv_llround", llround_);
    // Integer intrinsics.
    Add("__nv_popc", popc);
    Add("__nv_popcll", popcll);
    Add("__nv_clz", clz);
    Add("__nv_clzll", clzll);
    Add("__nv_ffs", ffs_);
    Add("__nv_ffsll", ffsll_);
    Add("__nv_brev", brev);
    Add("__nv_byte_perm", byte_perm);
    Add("__nv_mulhi", mulhi);
    Add("__nv_umulhi", umulhi);
    Add("__nv_umul64hi", umul64hi);
    Add("__nv_umul24", umul24);
    Add("__nv_hadd", hadd);
    Add("__nv_urhadd", urhadd);
    Add("__nv_sad", sad);
    Add("__nv_usad", usad);
    return T;
  }();
  auto It = Table.find(Name);
  return It == Table.end() ? nullptr : It->second;
}

} // namespace emu
} // namespace ferry

// References for Inputs/half-rounding.ll. A value is rounded to f16 or bf16
// by searching the sorted table of every finite value of the format for
// the two that enclose it (in long double, exact for float, double and
// 64-bit integers), then picking by the PTX rounding mode: .rn the nearer
// (ties to the even bit pattern; beyond the largest value plus half an ulp
// infinity), .rz the one toward zero, .rm/.rp the lower/upper one
// (infinity beyond the largest finite value). .satfinite turns an infinite
// result into the largest finite value of its sign, .relu a negative or
// zero result into +0 and NaN into the canonical NaN 0x7fff. NaN inputs
// must give a NaN. Exits 1 and prints the first mismatches.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

extern "C" {
#define F32(N) uint32_t N(float);
#define F64(N) uint32_t N(double);
#define MODES(X, D, S) X(cvt_rn_##D##_##S) X(cvt_rz_##D##_##S) X(cvt_rm_##D##_##S) X(cvt_rp_##D##_##S)
MODES(F32, f16, f32) MODES(F32, bf16, f32) MODES(F64, f16, f64) MODES(F64, bf16, f64)
F32(cvt_rn_satfinite_f16_f32) F32(cvt_rp_satfinite_f16_f32) F32(cvt_rz_relu_bf16_f32)
F32(cvt_rn_relu_satfinite_f16_f32) F64(cvt_rm_satfinite_bf16_f64)
uint32_t cvt_rz_f16_s32(int32_t);
uint32_t cvt_rm_f16_u32(uint32_t);
uint32_t cvt_rp_f16_s64(int64_t);
uint32_t cvt_rz_bf16_u64(uint64_t);
uint32_t cvt_rm_bf16_s32(int32_t);
uint32_t cvt_rp_bf16_s64(int64_t);
uint32_t cvt_rn_bf16_s64(int64_t);
uint32_t cvt_rn_f16_u64(uint64_t);
uint32_t cvt_rn_bf16_u32(uint32_t);
#define PAIR(N) uint32_t N(float, float);
PAIR(cvt_rz_f16x2) PAIR(cvt_rn_relu_satfinite_f16x2) PAIR(cvt_rz_satfinite_bf16x2)
PAIR(cvt_rn_relu_bf16x2) PAIR(nv_ff2f16x2_rn) PAIR(nv_ff2f16x2_rn_relu) PAIR(nv_ff2f16x2_rz)
PAIR(nv_ff2f16x2_rz_relu) PAIR(nv_ff2bf16x2_rn) PAIR(nv_ff2bf16x2_rn_relu) PAIR(nv_ff2bf16x2_rz)
PAIR(nv_ff2bf16x2_rz_relu)
F32(nv_f2bf16_rn) F32(nv_f2bf16_rn_relu) F32(nv_f2bf16_rz) F32(nv_f2bf16_rz_relu) F32(nv_f2h_rn)
uint32_t nv_abs_bf16x2(uint32_t);
uint32_t nv_neg_bf16x2(uint32_t);
}

enum Mode { RN, RZ, RM, RP };
enum Fmt { F16, BF16 };
using LD = long double;

/// The non-negative finite values of a format, ascending, with their bits.
struct Table {
  std::vector<LD> Values;
  std::vector<uint16_t> Bits;
  unsigned ExpBits, ManBits;
};
static LD decode(unsigned Bits, unsigned ExpBits, unsigned ManBits) {
  const int Bias = (1 << (ExpBits - 1)) - 1;
  const unsigned E = Bits >> ManBits, M = Bits & ((1u << ManBits) - 1);
  if (E == 0)
    return std::ldexp(LD(M), 1 - Bias - int(ManBits));
  return std::ldexp(LD(M + (1u << ManBits)), int(E) - Bias - int(ManBits));
}
static Table makeTable(unsigned ExpBits, unsigned ManBits) {
  Table T{{}, {}, ExpBits, ManBits};
  const unsigned Inf = ((1u << ExpBits) - 1) << ManBits;
  for (unsigned B = 0; B < Inf; ++B) {
    T.Values.push_back(decode(B, ExpBits, ManBits));
    T.Bits.push_back(uint16_t(B));
  }
  return T;
}
static const Table &table(Fmt F) {
  static const Table H = makeTable(5, 10), BF = makeTable(8, 7);
  return F == F16 ? H : BF;
}
static uint16_t infBits(Fmt F) { return F == F16 ? 0x7c00 : 0x7f80; }
static bool isNaN(uint16_t B, Fmt F) {
  return (B & 0x7fff) > infBits(F);
}

/// X rounded to format F in mode M; 0xffff marks "some NaN".
static uint16_t roundTo(LD X, Fmt F, Mode M) {
  if (std::isnan(X))
    return 0xffff;
  const uint16_t Sign = std::signbit(X) ? 0x8000 : 0;
  const LD A = std::fabs(X);
  if (std::isinf(A))
    return Sign | infBits(F);
  const Table &T = table(F);
  // Lo: the largest value <= A; Hi the next (infinity past the end).
  const size_t I = size_t(std::upper_bound(T.Values.begin(), T.Values.end(), A) - T.Values.begin()) - 1;
  const LD Lo = T.Values[I];
  if (Lo == A)
    return Sign | T.Bits[I];
  const bool HiInf = I + 1 == T.Values.size();
  const uint16_t LoBits = T.Bits[I], HiBits = HiInf ? infBits(F) : T.Bits[I + 1];
  bool Up; // magnitude rounds up
  switch (M) {
  case RN: {
    // Past the largest value the next step would be one ulp further.
    const LD Hi = HiInf ? 2 * Lo - T.Values[I - 1] : T.Values[I + 1];
    const LD Mid = (Lo + Hi) / 2;
    Up = A > Mid || (A == Mid && (LoBits & 1));
    break;
  }
  case RZ:
    Up = false;
    break;
  case RM:
    Up = Sign != 0;
    break;
  default:
    Up = Sign == 0;
  }
  return Sign | (Up ? HiBits : LoBits);
}
static uint16_t satFinite(uint16_t B, Fmt F) {
  if ((B & 0x7fff) == infBits(F))
    return uint16_t((B & 0x8000) | (infBits(F) - 1));
  return B;
}
static uint16_t relu(uint16_t B, Fmt F) {
  if (B == 0xffff || isNaN(B, F))
    return 0x7fff;
  return (B & 0x8000) ? 0 : B;
}

static int fails = 0;
static void expect(const char *What, LD A, LD B, uint32_t Got, uint32_t Want, bool Pair, Fmt F) {
  bool Ok = true;
  for (int H = 0; H < (Pair ? 2 : 1); ++H) {
    const uint16_t G = uint16_t(Got >> (16 * H)), W = uint16_t(Want >> (16 * H));
    Ok &= W == 0xffff ? isNaN(G, F) : G == W;
  }
  if (!Pair)
    Ok &= Got >> 16 == 0;
  if (Ok || fails > 8)
    return;
  ++fails;
  std::printf("MISMATCH %s(%.21Lg, %.21Lg): got 0x%08x want 0x%08x\n", What, A, B, Got, Want);
}

int main() {
  std::mt19937_64 Rng(13);
  // Floats around both formats' ranges: random exponents from below the
  // f16 subnormals to beyond bf16's largest value, midpoints (ties) and
  // their neighbours, signed zeros, infinities, NaN.
  auto Near = [&](Fmt F) -> LD {
    const Table &T = table(F);
    const size_t I = Rng() % (T.Values.size() - 1);
    const LD Mid = (T.Values[I] + T.Values[I + 1]) / 2;
    switch (Rng() % 4) {
    case 0:
      return Mid;
    case 1:
      return T.Values[I];
    default:
      return Mid + (Rng() % 2 ? 1 : -1) * std::ldexp(LD(1), -60) * (Mid == 0 ? 1 : Mid);
    }
  };
  auto Edge = [&]() -> double {
    static const double E[] = {0.0,     -0.0,     INFINITY, -INFINITY, NAN,        65504.0, 65519.0,
                               65520.0, 65536.0,  1e6,      -65520.0,  0x1p-24,    0x1p-25,
                               3 * 0x1p-26, 0x1.fep127, 0x1.ffp127, 3.4e38,   1e300, 0x1p-133,
                               0x1p-134, -0x1p-149, 0x1p-1074, 1.0 + 0x1p-11, 1.0 + 0x1p-11 + 0x1p-40};
    return E[Rng() % (sizeof(E) / sizeof(E[0]))];
  };
  auto RandomDouble = [&]() -> double {
    switch (Rng() % 4) {
    case 0:
      return Edge();
    case 1:
      return double(Near(Rng() % 2 ? F16 : BF16)) * (Rng() % 2 ? 1 : -1);
    default: {
      const double M = 1.0 + double(Rng() >> 11) * 0x1p-53;
      return std::ldexp(M, int(Rng() % 300) - 160) * (Rng() % 2 ? 1 : -1);
    }
    }
  };
  auto RandomFloat = [&]() -> float {
    if (Rng() % 4 == 0) {
      uint32_t U = uint32_t(Rng());
      float F;
      std::memcpy(&F, &U, 4);
      return F;
    }
    return float(RandomDouble()); // many are exact f16/bf16 midpoints
  };
  using FF = uint32_t (*)(float);
  using FD = uint32_t (*)(double);
  const struct { const char *Name; FF Fn; Fmt F; Mode M; bool Sat, Relu; } Floats[] = {
      {"cvt_rn_f16_f32", cvt_rn_f16_f32, F16, RN, false, false},
      {"cvt_rz_f16_f32", cvt_rz_f16_f32, F16, RZ, false, false},
      {"cvt_rm_f16_f32", cvt_rm_f16_f32, F16, RM, false, false},
      {"cvt_rp_f16_f32", cvt_rp_f16_f32, F16, RP, false, false},
      {"cvt_rn_bf16_f32", cvt_rn_bf16_f32, BF16, RN, false, false},
      {"cvt_rz_bf16_f32", cvt_rz_bf16_f32, BF16, RZ, false, false},
      {"cvt_rm_bf16_f32", cvt_rm_bf16_f32, BF16, RM, false, false},
      {"cvt_rp_bf16_f32", cvt_rp_bf16_f32, BF16, RP, false, false},
      {"cvt_rn_satfinite_f16_f32", cvt_rn_satfinite_f16_f32, F16, RN, true, false},
      {"cvt_rp_satfinite_f16_f32", cvt_rp_satfinite_f16_f32, F16, RP, true, false},
      {"cvt_rz_relu_bf16_f32", cvt_rz_relu_bf16_f32, BF16, RZ, false, true},
      {"cvt_rn_relu_satfinite_f16_f32", cvt_rn_relu_satfinite_f16_f32, F16, RN, true, true},
      {"nv_f2bf16_rn", nv_f2bf16_rn, BF16, RN, false, false},
      {"nv_f2bf16_rn_relu", nv_f2bf16_rn_relu, BF16, RN, false, true},
      {"nv_f2bf16_rz", nv_f2bf16_rz, BF16, RZ, false, false},
      {"nv_f2bf16_rz_relu", nv_f2bf16_rz_relu, BF16, RZ, false, true},
      {"nv_f2h_rn", nv_f2h_rn, F16, RN, false, false},
  };
  const struct { const char *Name; FD Fn; Fmt F; Mode M; bool Sat; } Doubles[] = {
      {"cvt_rn_f16_f64", cvt_rn_f16_f64, F16, RN, false},
      {"cvt_rz_f16_f64", cvt_rz_f16_f64, F16, RZ, false},
      {"cvt_rm_f16_f64", cvt_rm_f16_f64, F16, RM, false},
      {"cvt_rp_f16_f64", cvt_rp_f16_f64, F16, RP, false},
      {"cvt_rn_bf16_f64", cvt_rn_bf16_f64, BF16, RN, false},
      {"cvt_rz_bf16_f64", cvt_rz_bf16_f64, BF16, RZ, false},
      {"cvt_rm_bf16_f64", cvt_rm_bf16_f64, BF16, RM, false},
      {"cvt_rp_bf16_f64", cvt_rp_bf16_f64, BF16, RP, false},
      {"cvt_rm_satfinite_bf16_f64", cvt_rm_satfinite_bf16_f64, BF16, RM, true},
  };
  using FP = uint32_t (*)(float, float);
  const struct { const char *Name; FP Fn; Fmt F; Mode M; bool Sat, Relu; } Pairs[] = {
      {"cvt_rz_f16x2", cvt_rz_f16x2, F16, RZ, false, false},
      {"cvt_rn_relu_satfinite_f16x2", cvt_rn_relu_satfinite_f16x2, F16, RN, true, true},
      {"cvt_rz_satfinite_bf16x2", cvt_rz_satfinite_bf16x2, BF16, RZ, true, false},
      {"cvt_rn_relu_bf16x2", cvt_rn_relu_bf16x2, BF16, RN, false, true},
      {"nv_ff2f16x2_rn", nv_ff2f16x2_rn, F16, RN, false, false},
      {"nv_ff2f16x2_rn_relu", nv_ff2f16x2_rn_relu, F16, RN, false, true},
      {"nv_ff2f16x2_rz", nv_ff2f16x2_rz, F16, RZ, false, false},
      {"nv_ff2f16x2_rz_relu", nv_ff2f16x2_rz_relu, F16, RZ, false, true},
      {"nv_ff2bf16x2_rn", nv_ff2bf16x2_rn, BF16, RN, false, false},
      {"nv_ff2bf16x2_rn_relu", nv_ff2bf16x2_rn_relu, BF16, RN, false, true},
      {"nv_ff2bf16x2_rz", nv_ff2bf16x2_rz, BF16, RZ, false, false},
      {"nv_ff2bf16x2_rz_relu", nv_ff2bf16x2_rz_relu, BF16, RZ, false, true},
  };
  auto Apply = [](LD X, Fmt F, Mode M, bool Sat, bool Relu) {
    uint16_t R = roundTo(X, F, M);
    if (Sat)
      R = satFinite(R, F);
    if (Relu)
      R = relu(R, F);
    return R;
  };
  for (int N = 0; N < 200000; ++N) {
    const float A = RandomFloat(), B = RandomFloat();
    for (const auto &C : Floats)
      expect(C.Name, A, 0, C.Fn(A), Apply(A, C.F, C.M, C.Sat, C.Relu), false, C.F);
    const double D = RandomDouble();
    for (const auto &C : Doubles)
      expect(C.Name, D, 0, C.Fn(D), Apply(D, C.F, C.M, C.Sat, false), false, C.F);
    for (const auto &C : Pairs) {
      // d = {a, b}: a in the upper half.
      const uint32_t Want = uint32_t(Apply(A, C.F, C.M, C.Sat, C.Relu)) << 16 |
                            Apply(B, C.F, C.M, C.Sat, C.Relu);
      expect(C.Name, A, B, C.Fn(A, B), Want, true, C.F);
    }
    // Integers: around 2^k for every k, and at random.
    const int K = int(Rng() % 64);
    const uint64_t U = Rng() % 3 ? (uint64_t(1) << K) + (Rng() >> (63 - std::min(K, 62))) - (Rng() % 4)
                                 : Rng();
    const int64_t S = Rng() % 2 ? int64_t(U) : -int64_t(U >> 1);
    const int32_t S32 = int32_t(S >> (Rng() % 33));
    const uint32_t U32 = uint32_t(U >> (Rng() % 33));
    expect("cvt_rz_f16_s32", S32, 0, cvt_rz_f16_s32(S32), roundTo(S32, F16, RZ), false, F16);
    expect("cvt_rm_f16_u32", U32, 0, cvt_rm_f16_u32(U32), roundTo(U32, F16, RM), false, F16);
    expect("cvt_rp_f16_s64", S, 0, cvt_rp_f16_s64(S), roundTo(S, F16, RP), false, F16);
    expect("cvt_rz_bf16_u64", U, 0, cvt_rz_bf16_u64(U), roundTo(U, BF16, RZ), false, BF16);
    expect("cvt_rm_bf16_s32", S32, 0, cvt_rm_bf16_s32(S32), roundTo(S32, BF16, RM), false, BF16);
    expect("cvt_rp_bf16_s64", S, 0, cvt_rp_bf16_s64(S), roundTo(S, BF16, RP), false, BF16);
    expect("cvt_rn_bf16_s64", S, 0, cvt_rn_bf16_s64(S), roundTo(S, BF16, RN), false, BF16);
    expect("cvt_rn_f16_u64", U, 0, cvt_rn_f16_u64(U), roundTo(U, F16, RN), false, F16);
    expect("cvt_rn_bf16_u32", U32, 0, cvt_rn_bf16_u32(U32), roundTo(U32, BF16, RN), false, BF16);
    // abs/neg of bf16 pairs: the sign bits, NaN included.
    const uint32_t P = uint32_t(Rng());
    expect("nv_abs_bf16x2", P, 0, nv_abs_bf16x2(P), P & 0x7fff7fff, true, BF16);
    expect("nv_neg_bf16x2", P, 0, nv_neg_bf16x2(P), P ^ 0x80008000, true, BF16);
  }
  if (fails)
    return 1;
  std::printf("ok\n");
  return 0;
}

// References for Inputs/ptx-values.ll, written from the PTX ISA's
// definitions (lanes, clamping, rounding) and computed with the host FPU in
// the requested rounding mode. Exits 1 and prints the first mismatch.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

#pragma STDC FENV_ACCESS ON

extern "C" {
int32_t dp4a_ss(int32_t, int32_t, int32_t);
int32_t dp4a_us(int32_t, int32_t, int32_t);
int32_t dp2a_hi(int32_t, int32_t, int32_t);
uint32_t vmax4_s(uint32_t, uint32_t);
uint32_t vavrg2_u(uint32_t, uint32_t);
uint32_t vavrg4_s(uint32_t, uint32_t);
uint32_t vabsdiff4_u(uint32_t, uint32_t);
uint32_t vadd4_sat(uint32_t, uint32_t);
uint32_t vset4_lt(uint32_t, uint32_t);
uint32_t bmsk_clamp(uint32_t, uint32_t);
uint32_t bmsk_wrap(uint32_t, uint32_t);
int32_t shr_s(int32_t, uint32_t);
uint32_t shl_b(uint32_t, uint32_t);
uint32_t bfind_s(int32_t);
int32_t mul24_hi(int32_t, int32_t);
int32_t predicated_add(int32_t, int32_t);
uint32_t loop_popc(uint32_t);
uint32_t pack_unpack(uint32_t);
float cvt_rz_f32_s32(int32_t);
float cvt_rm_f32_u64(uint64_t);
int16_t cvt_rzi_s16_f16(uint16_t);
uint16_t cvt_rn_f16_s32(int32_t);
float cvt_rmi_f32(float);
uint32_t add_f16x2(uint32_t, uint32_t);
uint32_t cvt_bf16x2(float, float);
float int2float_rd(int32_t);
float int2float_ru(int32_t);
float uint2float_rz(uint32_t);
double ll2double_rd(int64_t);
double ll2double_rz(int64_t);
double ull2double_ru(uint64_t);
float ll2float_ru(int64_t);
float double2float_rd(double);
float double2float_rz(double);
}

static int fails = 0;
template <class T> static void expect(const char *what, uint64_t in, T got, T want) {
  if (std::memcmp(&got, &want, sizeof(T)) == 0 || fails > 5)
    return;
  ++fails;
  std::printf("MISMATCH %s(0x%llx): got 0x%llx want 0x%llx\n", what, (unsigned long long)in,
              (unsigned long long)(uint64_t)[&] { uint64_t b = 0; std::memcpy(&b, &got, sizeof(T)); return b; }(),
              (unsigned long long)[&] { uint64_t b = 0; std::memcpy(&b, &want, sizeof(T)); return b; }());
}

static int32_t lane(uint32_t x, int i, int bits, bool sg) {
  uint32_t v = (x >> (i * bits)) & ((1u << bits) - 1);
  if (sg && (v >> (bits - 1)))
    return int32_t(v) - (1 << bits);
  return int32_t(v);
}
template <class F> static uint32_t simd(uint32_t a, uint32_t b, int lanes, bool sg, F op) {
  int bits = 32 / lanes;
  uint32_t d = 0;
  for (int i = 0; i < lanes; ++i)
    d |= (uint32_t(op(lane(a, i, bits, sg), lane(b, i, bits, sg))) & ((1u << bits) - 1)) << (i * bits);
  return d;
}
template <class To, class From> static To convertIn(int mode, From x) {
  std::fesetround(mode);
  volatile From v = x;
  To r = To(v);
  std::fesetround(FE_TONEAREST);
  return r;
}
static uint16_t bf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return uint16_t((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}

// The host JIT has no compiler-rt: the float -> bfloat truncation the
// lowered bf16x2 conversion calls on x86, by the reference's rounding.
extern "C" __bf16 __truncsfbf2(float f) {
  uint16_t b = bf16(f);
  __bf16 r;
  std::memcpy(&r, &b, 2);
  return r;
}

int main() {
  std::mt19937_64 rng(13);
  auto edge = [&]() -> uint32_t {
    static const uint32_t E[] = {0, 1, 31, 32, 33, 0x7f, 0x80, 0xff, 0x7fffffff, 0x80000000, 0xffffffff,
                                 0x00ffffff, 0x01000001, 0x7fffff80};
    return rng() % 3 == 0 ? E[rng() % (sizeof(E) / 4)] : uint32_t(rng());
  };
  for (int n = 0; n < 100000; ++n) {
    uint32_t a = edge(), b = edge(), c = edge();
    int32_t dp = int32_t(c), dpu = int32_t(c), dp2 = int32_t(c);
    for (int i = 0; i < 4; ++i) {
      dp += lane(a, i, 8, true) * lane(b, i, 8, true);
      dpu += lane(a, i, 8, false) * lane(b, i, 8, true);
    }
    for (int i = 0; i < 2; ++i)
      dp2 += lane(a, i, 16, true) * lane(b, i + 2, 8, false);
    expect("dp4a_ss", a, dp4a_ss(a, b, c), dp);
    expect("dp4a_us", a, dp4a_us(a, b, c), dpu);
    expect("dp2a_hi", a, dp2a_hi(a, b, c), dp2);
    expect("vmax4_s", a, vmax4_s(a, b), simd(a, b, 4, true, [](int x, int y) { return x > y ? x : y; }));
    expect("vavrg2_u", a, vavrg2_u(a, b), simd(a, b, 2, false, [](int x, int y) { return (x + y + 1) >> 1; }));
    // The ISA rounds the average half away from zero: a negative sum is
    // shifted without the +1.
    expect("vavrg4_s", a, vavrg4_s(a, b), simd(a, b, 4, true, [](int x, int y) { return x + y >= 0 ? (x + y + 1) >> 1 : (x + y) >> 1; }));
    expect("vabsdiff4_u", a, vabsdiff4_u(a, b), simd(a, b, 4, false, [](int x, int y) { return x > y ? x - y : y - x; }));
    expect("vadd4_sat", a, vadd4_sat(a, b), simd(a, b, 4, true, [](int x, int y) { int s = x + y; return s > 127 ? 127 : s < -128 ? -128 : s; }));
    expect("vset4_lt", a, vset4_lt(a, b), simd(a, b, 4, false, [](int x, int y) { return x < y ? 1 : 0; }));
    uint32_t p = a % 40, w = b % 40;
    uint32_t pc = p > 32 ? 32 : p, wc = w > 32 ? 32 : w;
    expect("bmsk_clamp", p, bmsk_clamp(p, w), uint32_t((((uint64_t(1) << wc) - 1) << pc)));
    expect("bmsk_wrap", p, bmsk_wrap(p, w), uint32_t((((uint64_t(1) << (w & 31)) - 1) << (p & 31))));
    uint32_t sh = b % 40;
    expect("shr_s", a, shr_s(int32_t(a), sh), sh >= 32 ? (int32_t(a) < 0 ? -1 : 0) : int32_t(a) >> sh);
    expect("shl_b", a, shl_b(a, sh), sh >= 32 ? 0u : a << sh);
    int32_t x = int32_t(a) < 0 ? ~int32_t(a) : int32_t(a);
    expect("bfind_s", a, bfind_s(int32_t(a)), x == 0 ? 0xffffffffu : uint32_t(31 - __builtin_clz(uint32_t(x))));
    int64_t p24 = int64_t(lane(a, 0, 24, true)) * lane(b, 0, 24, true);
    expect("mul24_hi", a, mul24_hi(int32_t(a), int32_t(b)), int32_t(uint32_t(uint64_t(p24) >> 16)));
    expect("predicated_add", a, predicated_add(int32_t(a), int32_t(b)),
           int32_t(int32_t(a) > int32_t(b) ? a + b : a));
    expect("loop_popc", a, loop_popc(a), uint32_t(__builtin_popcount(a)));
    expect("pack_unpack", a, pack_unpack(a), (a >> 16) | (a << 16));
    expect("cvt_rz_f32_s32", a, cvt_rz_f32_s32(int32_t(a)), convertIn<float>(FE_TOWARDZERO, int32_t(a)));
    uint64_t l = (uint64_t(a) << 32) | b;
    expect("cvt_rm_f32_u64", l, cvt_rm_f32_u64(l), convertIn<float>(FE_DOWNWARD, l));
    _Float16 h;
    uint16_t hb = uint16_t(a);
    std::memcpy(&h, &hb, 2);
    float hf = float(h);
    int16_t want16 = std::isnan(hf) ? 0 : hf >= 32767.0f ? 32767 : hf <= -32768.0f ? -32768 : int16_t(std::trunc(hf));
    expect("cvt_rzi_s16_f16", hb, cvt_rzi_s16_f16(hb), want16);
    int32_t small = int32_t(a) >> (a & 15);
    _Float16 hs = _Float16(float(small));
    uint16_t hsb;
    std::memcpy(&hsb, &hs, 2);
    expect("cvt_rn_f16_s32", uint32_t(small), cvt_rn_f16_s32(small), hsb);
    float f;
    std::memcpy(&f, &a, 4);
    if (!std::isnan(f))
      expect("cvt_rmi_f32", a, cvt_rmi_f32(f), std::floor(f));
    _Float16 h0, h1, g0, g1;
    uint16_t t;
    t = uint16_t(a); std::memcpy(&h0, &t, 2);
    t = uint16_t(a >> 16); std::memcpy(&h1, &t, 2);
    t = uint16_t(b); std::memcpy(&g0, &t, 2);
    t = uint16_t(b >> 16); std::memcpy(&g1, &t, 2);
    _Float16 s0 = h0 + g0, s1 = h1 + g1;
    uint16_t r0, r1;
    std::memcpy(&r0, &s0, 2);
    std::memcpy(&r1, &s1, 2);
    if (!std::isnan(float(s0)) && !std::isnan(float(s1)))
      expect("add_f16x2", a, add_f16x2(a, b), uint32_t(r0) | (uint32_t(r1) << 16));
    float fa, fb;
    std::memcpy(&fa, &a, 4);
    std::memcpy(&fb, &b, 4);
    if (!std::isnan(fa) && !std::isnan(fb))
      expect("cvt_bf16x2", a, cvt_bf16x2(fa, fb), uint32_t(bf16(fb)) | (uint32_t(bf16(fa)) << 16));
    expect("int2float_rd", a, int2float_rd(int32_t(a)), convertIn<float>(FE_DOWNWARD, int32_t(a)));
    expect("int2float_ru", a, int2float_ru(int32_t(a)), convertIn<float>(FE_UPWARD, int32_t(a)));
    expect("uint2float_rz", a, uint2float_rz(a), convertIn<float>(FE_TOWARDZERO, a));
    expect("ll2double_rd", l, ll2double_rd(int64_t(l)), convertIn<double>(FE_DOWNWARD, int64_t(l)));
    expect("ll2double_rz", l, ll2double_rz(int64_t(l)), convertIn<double>(FE_TOWARDZERO, int64_t(l)));
    expect("ull2double_ru", l, ull2double_ru(l), convertIn<double>(FE_UPWARD, l));
    expect("ll2float_ru", l, ll2float_ru(int64_t(l)), convertIn<float>(FE_UPWARD, int64_t(l)));
    double d;
    std::memcpy(&d, &l, 8);
    if (!std::isnan(d)) {
      expect("double2float_rd", l, double2float_rd(d), convertIn<float>(FE_DOWNWARD, d));
      expect("double2float_rz", l, double2float_rz(d), convertIn<float>(FE_TOWARDZERO, d));
    }
  }
  if (fails)
    return 1;
  std::printf("ok\n");
  return 0;
}

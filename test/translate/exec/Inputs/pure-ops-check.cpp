// Reference implementations for Inputs/pure-ops.ll, computed with the host
// FPU in the requested rounding mode and with 128-bit integers. Exits 1 and
// prints the first mismatch.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

#pragma STDC FENV_ACCESS ON

extern "C" {
float fma_rm(float, float, float);
float fma_rp(float, float, float);
float fma_rz(float, float, float);
float add_rz_f(float, float);
float mul_rm_f(float, float);
double add_rz_d(double, double);
double add_rm_d(double, double);
double add_rp_d(double, double);
int32_t prmt(int32_t, int32_t, int32_t);
int32_t round_f(float);
int32_t f2i_rn(float);
int32_t saturate_bits(float);
void add128(uint64_t *, uint64_t, uint64_t, uint64_t, uint64_t);
void sub128(uint64_t *, uint64_t, uint64_t, uint64_t, uint64_t);
void mul64x64(uint64_t *, uint64_t, uint64_t);
int32_t bfind_shiftamt(int32_t);
uint32_t fns_intrinsic(uint32_t, uint32_t, int32_t);
uint32_t fns_inline(uint32_t, uint32_t, int32_t);
double selp_equ(double, double, double, double);
uint32_t shf_l_wrap(uint32_t, uint32_t, uint32_t);
uint32_t shf_r_clamp(uint32_t, uint32_t, uint32_t);
uint32_t bfe_u32(uint32_t, uint32_t, uint32_t);
int32_t bfe_s32(int32_t, uint32_t, uint32_t);
uint32_t bfi_b32(uint32_t, uint32_t, uint32_t, uint32_t);
uint32_t lop3_e8(uint32_t, uint32_t, uint32_t);
uint32_t lop3_96(uint32_t, uint32_t, uint32_t);
int32_t ld_global_nc(const int32_t *);
int32_t atom_add(int32_t *, int32_t);
}

// PTX ISA definitions, bit by bit.
static uint32_t refShf(uint32_t a, uint32_t b, uint32_t c, bool left, bool clamp) {
  uint32_t n = clamp ? (c > 32 ? 32 : c) : (c & 31);
  uint64_t v = (uint64_t(b) << 32) | a;
  return left ? uint32_t((v << n) >> 32) : uint32_t(v >> n);
}
static uint32_t refBfe(uint32_t a, uint32_t pos, uint32_t len, bool sgn) {
  pos &= 0xff;
  len &= 0xff;
  if (len == 0)
    return 0;
  uint32_t msb = pos + len - 1 > 31 ? 31 : pos + len - 1;
  uint32_t sbit = sgn ? (a >> msb) & 1 : 0;
  uint32_t d = 0;
  for (uint32_t i = 0; i < 32; ++i) {
    uint32_t bit = (i < len && pos + i <= 31) ? (a >> (pos + i)) & 1 : sbit;
    d |= bit << i;
  }
  return d;
}
static uint32_t refBfi(uint32_t f, uint32_t b, uint32_t pos, uint32_t len) {
  pos &= 0xff;
  len &= 0xff;
  uint32_t d = b;
  for (uint32_t i = 0; i < len && pos + i < 32; ++i)
    d = (d & ~(1u << (pos + i))) | (((f >> i) & 1) << (pos + i));
  return d;
}
static uint32_t refLop3(uint32_t a, uint32_t b, uint32_t c, uint32_t lut) {
  uint32_t d = 0;
  for (int i = 0; i < 32; ++i) {
    int k = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1);
    d |= ((lut >> k) & 1u) << i;
  }
  return d;
}

static int failures = 0;
template <class T> static bool same(T a, T b) {
  return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan((double)a) && std::isnan((double)b));
}
#define EXPECT(what, got, want, ...)                                           \
  do {                                                                         \
    if (!same(got, want) && failures++ < 5) {                                  \
      std::fprintf(stderr, "%s: got %.17g want %.17g for ", what, (double)(got), (double)(want)); \
      std::fprintf(stderr, __VA_ARGS__);                                       \
      std::fputc('\n', stderr);                                                \
    }                                                                          \
  } while (0)

template <class F> static auto inMode(int mode, F f) {
  std::fesetround(mode);
  auto r = f();
  std::fesetround(FE_TONEAREST);
  return r;
}

static float randomFloat(std::mt19937 &g) {
  static const float specials[] = {0.0f, -0.0f, 1.0f, -1.0f, 1e-40f, -1e-40f, 3.4e38f, -3.4e38f,
                                   INFINITY, -INFINITY, NAN, 1.1754944e-38f};
  if (g() % 16 == 0)
    return specials[g() % 12];
  uint32_t bits = g();
  if (g() % 2) // keep most values in a moderate range
    bits = (bits & 0x807fffff) | ((100 + g() % 56) << 23);
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// PTX fns: the |offset|-th set bit from base up (offset > 0) or down.
static uint32_t refFns(uint32_t mask, uint32_t base, int32_t offset) {
  if (offset == 0)
    return (mask >> base) & 1 ? base : 0xffffffffu;
  int count = offset > 0 ? offset - 1 : -(offset + 1);
  for (int pos = int(base); pos >= 0 && pos < 32; pos += offset > 0 ? 1 : -1)
    if ((mask >> pos) & 1) {
      if (count == 0)
        return uint32_t(pos);
      --count;
    }
  return 0xffffffffu;
}

static double randomDouble(std::mt19937 &g) {
  uint64_t bits = (uint64_t(g()) << 32) | g();
  if (g() % 2)
    bits = (bits & 0x800fffffffffffffull) | (uint64_t(1000 + g() % 50) << 52);
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

int main() {
  std::mt19937 g(12345);
  for (int i = 0; i < 200000; ++i) {
    float a = randomFloat(g), b = randomFloat(g), c = randomFloat(g);
    // Nearby values make the rounding of the sum interesting.
    if (i % 3 == 0)
      c = -a * b * (1.0f + std::ldexp(1.0f, -int(g() % 30)));
    EXPECT("fma.rm.f", fma_rm(a, b, c), inMode(FE_DOWNWARD, [&] { return std::fma(a, b, c); }), "%a %a %a", a, b, c);
    EXPECT("fma.rp.f", fma_rp(a, b, c), inMode(FE_UPWARD, [&] { return std::fma(a, b, c); }), "%a %a %a", a, b, c);
    EXPECT("fma.rz.f", fma_rz(a, b, c), inMode(FE_TOWARDZERO, [&] { return std::fma(a, b, c); }), "%a %a %a", a, b, c);
    EXPECT("add.rz.f", add_rz_f(a, c), inMode(FE_TOWARDZERO, [&] { volatile float x = a; return x + c; }), "%a %a", a, c);
    EXPECT("mul.rm.f", mul_rm_f(a, b), inMode(FE_DOWNWARD, [&] { volatile float x = a; return x * b; }), "%a %a", a, b);
    double x = randomDouble(g), y = (i % 2) ? -x * (1 + std::ldexp(1.0, -int(g() % 60))) : randomDouble(g);
    EXPECT("add.rz.d", add_rz_d(x, y), inMode(FE_TOWARDZERO, [&] { volatile double v = x; return v + y; }), "%a %a", x, y);
    EXPECT("add.rm.d", add_rm_d(x, y), inMode(FE_DOWNWARD, [&] { volatile double v = x; return v + y; }), "%a %a", x, y);
    EXPECT("add.rp.d", add_rp_d(x, y), inMode(FE_UPWARD, [&] { volatile double v = x; return v + y; }), "%a %a", x, y);

    uint32_t p = g(), q = g(), s = g();
    uint64_t src = (uint64_t(q) << 32) | p;
    uint32_t want = 0;
    for (int k = 0; k < 4; ++k) {
      uint32_t nib = (s >> (4 * k)) & 15;
      uint32_t byte = (src >> (8 * (nib & 7))) & 0xff;
      if (nib & 8)
        byte = (byte & 0x80) ? 0xff : 0;
      want |= byte << (8 * k);
    }
    EXPECT("prmt", (uint32_t)prmt(p, q, s), want, "%08x %08x %08x", p, q, s);

    uint64_t a0 = (uint64_t(g()) << 32) | g(), a1 = (uint64_t(g()) << 32) | g();
    uint64_t b0 = (uint64_t(g()) << 32) | g(), b1 = (uint64_t(g()) << 32) | g();
    unsigned __int128 A = ((unsigned __int128)a1 << 64) | a0, B = ((unsigned __int128)b1 << 64) | b0;
    uint64_t out[2];
    add128(out, a0, a1, b0, b1);
    EXPECT("add128.lo", out[0], (uint64_t)(A + B), "%llx", (unsigned long long)a0);
    EXPECT("add128.hi", out[1], (uint64_t)((A + B) >> 64), "%llx", (unsigned long long)a1);
    sub128(out, a0, a1, b0, b1);
    EXPECT("sub128.lo", out[0], (uint64_t)(A - B), "%llx", (unsigned long long)a0);
    EXPECT("sub128.hi", out[1], (uint64_t)((A - B) >> 64), "%llx", (unsigned long long)a1);
    mul64x64(out, a0, b0);
    unsigned __int128 P = (unsigned __int128)a0 * b0;
    EXPECT("mul.lo", out[0], (uint64_t)P, "%llx %llx", (unsigned long long)a0, (unsigned long long)b0);
    EXPECT("mul.hi", out[1], (uint64_t)(P >> 64), "%llx %llx", (unsigned long long)a0, (unsigned long long)b0);

    uint32_t x1 = g(), x2 = g(), x3 = g() % 40, x4 = g() % 40;
    EXPECT("shf.l.wrap", shf_l_wrap(x1, x2, x3), refShf(x1, x2, x3, true, false), "%08x %08x %u", x1, x2, x3);
    EXPECT("shf.r.clamp", shf_r_clamp(x1, x2, x3), refShf(x1, x2, x3, false, true), "%08x %08x %u", x1, x2, x3);
    EXPECT("bfe.u32", bfe_u32(x1, x3, x4), refBfe(x1, x3, x4, false), "%08x %u %u", x1, x3, x4);
    EXPECT("bfe.s32", (uint32_t)bfe_s32(x1, x3, x4), refBfe(x1, x3, x4, true), "%08x %u %u", x1, x3, x4);
    EXPECT("bfi.b32", bfi_b32(x1, x2, x3, x4), refBfi(x1, x2, x3, x4), "%08x %08x %u %u", x1, x2, x3, x4);
    EXPECT("lop3.e8", lop3_e8(x1, x2, x3 * 0x9e3779b9u), refLop3(x1, x2, x3 * 0x9e3779b9u, 0xe8), "%08x", x1);
    EXPECT("lop3.96", lop3_96(x1, x2, x4 * 0x7f4a7c15u), refLop3(x1, x2, x4 * 0x7f4a7c15u, 0x96), "%08x", x1);

    uint32_t v = g() >> (g() % 32);
    EXPECT("bfind.shiftamt", (uint32_t)bfind_shiftamt(v), v ? (uint32_t)__builtin_clz(v) : 0xffffffffu, "%08x", v);

    // Masks sparse to full, offsets past the set bits both ways.
    uint32_t mask = g() & g(), base = g() % 32;
    if (i % 4 == 0)
      mask |= g();
    const int32_t offset = int32_t(g() % 69) - 34;
    EXPECT("fns", fns_intrinsic(mask, base, offset), refFns(mask, base, offset), "%08x %u %d", mask, base, offset);
    EXPECT("fns.b32", fns_inline(mask, base, offset), refFns(mask, base, offset), "%08x %u %d", mask, base, offset);
  }
  // Round-half-even, saturating conversions, saturate.
  EXPECT("round.f", round_f(2.5f), 2, "2.5");
  EXPECT("round.f", round_f(3.5f), 4, "3.5");
  EXPECT("round.f", round_f(-2.5f), -2, "-2.5");
  EXPECT("f2i.rn", f2i_rn(NAN), 0, "NaN");
  EXPECT("f2i.rn", f2i_rn(3e9f), 2147483647, "3e9");
  EXPECT("f2i.rn", f2i_rn(-3e9f), (int32_t)0x80000000, "-3e9");
  EXPECT("f2i.rn", f2i_rn(-0.5f), 0, "-0.5");
  EXPECT("saturate", saturate_bits(NAN), 0, "NaN");
  EXPECT("saturate", saturate_bits(2.0f), 0x3f800000, "2");
  EXPECT("saturate", saturate_bits(-1.0f), 0, "-1");
  EXPECT("selp.equ", selp_equ(NAN, 1.0, 7.0, 9.0), 7.0, "NaN (unordered counts as equal)");
  EXPECT("selp.equ", selp_equ(1.0, 2.0, 7.0, 9.0), 9.0, "1 vs 2");
  int32_t cells[2] = {5, 7};
  EXPECT("ld.global.nc", ld_global_nc(cells), 7, "[p+4]");
  EXPECT("atom.add", atom_add(cells, 3), 5, "old value");
  EXPECT("atom.add", cells[0], 8, "new value");
  return failures ? 1 : 0;
}

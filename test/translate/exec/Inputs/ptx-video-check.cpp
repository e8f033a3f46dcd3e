// References for Inputs/ptx-video.ll, written from the PTX ISA's pseudocode
// (prmt's mode table; §9.7.18 scalar and SIMD video instructions: operand
// selection from {b, a}, 33/17-bit extension, .sat, secondary operations,
// merge masks; vmad's 128-bit pseudocode). Exits 1 and prints the first mismatches.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

extern "C" {
#define FN(N) uint32_t N(uint32_t, uint32_t, uint32_t);
FN(prmt_f4e) FN(prmt_b4e) FN(prmt_rc8) FN(prmt_ecl) FN(prmt_ecr) FN(prmt_rc16)
FN(prmt_default) FN(vavrg4_s) FN(vavrg2_s_sat) FN(vadd4_sel_mask) FN(vsub2_mask)
FN(vmin2_add) FN(vmin4_add_mask) FN(vabsdiff4_add) FN(vsub4_add_s) FN(vmax4_mixed)
FN(vset2_merge) FN(vset4_add) FN(vadd_sel) FN(vsub_h1) FN(vadd_u_sat)
FN(vabsdiff_merge) FN(vmin_add) FN(vmax_max) FN(vsub_min_u) FN(vset_merge)
FN(vset_add) FN(vmax_b3_sat) FN(vshl_clamp_sat) FN(vshl_wrap_h1) FN(vshr_s_clamp)
FN(vshr_u_wrap_add) FN(vshl_merge_b2) FN(vshl_s_sat_max) FN(vmad_u) FN(vmad_u_sat_shr15)
FN(vmad_s_sat_negc) FN(vmad_negprod_sat) FN(vmad_negb_shr7) FN(vmad_negab_sat)
FN(vmad_po_s_sat_shr7) FN(vmad_po_u) FN(vmad_u_negc) FN(vmad_regs)
#undef FN
}

static int fails = 0;
static void expect(const char *what, uint32_t a, uint32_t b, uint32_t c, uint32_t got,
                   uint32_t want) {
  if (got == want || fails > 5)
    return;
  ++fails;
  std::printf("MISMATCH %s(0x%08x, 0x%08x, 0x%08x): got 0x%08x want 0x%08x\n", what, a, b, c,
              got, want);
}

// prmt: for each mode and c[1:0], the source byte of result bytes 0..3
// (the ISA's table lists d.b3 first).
static const int Modes[6][4][4] = {
    {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}, // f4e
    {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}, // b4e
    {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}, // rc8
    {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}, // ecl
    {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}, // ecr
    {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}, // rc16
};
static uint32_t byteOf(uint32_t a, uint32_t b, int k) {
  return ((k < 4 ? a : b) >> (8 * (k & 3))) & 0xff;
}
static uint32_t prmtMode(int m, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = 0;
  for (int i = 0; i < 4; ++i)
    d |= byteOf(a, b, Modes[m][c & 3][i]) << (8 * i);
  return d;
}
static uint32_t prmtDefault(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = 0;
  for (int i = 0; i < 4; ++i) {
    uint32_t n = (c >> (4 * i)) & 0xf, v = byteOf(a, b, n & 7);
    if (n & 8)
      v = (v & 0x80) ? 0xff : 0;
    d |= v << (8 * i);
  }
  return d;
}

static int64_t ext(uint64_t v, int bits, bool sg) {
  v &= (bits == 64 ? ~0ull : (1ull << bits) - 1);
  if (sg && (v >> (bits - 1)) & 1)
    return int64_t(v) - (int64_t(1) << bits);
  return int64_t(v);
}
static int64_t clampTo(int64_t v, int bits, bool sg) {
  int64_t lo = sg ? -(int64_t(1) << (bits - 1)) : 0;
  int64_t hi = sg ? (int64_t(1) << (bits - 1)) - 1 : (int64_t(1) << bits) - 1;
  return v < lo ? lo : v > hi ? hi : v;
}
enum Op { Add, Sub, Avrg, Absdiff, Min, Max, Set };
enum Cmp { Eq, Ne, Lt, Le, Gt, Ge };
static int64_t apply(Op op, int64_t x, int64_t y, Cmp cmp) {
  switch (op) {
  case Add: return x + y;
  case Sub: return x - y;
  case Avrg: return x + y >= 0 ? (x + y + 1) >> 1 : (x + y) >> 1;
  case Absdiff: return x > y ? x - y : y - x;
  case Min: return x < y ? x : y;
  case Max: return x > y ? x : y;
  default: {
    const bool r[] = {x == y, x != y, x < y, x <= y, x > y, x >= y};
    return r[cmp];
  }
  }
}

struct Simd {
  int lanes;
  Op op;
  const char *asel, *bsel; // "3210": the lane 3 element first
  unsigned mask;           // bit per lane
  bool asg, bsg, dsg, sat, add;
  Cmp cmp;
};
static uint32_t simd(const Simd &s, uint32_t a, uint32_t b, uint32_t c) {
  const int bits = 32 / s.lanes;
  const uint64_t pair = (uint64_t(b) << 32) | a;
  int64_t t[4];
  for (int i = 0; i < s.lanes; ++i) {
    int ka = s.asel[s.lanes - 1 - i] - '0', kb = s.bsel[s.lanes - 1 - i] - '0';
    int64_t x = ext(pair >> (ka * bits), bits, s.asg), y = ext(pair >> (kb * bits), bits, s.bsg);
    t[i] = apply(s.op, x, y, s.cmp);
    if (s.sat)
      t[i] = clampTo(t[i], bits, s.dsg);
  }
  const uint32_t lm = (1u << bits) - 1;
  if (s.add) {
    uint32_t d = c;
    for (int i = 0; i < s.lanes; ++i)
      if (s.mask >> i & 1)
        d += uint32_t(t[i]);
    return d;
  }
  uint32_t d = 0;
  for (int i = 0; i < s.lanes; ++i)
    d |= ((s.mask >> i & 1 ? uint32_t(t[i]) : c >> (i * bits)) & lm) << (i * bits);
  return d;
}

struct Scalar {
  Op op;
  const char *asel, *bsel, *dsel; // "", "b0".."b3", "h0", "h1"
  bool asg, bsg, dsg, sat;
  const char *secop; // "", "add", "min", "max"
  Cmp cmp;
};
static int64_t part(uint32_t x, const char *sel, bool sg) {
  if (!*sel)
    return ext(x, 32, sg);
  int n = sel[1] - '0', bits = sel[0] == 'b' ? 8 : 16;
  return ext(x >> (n * bits), bits, sg);
}
/// The secondary operation (.add .min .max, on c extended by the destination
/// type) or the merge into the selected part of c, of a scalar's result.
static uint32_t secondary(int64_t tmp, const char *secop, const char *dsel, bool dsg,
                          uint32_t c) {
  const int64_t cc = dsg ? int64_t(int32_t(c)) : int64_t(c);
  if (!std::strcmp(secop, "add"))
    tmp = tmp + cc;
  else if (!std::strcmp(secop, "min"))
    tmp = tmp < cc ? tmp : cc;
  else if (!std::strcmp(secop, "max"))
    tmp = tmp > cc ? tmp : cc;
  else if (*dsel) {
    int n = dsel[1] - '0', bits = dsel[0] == 'b' ? 8 : 16;
    uint32_t field = ((1u << bits) - 1) << (n * bits);
    return ((uint32_t(tmp) << (n * bits)) & field) | (c & ~field);
  }
  return uint32_t(tmp);
}
static uint32_t scalar(const Scalar &s, uint32_t a, uint32_t b, uint32_t c) {
  int64_t tmp = apply(s.op, part(a, s.asel, s.asg), part(b, s.bsel, s.bsg), s.cmp);
  if (s.sat)
    tmp = clampTo(tmp, s.dsel[0] == 'b' ? 8 : s.dsel[0] == 'h' ? 16 : 32, s.dsg);
  return secondary(tmp, s.secop, s.dsel, s.dsg, c);
}

// vshl/vshr: b is an unsigned amount, clamped to 32 or taken modulo 32;
// the shift is exact (128 bits) before .sat, the rest as the other scalars.
struct Shift {
  bool left, clamp;
  const char *asel, *bsel, *dsel;
  bool asg, dsg, sat;
  const char *secop;
};
static uint32_t shift(const Shift &s, uint32_t a, uint32_t b, uint32_t c) {
  const int64_t ta = part(a, s.asel, s.asg);
  int64_t tb = part(b, s.bsel, false);
  tb = s.clamp ? (tb > 32 ? 32 : tb) : (tb & 31);
  __int128 t = s.left ? (__int128)ta * ((__int128)1 << tb) : (__int128)(ta >> tb);
  if (s.sat) {
    const int bits = s.dsel[0] == 'b' ? 8 : s.dsel[0] == 'h' ? 16 : 32;
    const __int128 lo = s.dsg ? -((__int128)1 << (bits - 1)) : 0;
    const __int128 hi = s.dsg ? ((__int128)1 << (bits - 1)) - 1 : ((__int128)1 << bits) - 1;
    t = t < lo ? lo : t > hi ? hi : t;
  }
  return secondary(int64_t(t), s.secop, s.dsel, s.dsg, c);
}

// vmad, line by line after the ISA's pseudocode: the product in 128 bits,
// ~tmp or ~c and lsb = 1 for a negation, lsb = 1 for .po, c extended by the
// final sign, the scale, then .sat to the 32-bit range of the final sign.
struct Mad {
  const char *asel, *bsel;
  bool asg, bsg, nega, negb, negc, po, sat;
  int scale; // 0, 7, 15
};
static uint32_t mad(const Mad &s, uint32_t a, uint32_t b, uint32_t c) {
  const bool negProduct = s.nega != s.negb;
  const bool signedFinal = s.asg || s.bsg || negProduct || s.negc;
  __int128 tmp = (__int128)part(a, s.asel, s.asg) * (__int128)part(b, s.bsel, s.bsg);
  int lsb = 0;
  if (s.po) {
    lsb = 1;
  } else if (negProduct) {
    tmp = ~tmp;
    lsb = 1;
  } else if (s.negc) {
    c = ~c;
    lsb = 1;
  }
  const __int128 c128 = signedFinal ? (__int128)int32_t(c) : (__int128)c;
  tmp = tmp + c128 + lsb;
  __int128 result = s.scale ? tmp >> s.scale : tmp;
  if (s.sat) {
    const __int128 lo = signedFinal ? INT32_MIN : 0;
    const __int128 hi = signedFinal ? (__int128)INT32_MAX : (__int128)UINT32_MAX;
    result = result < lo ? lo : result > hi ? hi : result;
  }
  return uint32_t(result);
}

int main() {
  std::mt19937_64 rng(4);
  auto edge = [&]() -> uint32_t {
    static const uint32_t E[] = {0,          1,          0x7f,       0x80,      0xff,
                                 0x7fff,     0x8000,     0xffff,     0x7fffffff, 0x80000000,
                                 0xffffffff, 0x807f7f80, 0x80008000, 0x7fff7fff, 0x01ff80fe};
    return rng() % 3 == 0 ? E[rng() % (sizeof(E) / 4)] : uint32_t(rng());
  };
  using F = uint32_t (*)(uint32_t, uint32_t, uint32_t);
  const struct { const char *name; F fn; int mode; } Prmts[] = {
      {"prmt_f4e", prmt_f4e, 0}, {"prmt_b4e", prmt_b4e, 1}, {"prmt_rc8", prmt_rc8, 2},
      {"prmt_ecl", prmt_ecl, 3}, {"prmt_ecr", prmt_ecr, 4}, {"prmt_rc16", prmt_rc16, 5}};
  const struct { const char *name; F fn; Simd s; } Simds[] = {
      {"vavrg4_s", vavrg4_s, {4, Avrg, "3210", "7654", 0xf, true, true, true, false, false, Eq}},
      {"vavrg2_s_sat", vavrg2_s_sat, {2, Avrg, "10", "32", 3, true, true, false, true, false, Eq}},
      {"vadd4_sel_mask", vadd4_sel_mask, {4, Add, "7362", "0415", 0xb, true, false, true, true, false, Eq}},
      {"vsub2_mask", vsub2_mask, {2, Sub, "10", "32", 1, true, true, true, true, false, Eq}},
      {"vmin2_add", vmin2_add, {2, Min, "00", "22", 3, false, false, true, false, true, Eq}},
      {"vmin4_add_mask", vmin4_add_mask, {4, Min, "0000", "2222", 5, false, false, true, false, true, Eq}},
      {"vabsdiff4_add", vabsdiff4_add, {4, Absdiff, "3210", "7654", 0xf, false, false, false, false, true, Eq}},
      {"vsub4_add_s", vsub4_add_s, {4, Sub, "3210", "7654", 0xe, true, true, true, false, true, Eq}},
      {"vmax4_mixed", vmax4_mixed, {4, Max, "4567", "1032", 0xf, true, false, false, true, false, Eq}},
      {"vset2_merge", vset2_merge, {2, Set, "20", "13", 2, true, false, false, false, false, Lt}},
      {"vset4_add", vset4_add, {4, Set, "3210", "7654", 0xa, false, true, false, false, true, Ne}},
  };
  const struct { const char *name; F fn; Scalar s; } Scalars[] = {
      {"vadd_sel", vadd_sel, {Add, "b0", "h0", "", false, true, true, true, "", Eq}},
      {"vsub_h1", vsub_h1, {Sub, "h1", "h1", "", true, false, true, true, "", Eq}},
      {"vadd_u_sat", vadd_u_sat, {Add, "", "", "", true, true, false, true, "", Eq}},
      {"vabsdiff_merge", vabsdiff_merge, {Absdiff, "b0", "b2", "h0", true, true, true, true, "", Eq}},
      {"vmin_add", vmin_add, {Min, "", "", "", true, true, true, true, "add", Eq}},
      {"vmax_max", vmax_max, {Max, "b3", "", "", false, true, false, false, "max", Eq}},
      {"vsub_min_u", vsub_min_u, {Sub, "h0", "b1", "", false, false, false, false, "min", Eq}},
      {"vset_merge", vset_merge, {Set, "", "b1", "b2", false, true, false, false, "", Ge}},
      {"vset_add", vset_add, {Set, "h1", "h0", "", true, true, false, false, "add", Lt}},
      {"vmax_b3_sat", vmax_b3_sat, {Max, "", "", "b3", true, true, true, true, "", Eq}},
  };
  const struct { const char *name; F fn; Shift s; } Shifts[] = {
      {"vshl_clamp_sat", vshl_clamp_sat, {true, true, "", "b0", "", false, false, true, ""}},
      {"vshl_wrap_h1", vshl_wrap_h1, {true, false, "h1", "", "", true, true, false, ""}},
      {"vshr_s_clamp", vshr_s_clamp, {false, true, "", "b1", "", true, true, false, ""}},
      {"vshr_u_wrap_add", vshr_u_wrap_add, {false, false, "h0", "", "", false, false, false, "add"}},
      {"vshl_merge_b2", vshl_merge_b2, {true, true, "b1", "b0", "b2", true, true, true, ""}},
      {"vshl_s_sat_max", vshl_s_sat_max, {true, true, "", "h0", "", true, true, true, "max"}},
  };
  const struct { const char *name; F fn; Mad s; } Mads[] = {
      {"vmad_u", vmad_u, {"", "", false, false, false, false, false, false, false, 0}},
      {"vmad_u_sat_shr15", vmad_u_sat_shr15, {"h0", "h1", false, false, false, false, false, false, true, 15}},
      {"vmad_s_sat_negc", vmad_s_sat_negc, {"", "", true, false, false, false, true, false, true, 0}},
      {"vmad_negprod_sat", vmad_negprod_sat, {"", "", false, false, true, false, false, false, true, 0}},
      {"vmad_negb_shr7", vmad_negb_shr7, {"b1", "h1", true, true, false, true, false, false, false, 7}},
      {"vmad_negab_sat", vmad_negab_sat, {"b2", "b3", false, false, true, true, false, false, true, 0}},
      {"vmad_po_s_sat_shr7", vmad_po_s_sat_shr7, {"h1", "b0", false, true, false, false, false, true, true, 7}},
      {"vmad_po_u", vmad_po_u, {"", "h0", false, false, false, false, false, true, false, 0}},
      {"vmad_u_negc", vmad_u_negc, {"", "", false, false, false, false, true, false, false, 0}},
      {"vmad_regs", vmad_regs, {"", "h0", true, true, true, false, false, false, true, 15}},
  };
  for (int n = 0; n < 100000; ++n) {
    uint32_t a = edge(), b = edge(), c = edge();
    // Shift amounts around 32 too.
    const uint32_t small = uint32_t(rng() % 40) * 0x01010101u;
    for (const auto &S : Shifts)
      for (uint32_t bb : {b, small})
        expect(S.name, a, bb, c, S.fn(a, bb, c), shift(S.s, a, bb, c));
    for (const auto &M : Mads)
      expect(M.name, a, b, c, M.fn(a, b, c), mad(M.s, a, b, c));
    for (const auto &P : Prmts)
      expect(P.name, a, b, c, P.fn(a, b, c), prmtMode(P.mode, a, b, c));
    expect("prmt_default", a, b, c, prmt_default(a, b, c), prmtDefault(a, b, c));
    for (const auto &S : Simds)
      expect(S.name, a, b, c, S.fn(a, b, c), simd(S.s, a, b, c));
    for (const auto &S : Scalars)
      expect(S.name, a, b, c, S.fn(a, b, c), scalar(S.s, a, b, c));
  }
  if (fails)
    return 1;
  std::printf("ok\n");
  return 0;
}

//===- PTXVideoOps.cpp - Dot products and video instructions of PTX -------===//
///
/// \file
/// dp4a/dp2a and the video instructions as IR on their lanes, following the
/// PTX ISA's pseudocode (§9.7.18):
///  - SIMD (vadd4 vsub4 vavrg4 vabsdiff4 vmin4 vmax4 vset4 and the two-lane
///    forms): the lanes of a and b are picked from the bytes (half-words) of
///    {b, a} by the selectors `a.b3210` / `b.b7654` (`.h10` / `.h32`, the
///    defaults), extended by their operand's signedness, computed in 32
///    bits, clamped by .sat to the destination type's lane range, then
///    merged with c under the destination mask (`d.b31`: the other lanes are
///    c's) or, with .add, summed into c for the lanes of the mask;
///  - scalar (vadd vsub vabsdiff vmin vmax vset): a and b are a byte
///    (.b0-.b3), a half-word (.h0 .h1) or the word, extended to 33 bits;
///    the 34-bit result is clamped by .sat to the range of the destination
///    (or of its byte or half-word with a destination selector), then
///    combined with c by the secondary operation (.add .min .max, on c
///    extended by the destination type) or merged into the selected byte or
///    half-word of c.
///  - vshl, vshr: the same, with b the shift amount (an unsigned byte,
///    half-word or word) clamped to 32 (.clamp) or taken modulo 32 (.wrap);
///    a is shifted in 128 bits (so that .sat sees the whole left shift),
///    arithmetically right when a is signed.
///  - vmad: the product of the selected, extended a and b in 128 bits,
///    negated with `-a` or `-b` (one of them), plus c (sign-extended when the
///    final result is signed, negated with `-c`), plus one with .po; shifted
///    right by 7 or 15 with .shr7/.shr15, clamped to the 32-bit range of the
///    final result's sign with .sat. The final result is signed when a or b
///    is, or something is negated (the destination type does not enter the
///    ISA's pseudocode). Negating both the product and c, negating in .po
///    mode, and `-c` of an unsigned product with .sat or a scale (where the
///    ISA's prose reads c as unsigned but its pseudocode sign-extends it)
///    are diagnosed.
///
//===----------------------------------------------------------------------===//
#include "PTXTranslator.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ferry {
namespace {

/// Lane \p I (of \p Bits bits) of \p X, extended to \p To.
Value *lane(IRBuilder<> &B, Value *X, unsigned I, unsigned Bits, bool Signed, Type *To) {
  Value *Shifted = I ? B.CreateLShr(X, I * Bits) : X;
  Value *L = B.CreateTrunc(Shifted, B.getIntNTy(Bits));
  return Signed ? B.CreateSExt(L, To) : B.CreateZExt(L, To);
}

/// The integer types among the opcode words, in order.
SmallVector<PTXType, 3> typesOf(const PTXStatement &S) {
  SmallVector<PTXType, 3> Out;
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (PTXType T = PTXType::parse(P); T.valid() && T.isInt())
      Out.push_back(T);
  return Out;
}

/// vset's comparison on values extended to a common signed width.
std::optional<CmpInst::Predicate> comparisonOf(const PTXStatement &S) {
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (auto C = StringSwitch<std::optional<CmpInst::Predicate>>(P)
                     .Case("eq", CmpInst::ICMP_EQ)
                     .Case("ne", CmpInst::ICMP_NE)
                     .Case("lt", CmpInst::ICMP_SLT)
                     .Case("le", CmpInst::ICMP_SLE)
                     .Case("gt", CmpInst::ICMP_SGT)
                     .Case("ge", CmpInst::ICMP_SGE)
                     .Default(std::nullopt))
      return C;
  return std::nullopt;
}

/// Checks the opcode words of a video instruction: \p NTypes of .u32/.s32,
/// then only the modifiers in \p Allowed.
bool checkWords(PTXTranslator &T, const PTXStatement &S, unsigned NTypes,
                ArrayRef<StringRef> Allowed) {
  unsigned Types = 0;
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front()) {
    if (PTXType Ty = PTXType::parse(P); Ty.valid()) {
      if (!Ty.isInt() || Ty.K == PTXType::Bits || Ty.Width != 32)
        return T.fail("video instructions take .u32 or .s32 operands, not ." + P);
      ++Types;
      continue;
    }
    if (!is_contained(Allowed, P))
      return T.fail("unknown modifier ." + P + " of " + S.Parts[0]);
  }
  if (Types != NTypes)
    return T.fail(S.Parts[0] + " needs " + Twine(NTypes) + " operand types");
  return true;
}

/// \p Op without its selector, for reading or writing the register.
PTXOperand withoutSelector(const PTXOperand &Op) {
  PTXOperand Plain = Op;
  Plain.Selector.clear();
  return Plain;
}

/// A SIMD source selector (`b3210` of four lanes, `h10` of two): for each
/// lane, from the lowest, the element of {b, a} it reads.
std::optional<SmallVector<unsigned, 4>> simdSelector(StringRef Sel, unsigned Lanes) {
  const char Kind = Lanes == 4 ? 'b' : 'h';
  if (Sel.size() != Lanes + 1 || Sel[0] != Kind)
    return std::nullopt;
  SmallVector<unsigned, 4> Out;
  for (unsigned I = 0; I < Lanes; ++I) {
    const unsigned E = unsigned(Sel[Lanes - I] - '0');
    if (E >= 2 * Lanes)
      return std::nullopt;
    Out.push_back(E);
  }
  return Out;
}

/// A SIMD destination mask (`b310`, `h1`, ...: distinct lanes, highest
/// first) as a bit per lane.
std::optional<unsigned> simdMask(StringRef Sel, unsigned Lanes) {
  const char Kind = Lanes == 4 ? 'b' : 'h';
  if (Sel.size() < 2 || Sel.size() > Lanes + 1 || Sel[0] != Kind)
    return std::nullopt;
  unsigned Mask = 0, Prev = Lanes;
  for (char C : Sel.drop_front()) {
    const unsigned L = unsigned(C - '0');
    if (L >= Prev)
      return std::nullopt;
    Mask |= 1u << L;
    Prev = L;
  }
  return Mask;
}

/// A scalar selector (`b0`-`b3`, `h0`, `h1`) as {position, bits}; the
/// whole word when \p Sel is empty.
std::optional<std::pair<unsigned, unsigned>> scalarSelector(StringRef Sel) {
  if (Sel.empty())
    return std::make_pair(0u, 32u);
  if (Sel.size() != 2)
    return std::nullopt;
  const unsigned N = unsigned(Sel[1] - '0');
  if (Sel[0] == 'b' && N < 4)
    return std::make_pair(N, 8u);
  if (Sel[0] == 'h' && N < 2)
    return std::make_pair(N, 16u);
  return std::nullopt;
}

/// Clamps \p X to the range of a \p Bits-bit integer of the given sign.
Value *clampTo(IRBuilder<> &B, Value *X, unsigned Bits, bool Signed) {
  const unsigned W = X->getType()->getIntegerBitWidth();
  APInt Lo = Signed ? APInt::getSignedMinValue(Bits).sext(W) : APInt::getZero(W);
  APInt Hi = Signed ? APInt::getSignedMaxValue(Bits).sext(W) : APInt::getMaxValue(Bits).zext(W);
  X = B.CreateBinaryIntrinsic(Intrinsic::smax, X, ConstantInt::get(X->getType(), Lo));
  return B.CreateBinaryIntrinsic(Intrinsic::smin, X, ConstantInt::get(X->getType(), Hi));
}

/// The primary operation of a video instruction on extended lanes (Kind:
/// 0 add, 1 sub, 2 avrg, 3 absdiff, 4 min, 5 max, 6 set).
Value *primary(IRBuilder<> &B, int Kind, Value *X, Value *Y, CmpInst::Predicate Cmp) {
  switch (Kind) {
  case 0:
    return B.CreateAdd(X, Y);
  case 1:
    return B.CreateSub(X, Y);
  case 2: {
    // Rounded half away from zero: (s + 1) >> 1 for s >= 0, s >> 1 below.
    Value *Sum = B.CreateAdd(X, Y);
    Value *NonNeg = B.CreateICmpSGE(Sum, ConstantInt::get(Sum->getType(), 0));
    Value *Up = B.CreateZExt(NonNeg, Sum->getType());
    return B.CreateAShr(B.CreateAdd(Sum, Up), 1);
  }
  case 3:
    return B.CreateBinaryIntrinsic(Intrinsic::abs, B.CreateSub(X, Y), B.getFalse());
  case 4:
    return B.CreateBinaryIntrinsic(Intrinsic::smin, X, Y);
  case 5:
    return B.CreateBinaryIntrinsic(Intrinsic::smax, X, Y);
  default:
    return B.CreateZExt(B.CreateICmp(Cmp, X, Y), X->getType());
  }
}

} // namespace

/// dp4a.atype.btype d, a, b, c (Arg 4) and dp2a.{lo,hi}.atype.btype
/// d, a, b, c (Arg 2): c plus the products of a's lanes (8 or 16 bits)
/// with b's bytes.
bool ptxDotProduct(PTXTranslator &T, const PTXStatement &S, int Lanes) {
  IRBuilder<> &B = T.B;
  Type *I32 = B.getInt32Ty();
  SmallVector<PTXType, 3> Tys = typesOf(S);
  if (Tys.size() != 2 || S.Operands.size() != 4)
    return T.fail("malformed dot product");
  const bool Hi = hasPart(S, "hi");
  if (Lanes == 2 && !Hi && !hasPart(S, "lo"))
    return T.fail("dp2a needs .lo or .hi");
  Value *A = T.read(S, 1, I32), *Bv = T.read(S, 2, I32), *C = T.read(S, 3, I32);
  if (!A || !Bv || !C)
    return false;
  Value *R = C;
  for (unsigned I = 0; I < unsigned(Lanes); ++I) {
    Value *X = lane(B, A, I, 32 / Lanes, Tys[0].isSigned(), I32);
    Value *Y = lane(B, Bv, Lanes == 4 ? I : I + (Hi ? 2 : 0), 8, Tys[1].isSigned(), I32);
    R = B.CreateAdd(R, B.CreateMul(X, Y));
  }
  return T.write(S.Operands[0], R);
}

namespace {
/// What the modifiers, operands and selectors of a SIMD video instruction
/// ask for.
struct SimdVideoForm {
  unsigned Lanes = 4, Bits = 8;
  int Kind = 0; ///< as for ptxVideo, without the two-lane bit
  PTXType ATy, BTy;
  bool SignedD = false, Sat = false, Add = false;
  std::optional<CmpInst::Predicate> Cmp;
  /// For a and b: per result lane, the lane of {b, a} it reads.
  SmallVector<unsigned, 4> Sel[2];
  unsigned Mask = 0; ///< the result lanes written (the others are c's)
};

/// The form of SIMD video instruction \p S (Arg as for ptxVideo) into \p F;
/// false (failing \p T) for modifiers, operands or selectors the PTX ISA
/// does not allow.
bool readSimdVideoForm(PTXTranslator &T, const PTXStatement &S, int Arg, SimdVideoForm &F) {
  F.Lanes = Arg & 0x10 ? 2 : 4;
  F.Bits = 32 / F.Lanes;
  F.Kind = Arg & 0xf;
  const bool Set = F.Kind == 6;
  if (!checkWords(T, S, Set ? 2 : 3,
                  Set ? ArrayRef<StringRef>{"add", "eq", "ne", "lt", "le", "gt", "ge"}
                      : ArrayRef<StringRef>{"sat", "add"}))
    return false;
  SmallVector<PTXType, 3> Tys = typesOf(S);
  F.ATy = Tys[Tys.size() - 2];
  F.BTy = Tys.back();
  F.SignedD = !Set && Tys[0].isSigned();
  F.Sat = hasPart(S, "sat");
  F.Add = hasPart(S, "add");
  if (F.Sat && F.Add)
    return T.fail("saturation cannot be used with the accumulate operation .add");
  F.Cmp = comparisonOf(S);
  if (Set && !F.Cmp)
    return T.fail("vset needs a comparison");
  if (S.Operands.size() != 4)
    return T.fail(S.Parts[0] + " takes d, a, b, c");
  const char *Defaults[2][2] = {{"h10", "h32"}, {"b3210", "b7654"}};
  for (unsigned I = 0; I < 2; ++I) {
    const PTXOperand &O = S.Operands[I + 1];
    std::optional<SmallVector<unsigned, 4>> Sel =
        simdSelector(O.Selector.empty() ? Defaults[F.Lanes == 4][I] : O.Selector, F.Lanes);
    if (!Sel)
      return T.fail("the lane selector ." + O.Selector + " of " + S.Parts[0] + " (." +
                    (F.Lanes == 4 ? "bxyzw with x..w in 0-7" : "hxy with x, y in 0-3") + ")");
    F.Sel[I] = std::move(*Sel);
  }
  std::optional<unsigned> Mask = (1u << F.Lanes) - 1;
  if (!S.Operands[0].Selector.empty())
    Mask = simdMask(S.Operands[0].Selector, F.Lanes);
  if (!Mask)
    return T.fail("the destination mask ." + S.Operands[0].Selector + " of " + S.Parts[0]);
  F.Mask = *Mask;
  if (!S.Operands[3].Selector.empty())
    return T.fail("operand c of " + S.Parts[0] + " takes no selector");
  return true;
}

/// \p F's operation on the lanes of \p A and \p Bv: with .add their sum
/// plus \p C; otherwise packed into the mask's lanes, \p C's elsewhere.
Value *simdVideoResult(IRBuilder<> &B, const SimdVideoForm &F, Value *A, Value *Bv, Value *C) {
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  // The elements of {b, a}.
  Value *Pair = B.CreateOr(B.CreateZExt(A, I64), B.CreateShl(B.CreateZExt(Bv, I64), 32));
  Value *Sum = C, *Packed = B.getInt32(0);
  for (unsigned I = 0; I < F.Lanes; ++I) {
    if (!(F.Mask >> I & 1))
      continue;
    Value *X = lane(B, Pair, F.Sel[0][I], F.Bits, F.ATy.isSigned(), I32);
    Value *Y = lane(B, Pair, F.Sel[1][I], F.Bits, F.BTy.isSigned(), I32);
    Value *R = primary(B, F.Kind, X, Y, F.Cmp.value_or(CmpInst::ICMP_EQ));
    if (F.Sat)
      R = clampTo(B, R, F.Bits, F.SignedD);
    if (F.Add) {
      Sum = B.CreateAdd(Sum, R);
      continue;
    }
    Value *Field = B.CreateAnd(R, B.getInt32(uint32_t((uint64_t(1) << F.Bits) - 1)));
    Packed = B.CreateOr(Packed, I ? B.CreateShl(Field, I * F.Bits) : Field);
  }
  if (F.Add)
    return Sum;
  uint32_t Keep = 0;
  for (unsigned I = 0; I < F.Lanes; ++I)
    if (!(F.Mask >> I & 1))
      Keep |= uint32_t((uint64_t(1) << F.Bits) - 1) << (I * F.Bits);
  return Keep ? B.CreateOr(Packed, B.CreateAnd(C, B.getInt32(Keep))) : Packed;
}
} // namespace

/// vadd4 vsub4 vavrg4 vabsdiff4 vmin4 vmax4 vset4 (Arg 0-6) and the
/// two-lane forms (Arg | 0x10):
///   vop.dtype.atype.btype{.sat}{.add} d{.mask}, a{.asel}, b{.bsel}, c;
///   vset.atype.btype.cmp{.add}        d{.mask}, a{.asel}, b{.bsel}, c;
bool ptxVideo(PTXTranslator &T, const PTXStatement &S, int Arg) {
  SimdVideoForm F;
  if (!readSimdVideoForm(T, S, Arg, F))
    return false;
  Type *I32 = T.B.getInt32Ty();
  Value *A = T.read(withoutSelector(S.Operands[1]), I32);
  Value *Bv = T.read(withoutSelector(S.Operands[2]), I32);
  Value *C = T.read(S, 3, I32);
  if (!A || !Bv || !C)
    return false;
  return T.write(withoutSelector(S.Operands[0]), simdVideoResult(T.B, F, A, Bv, C));
}

namespace {
/// What the modifiers and operands of a scalar video instruction ask for.
struct ScalarVideoForm {
  bool Set = false, Shift = false;
  PTXType ATy, BTy;
  bool SignedD = false;
  std::optional<CmpInst::Predicate> Cmp;
  StringRef SecOp; ///< "add", "min", "max" or ""
  bool Merge = false; ///< d.dsel: the result merged into c
  unsigned NOps = 3;
  std::pair<unsigned, unsigned> DSel;
};

/// The form of scalar video instruction \p S (Kind as for ptxScalarVideo)
/// into \p F; false (failing \p T) for modifiers, operands or selectors the
/// PTX ISA does not allow.
bool readScalarVideoForm(PTXTranslator &T, const PTXStatement &S, int Kind,
                         ScalarVideoForm &F) {
  F.Set = Kind == 6;
  F.Shift = Kind == 7 || Kind == 8;
  static const StringRef SetWords[] = {"add", "min", "max", "eq", "ne", "lt", "le", "gt", "ge"};
  static const StringRef ShiftWords[] = {"sat", "add", "min", "max", "clamp", "wrap"};
  static const StringRef Words[] = {"sat", "add", "min", "max"};
  if (!checkWords(T, S, F.Set ? 2 : 3,
                  F.Set     ? ArrayRef<StringRef>(SetWords)
                  : F.Shift ? ArrayRef<StringRef>(ShiftWords)
                            : ArrayRef<StringRef>(Words)))
    return false;
  if (F.Shift && hasPart(S, "clamp") == hasPart(S, "wrap"))
    return T.fail(S.Parts[0] + " needs one shift mode, .clamp or .wrap");
  SmallVector<PTXType, 3> Tys = typesOf(S);
  F.ATy = Tys[Tys.size() - 2];
  F.BTy = Tys.back();
  F.SignedD = !F.Set && Tys[0].isSigned();
  F.Cmp = comparisonOf(S);
  if (F.Set && !F.Cmp)
    return T.fail("vset needs a comparison");
  for (StringRef P : {"add", "min", "max"})
    if (hasPart(S, P)) {
      if (!F.SecOp.empty())
        return T.fail("two secondary operations");
      F.SecOp = P;
    }
  if (S.Operands.empty())
    return T.fail(S.Parts[0] + " without operands");
  const PTXOperand &D = S.Operands[0];
  F.Merge = !D.Selector.empty();
  if (F.Merge && !F.SecOp.empty())
    return T.fail("a destination selector and a secondary operation together");
  F.NOps = F.Merge || !F.SecOp.empty() ? 4 : 3;
  if (S.Operands.size() != F.NOps)
    return T.fail(F.NOps == 4 ? S.Parts[0] + " with ." + (F.Merge ? D.Selector : F.SecOp.str()) +
                                    " takes d, a, b, c"
                              : S.Parts[0] + " takes d, a, b (c needs a secondary operation "
                                             "or a destination selector)");
  std::optional<std::pair<unsigned, unsigned>> DSel = scalarSelector(D.Selector);
  if (!DSel)
    return T.fail("the destination selector ." + D.Selector + " of " + S.Parts[0] +
                  " (.b0-.b3, .h0, .h1)");
  F.DSel = *DSel;
  return true;
}

/// The selected parts of a and b, extended to i64 by their types; false
/// (failing \p T) for a selector the ISA does not have.
bool readScalarVideoSources(PTXTranslator &T, const PTXStatement &S, const ScalarVideoForm &F,
                            Value *(&Src)[2]) {
  const PTXType SrcTy[2] = {F.ATy, F.BTy};
  for (unsigned I = 0; I < 2; ++I) {
    const PTXOperand &O = S.Operands[I + 1];
    std::optional<std::pair<unsigned, unsigned>> Sel = scalarSelector(O.Selector);
    if (!Sel)
      return T.fail("the operand selector ." + O.Selector + " of " + S.Parts[0] +
                    " (.b0-.b3, .h0, .h1)");
    Value *V = T.read(withoutSelector(O), T.B.getInt32Ty());
    if (!V)
      return false;
    Src[I] = lane(T.B, V, Sel->first, Sel->second, SrcTy[I].isSigned(), T.B.getInt64Ty());
  }
  return true;
}

/// vshl (Kind 7) and vshr of \p Src, in i64: the amount clamped to 32, or
/// modulo 32.
Value *videoShift(IRBuilder<> &B, const PTXStatement &S, int Kind, const ScalarVideoForm &F,
                  Value *const (&Src)[2]) {
  Value *N = hasPart(S, "clamp") ? B.CreateBinaryIntrinsic(Intrinsic::umin, Src[1], B.getInt64(32))
                                 : B.CreateAnd(Src[1], 31);
  if (Kind == 8)
    return F.ATy.isSigned() ? B.CreateAShr(Src[0], N) : B.CreateLShr(Src[0], N);
  // In 128 bits; with .sat bounded to 64 first (saturation only needs the
  // sign and whether it exceeds 32 bits), else its low bits.
  Type *I128 = B.getInt128Ty();
  Value *Wide = B.CreateShl(B.CreateSExt(Src[0], I128), B.CreateZExt(N, I128));
  if (hasPart(S, "sat"))
    Wide = clampTo(B, Wide, 64, /*Signed=*/true);
  return B.CreateTrunc(Wide, B.getInt64Ty());
}

/// Writes the i64 result \p R of \p S: alone, merged into c at the
/// destination selector, or combined with c by the secondary operation.
bool writeScalarVideo(PTXTranslator &T, const PTXStatement &S, const ScalarVideoForm &F,
                      Value *R) {
  IRBuilder<> &B = T.B;
  Type *I32 = B.getInt32Ty();
  if (F.NOps == 3)
    return T.write(S.Operands[0], B.CreateTrunc(R, I32));
  if (!S.Operands[3].Selector.empty())
    return T.fail("operand c of " + S.Parts[0] + " takes no selector");
  Value *C = T.read(S, 3, I32);
  if (!C)
    return false;
  if (F.Merge) {
    const unsigned Shift = F.DSel.first * F.DSel.second;
    const uint32_t Field = uint32_t((uint64_t(1) << F.DSel.second) - 1) << Shift;
    Value *Part = B.CreateAnd(B.CreateShl(B.CreateTrunc(R, I32), Shift), Field);
    return T.write(withoutSelector(S.Operands[0]), B.CreateOr(Part, B.CreateAnd(C, ~Field)));
  }
  Type *I64 = B.getInt64Ty();
  Value *CW = F.SignedD ? B.CreateSExt(C, I64) : B.CreateZExt(C, I64);
  Value *Out = F.SecOp == "add"   ? B.CreateAdd(R, CW)
               : F.SecOp == "min" ? B.CreateBinaryIntrinsic(Intrinsic::smin, R, CW)
                                  : B.CreateBinaryIntrinsic(Intrinsic::smax, R, CW);
  return T.write(S.Operands[0], B.CreateTrunc(Out, I32));
}
} // namespace

/// vadd vsub vabsdiff vmin vmax vset (Arg 0, 1, 3, 4, 5, 6 as for ptxVideo),
/// vshl (7) and vshr (8).
///   vop.dtype.atype.btype{.sat}{.op2} d, a{.asel}, b{.bsel}{, c};
///   vop.dtype.atype.btype{.sat}       d.dsel, a{.asel}, b{.bsel}, c;
///   vset.atype.btype.cmp{.op2}        d{.dsel}, a{.asel}, b{.bsel}{, c};
bool ptxScalarVideo(PTXTranslator &T, const PTXStatement &S, int Kind) {
  ScalarVideoForm F;
  if (!readScalarVideoForm(T, S, Kind, F))
    return false;
  Value *Src[2];
  if (!readScalarVideoSources(T, S, F, Src))
    return false;
  if (F.Shift && F.BTy.isSigned())
    return T.fail("the shift amount of " + S.Parts[0] + " is .u32, not .s32");
  Value *R = F.Shift ? videoShift(T.B, S, Kind, F, Src)
                     : primary(T.B, Kind, Src[0], Src[1], F.Cmp.value_or(CmpInst::ICMP_EQ));
  if (hasPart(S, "sat"))
    R = clampTo(T.B, R, F.DSel.second, F.SignedD);
  return writeScalarVideo(T, S, F, R);
}

/// vmad's a and b: their selected lanes, without their signs, extended to
/// 128 bits as \p SrcTy says.
static bool readVideoMadSources(PTXTranslator &T, const PTXStatement &S,
                                const PTXType (&SrcTy)[2], Value *(&Src)[2]) {
  for (unsigned I = 0; I < 2; ++I) {
    PTXOperand O = withoutSelector(S.Operands[I + 1]);
    O.Minus = false;
    std::optional<std::pair<unsigned, unsigned>> Sel =
        scalarSelector(S.Operands[I + 1].Selector);
    if (!Sel)
      return T.fail("the operand selector ." + S.Operands[I + 1].Selector +
                    " of vmad (.b0-.b3, .h0, .h1)");
    Value *V = T.read(O, T.B.getInt32Ty());
    if (!V)
      return false;
    Src[I] = lane(T.B, V, Sel->first, Sel->second, SrcTy[I].isSigned(), T.B.getInt128Ty());
  }
  return true;
}

/// vmad (the PTX ISA's pseudocode, file comment):
///   vmad.dtype.atype.btype{.sat}{.scale}    d, {-}a{.asel}, {-}b{.bsel}, {-}c;
///   vmad.dtype.atype.btype.po{.sat}{.scale} d, a{.asel}, b{.bsel}, c;
bool ptxVideoMad(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  Type *I32 = B.getInt32Ty(), *I128 = B.getInt128Ty();
  if (!checkWords(T, S, 3, {"sat", "po", "shr7", "shr15"}))
    return false;
  const bool Sat = hasPart(S, "sat"), PlusOne = hasPart(S, "po");
  const unsigned Scale = hasPart(S, "shr7") ? 7 : hasPart(S, "shr15") ? 15 : 0;
  if (hasPart(S, "shr7") && hasPart(S, "shr15"))
    return T.fail("vmad takes one scale, .shr7 or .shr15");
  if (S.Operands.size() != 4)
    return T.fail("vmad takes d, a, b, c");
  SmallVector<PTXType, 3> Tys = typesOf(S);
  const PTXType SrcTy[2] = {Tys[1], Tys[2]};
  const PTXOperand &C = S.Operands[3];
  if (!S.Operands[0].Selector.empty())
    return T.fail("vmad takes no destination selector");
  if (!C.Selector.empty())
    return T.fail("operand c of vmad takes no selector");
  const bool NegA = S.Operands[1].Minus, NegB = S.Operands[2].Minus, NegC = C.Minus;
  const bool NegProduct = NegA != NegB;
  if (PlusOne && (NegA || NegB || NegC))
    return T.fail("the source operands of vmad.po cannot be negated");
  if (NegProduct && NegC)
    return T.fail("vmad negates either the product (a*b) or c, not both");
  const bool SignedFinal = SrcTy[0].isSigned() || SrcTy[1].isSigned() || NegProduct || NegC;
  if (NegC && !SrcTy[0].isSigned() && !SrcTy[1].isSigned() && (Sat || Scale))
    return T.fail("vmad of an unsigned product minus c with ." +
                  Twine(Sat ? "sat" : Scale == 7 ? "shr7" : "shr15") +
                  ": the PTX ISA reads c as unsigned in its description but sign-extends it "
                  "in its pseudocode");
  Value *Src[2];
  if (!readVideoMadSources(T, S, SrcTy, Src))
    return false;
  PTXOperand PlainC = C;
  PlainC.Minus = false;
  Value *CV = T.read(PlainC, I32);
  if (!CV)
    return false;
  Value *Tmp = B.CreateMul(Src[0], Src[1]);
  if (NegProduct)
    Tmp = B.CreateNot(Tmp);
  if (NegC)
    CV = B.CreateNot(CV);
  Value *C128 = SignedFinal ? B.CreateSExt(CV, I128) : B.CreateZExt(CV, I128);
  const bool Lsb = PlusOne || NegProduct || NegC;
  Tmp = B.CreateAdd(B.CreateAdd(Tmp, C128), ConstantInt::get(I128, Lsb));
  if (Scale)
    Tmp = B.CreateAShr(Tmp, Scale);
  if (Sat)
    Tmp = clampTo(B, Tmp, 32, SignedFinal);
  return T.write(S.Operands[0], B.CreateTrunc(Tmp, I32));
}

} // namespace ferry

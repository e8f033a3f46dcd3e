//===- PTXVideoOps.cpp - Dot products and SIMD video instructions of PTX --===//
///
/// \file
/// dp4a/dp2a and the packed SIMD video instructions (vadd4, vsub4, vavrg4,
/// vabsdiff4, vmin4, vmax4, vset4 and their two-lane forms) as IR on the
/// lanes: each 8- or 16-bit lane is extended by its operand's signedness,
/// computed in 32 bits, then saturated (.sat) or truncated back into its
/// lane, or summed into c (.add). Lane selectors (a.b3210) and result masks
/// other than all lanes are not translated.
///
//===----------------------------------------------------------------------===//
#include "PTXTranslator.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ferry {
namespace {

bool hasPart(const PTXStatement &S, StringRef P) {
  return is_contained(ArrayRef<StringRef>(S.Parts).drop_front(), P);
}

/// Lane \p I (of \p Bits bits) of \p X, extended to i32.
Value *lane(IRBuilder<> &B, Value *X, unsigned I, unsigned Bits, bool Signed) {
  Value *Shifted = B.CreateLShr(X, I * Bits);
  Value *L = B.CreateTrunc(Shifted, B.getIntNTy(Bits));
  return Signed ? B.CreateSExt(L, B.getInt32Ty()) : B.CreateZExt(L, B.getInt32Ty());
}

/// The integer types among the opcode words, in order.
SmallVector<PTXType, 3> typesOf(const PTXStatement &S) {
  SmallVector<PTXType, 3> Out;
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (PTXType T = PTXType::parse(P); T.valid() && T.isInt())
      Out.push_back(T);
  return Out;
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
    Value *X = lane(B, A, I, 32 / Lanes, Tys[0].isSigned());
    Value *Y = lane(B, Bv, Lanes == 4 ? I : I + (Hi ? 2 : 0), 8, Tys[1].isSigned());
    R = B.CreateAdd(R, B.CreateMul(X, Y));
  }
  return T.write(S.Operands[0], R);
}

/// vadd4 vsub4 vavrg4 vabsdiff4 vmin4 vmax4 vset4 (Arg 0-6) and the
/// two-lane forms (Arg | 0x10).
bool ptxVideo(PTXTranslator &T, const PTXStatement &S, int Arg) {
  IRBuilder<> &B = T.B;
  Type *I32 = B.getInt32Ty();
  const unsigned Lanes = Arg & 0x10 ? 2 : 4, Bits = 32 / Lanes;
  const int Kind = Arg & 0xf;
  SmallVector<PTXType, 3> Tys = typesOf(S);
  // vset has atype.btype.cmp; the others dtype.atype.btype.
  const unsigned NTypes = Kind == 6 ? 2 : 3;
  if (Tys.size() != NTypes || S.Operands.size() != 4)
    return T.fail("malformed SIMD video instruction");
  for (const PTXOperand &O : S.Operands)
    if (O.K == PTXOperand::Register && StringRef(O.Text).contains('.'))
      return T.fail("lane selectors and masks are not translated");
  const PTXType D = Kind == 6 ? PTXType::parse("u32") : Tys[0];
  const PTXType ATy = Tys[NTypes - 2], BTy = Tys[NTypes - 1];
  const bool Sat = hasPart(S, "sat"), Add = hasPart(S, "add");
  std::optional<CmpInst::Predicate> Cmp;
  if (Kind == 6) {
    const bool Sg = ATy.isSigned() || BTy.isSigned();
    for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
      if (auto C = StringSwitch<std::optional<CmpInst::Predicate>>(P)
                       .Case("eq", CmpInst::ICMP_EQ).Case("ne", CmpInst::ICMP_NE)
                       .Case("lt", Sg ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
                       .Case("le", Sg ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
                       .Case("gt", Sg ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
                       .Case("ge", Sg ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
                       .Default(std::nullopt))
        Cmp = C;
    if (!Cmp)
      return T.fail("vset needs a comparison");
  }
  Value *A = T.read(S, 1, I32), *Bv = T.read(S, 2, I32), *C = T.read(S, 3, I32);
  if (!A || !Bv || !C)
    return false;
  const int64_t Lo = D.isSigned() ? -(int64_t(1) << (Bits - 1)) : 0;
  const int64_t HiV = D.isSigned() ? (int64_t(1) << (Bits - 1)) - 1 : (int64_t(1) << Bits) - 1;
  Value *Sum = C, *Packed = B.getInt32(0);
  for (unsigned I = 0; I < Lanes; ++I) {
    Value *X = lane(B, A, I, Bits, ATy.isSigned()), *Y = lane(B, Bv, I, Bits, BTy.isSigned());
    Value *R;
    // Mixed signedness compares as signed: both lanes fit i32 exactly.
    const bool Sg = ATy.isSigned() || BTy.isSigned();
    switch (Kind) {
    case 0:
      R = B.CreateAdd(X, Y);
      break;
    case 1:
      R = B.CreateSub(X, Y);
      break;
    case 2:
      R = B.CreateAShr(B.CreateAdd(B.CreateAdd(X, Y), B.getInt32(1)), 1);
      break;
    case 3:
      R = B.CreateBinaryIntrinsic(Intrinsic::abs, B.CreateSub(X, Y), B.getFalse());
      break;
    case 4:
      R = B.CreateBinaryIntrinsic(Sg ? Intrinsic::smin : Intrinsic::umin, X, Y);
      break;
    case 5:
      R = B.CreateBinaryIntrinsic(Sg ? Intrinsic::smax : Intrinsic::umax, X, Y);
      break;
    default:
      R = B.CreateZExt(B.CreateICmp(*Cmp, X, Y), I32);
    }
    if (Sat && !Add) {
      R = B.CreateBinaryIntrinsic(Intrinsic::smax, R, B.getInt32(int32_t(Lo)));
      R = B.CreateBinaryIntrinsic(Intrinsic::smin, R, B.getInt32(int32_t(HiV)));
    }
    if (Add) {
      Sum = B.CreateAdd(Sum, R);
      continue;
    }
    Value *Field = B.CreateAnd(R, B.getInt32(uint32_t((uint64_t(1) << Bits) - 1)));
    Packed = B.CreateOr(Packed, B.CreateShl(Field, I * Bits));
  }
  return T.write(S.Operands[0], Add ? Sum : Packed);
}

} // namespace ferry

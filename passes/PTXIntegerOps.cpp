//===- PTXIntegerOps.cpp - Integer, logic and bit instructions of PTX -----===//
///
/// \file
/// Integer arithmetic (with the carry flag of .cc/addc/subc/madc, .sat,
/// .lo/.hi/.wide), logic, shifts (PTX clamps shift amounts: a shift by the
/// width or more gives 0, or the sign for shr.s), bit counts, bit fields,
/// byte permutes, comparisons and moves (scalars, vector pack/unpack,
/// special registers). Semantics follow the PTX ISA; every form is exact.
///
//===----------------------------------------------------------------------===//
#include "IRHelpers.h"
#include "PTXTranslator.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ferry {
namespace {

PTXType typeOf(const PTXStatement &S) { return PTXType::parse(S.Parts.back()); }

/// add/sub/mad with optional carry in and carry out, of width W (16/32/64).
bool carryArith(PTXTranslator &T, const PTXStatement &S, int Kind, bool CarryIn) {
  IRBuilder<> &B = T.B;
  PTXType Ty = typeOf(S);
  if (!Ty.isInt() || Ty.Width < 16 || Ty.Width > 64)
    return T.fail("integer type expected");
  const bool SetsCF = hasPart(S, "cc");
  const bool Sat = hasPart(S, "sat");
  const bool Hi = hasPart(S, "hi"), Wide = hasPart(S, "wide");
  Type *IT = B.getIntNTy(Ty.Width);
  Type *W2 = B.getIntNTy(2 * Ty.Width);
  auto Ext = [&](Value *V) {
    return Ty.isSigned() ? B.CreateSExt(V, W2) : B.CreateZExt(V, W2);
  };
  auto Z = [&](Value *V) { return B.CreateZExt(V, W2); };
  Value *A = T.read(S, 1, IT), *C = T.read(S, 2, IT);
  if (!A || !C)
    return false;
  Value *In = Z(CarryIn ? T.carry() : B.getFalse());
  Value *R;
  if (Kind == 0 || Kind == 1) { // add, sub
    if (Sat) {
      if (!Ty.isSigned() || Ty.Width != 32 || CarryIn || SetsCF)
        return T.fail(".sat is defined for add/sub.s32 only");
      return T.write(S.Operands[0], B.CreateBinaryIntrinsic(
                                        Kind == 0 ? Intrinsic::sadd_sat : Intrinsic::ssub_sat, A, C));
    }
    Value *Full = Kind == 0 ? B.CreateAdd(B.CreateAdd(Z(A), Z(C)), In)
                            : B.CreateSub(B.CreateSub(Z(A), Z(C)), In);
    // The high half is non-zero exactly on carry (add) or borrow (sub).
    if (SetsCF)
      T.setCarry(B.CreateICmpNE(B.CreateLShr(Full, Ty.Width), ConstantInt::get(W2, 0)));
    R = B.CreateTrunc(Full, IT);
    return T.write(S.Operands[0], R);
  }
  // mad (Kind 3): .lo, .hi or .wide product plus c, with carry for .lo/.hi.
  if (Wide) {
    Value *D = T.read(S, 3, W2);
    if (!D)
      return false;
    return T.write(S.Operands[0], B.CreateAdd(B.CreateMul(Ext(A), Ext(C)), D));
  }
  Value *D = T.read(S, 3, IT);
  if (!D)
    return false;
  Value *P = B.CreateMul(Ext(A), Ext(C));
  Value *Half = Hi ? B.CreateLShr(P, Ty.Width) : B.CreateAnd(P, Z(ConstantInt::get(IT, -1)));
  Half = B.CreateAnd(Half, Z(ConstantInt::get(IT, -1)));
  Value *Full = B.CreateAdd(B.CreateAdd(Half, Z(D)), In);
  if (SetsCF)
    T.setCarry(B.CreateICmpNE(B.CreateLShr(Full, Ty.Width), ConstantInt::get(W2, 0)));
  return T.write(S.Operands[0], B.CreateTrunc(Full, IT));
}

} // namespace

bool ptxFloatArith(PTXTranslator &T, const PTXStatement &S, int Kind);

/// add sub mul mad fma min max neg abs: integer forms here, floating-point
/// forms in PTXFloatOps.cpp.
bool ptxArith(PTXTranslator &T, const PTXStatement &S, int Kind) {
  PTXType Ty = typeOf(S);
  if (Ty.K == PTXType::Float)
    return ptxFloatArith(T, S, Kind);
  if (!Ty.isInt() || Ty.Width < 16 || Ty.Width > 64)
    return T.fail("unsupported type ." + S.Parts.back());
  IRBuilder<> &B = T.B;
  Type *IT = B.getIntNTy(Ty.Width);
  if (Kind == 0 || Kind == 1 || Kind == 3)
    return carryArith(T, S, Kind, /*CarryIn=*/false);
  if (Kind == 2) { // mul.lo / .hi / .wide
    Value *A = T.read(S, 1, IT), *C = T.read(S, 2, IT);
    if (!A || !C)
      return false;
    if (hasPart(S, "wide")) {
      Type *W2 = B.getIntNTy(2 * Ty.Width);
      auto Ext = [&](Value *V) {
        return Ty.isSigned() ? B.CreateSExt(V, W2) : B.CreateZExt(V, W2);
      };
      return T.write(S.Operands[0], B.CreateMul(Ext(A), Ext(C)));
    }
    if (hasPart(S, "hi"))
      return T.write(S.Operands[0], emitMulHigh(B, A, C, !Ty.isSigned()));
    return T.write(S.Operands[0], B.CreateMul(A, C));
  }
  if (Kind == 5 || Kind == 6) {
    Value *A = T.read(S, 1, IT), *C = T.read(S, 2, IT);
    if (!A || !C)
      return false;
    Intrinsic::ID ID = Kind == 5 ? (Ty.isSigned() ? Intrinsic::smin : Intrinsic::umin)
                                 : (Ty.isSigned() ? Intrinsic::smax : Intrinsic::umax);
    Value *R = B.CreateBinaryIntrinsic(ID, A, C);
    if (hasPart(S, "relu"))
      R = B.CreateBinaryIntrinsic(Intrinsic::smax, R, ConstantInt::get(IT, 0));
    return T.write(S.Operands[0], R);
  }
  Value *A = T.read(S, 1, IT);
  if (!A)
    return false;
  if (Kind == 7)
    return T.write(S.Operands[0], B.CreateNeg(A));
  return T.write(S.Operands[0], B.CreateBinaryIntrinsic(Intrinsic::abs, A, B.getFalse()));
}

/// addc (0), subc (1), madc (2): the carry flag in, and out with .cc.
bool ptxCarry(PTXTranslator &T, const PTXStatement &S, int Kind) {
  return carryArith(T, S, Kind == 2 ? 3 : Kind, /*CarryIn=*/true);
}

/// mul24 (0) / mad24 (1) .lo/.hi .u32/.s32: the 48-bit product of the low
/// 24 bits; .lo keeps bits 0-31, .hi bits 16-47.
bool ptxMul24(PTXTranslator &T, const PTXStatement &S, int Mad) {
  IRBuilder<> &B = T.B;
  PTXType Ty = typeOf(S);
  if (!Ty.isInt() || Ty.Width != 32)
    return T.fail("mul24/mad24 take .u32 or .s32");
  Value *A = T.read(S, 1, B.getInt32Ty()), *C = T.read(S, 2, B.getInt32Ty());
  if (!A || !C)
    return false;
  auto Low24 = [&](Value *V) {
    Value *W = B.CreateZExt(B.CreateAnd(V, 0xffffff), B.getInt64Ty());
    if (!Ty.isSigned())
      return W;
    return B.CreateAShr(B.CreateShl(W, 40), 40);
  };
  Value *P = B.CreateMul(Low24(A), Low24(C));
  Value *R = B.CreateTrunc(hasPart(S, "hi") ? B.CreateLShr(P, 16) : P, B.getInt32Ty());
  if (Mad) {
    Value *D = T.read(S, 3, B.getInt32Ty());
    if (!D)
      return false;
    R = B.CreateAdd(R, D);
  }
  return T.write(S.Operands[0], R);
}

bool ptxFloatDivide(PTXTranslator &T, const PTXStatement &S);

/// div (0), rem (1): integer division never traps (a zero divisor gives
/// all ones for div and the dividend for rem, INT_MIN / -1 wraps); floating
/// point div is in PTXFloatOps.cpp.
bool ptxDivRem(PTXTranslator &T, const PTXStatement &S, int Rem) {
  PTXType Ty = typeOf(S);
  if (Ty.K == PTXType::Float && !Rem)
    return ptxFloatDivide(T, S);
  if (!Ty.isInt() || Ty.Width < 16 || Ty.Width > 64)
    return T.fail("unsupported type ." + S.Parts.back());
  IRBuilder<> &B = T.B;
  Type *IT = B.getIntNTy(Ty.Width);
  Value *A = T.read(S, 1, IT), *C = T.read(S, 2, IT);
  if (!A || !C)
    return false;
  Value *Zero = ConstantInt::get(IT, 0), *One = ConstantInt::get(IT, 1);
  Value *IsZero = B.CreateICmpEQ(C, Zero);
  Value *MinusOne = B.CreateICmpEQ(C, ConstantInt::get(IT, -1));
  Value *Safe = B.CreateSelect(IsZero, One, C);
  Value *R;
  if (Ty.isSigned()) {
    Safe = B.CreateSelect(MinusOne, One, Safe);
    R = Rem ? B.CreateSRem(A, Safe) : B.CreateSDiv(A, Safe);
    R = B.CreateSelect(MinusOne, Rem ? Zero : B.CreateNeg(A), R);
  } else {
    R = Rem ? B.CreateURem(A, Safe) : B.CreateUDiv(A, Safe);
  }
  R = B.CreateSelect(IsZero, Rem ? A : ConstantInt::get(IT, -1), R);
  return T.write(S.Operands[0], R);
}

/// and or xor not cnot on .b16/.b32/.b64/.pred.
bool ptxLogic(PTXTranslator &T, const PTXStatement &S, int Kind) {
  IRBuilder<> &B = T.B;
  PTXType Ty = typeOf(S);
  if (!(Ty.isInt() || Ty.K == PTXType::Pred))
    return T.fail("unsupported type ." + S.Parts.back());
  Type *IT = Ty.irType(B.getContext());
  Value *A = T.read(S, 1, IT);
  if (!A)
    return false;
  if (Kind == 3)
    return T.write(S.Operands[0], B.CreateNot(A));
  if (Kind == 4)
    return T.write(S.Operands[0],
                   B.CreateZExt(B.CreateICmpEQ(A, ConstantInt::get(IT, 0)), IT));
  Value *C = T.read(S, 2, IT);
  if (!C)
    return false;
  Instruction::BinaryOps Op =
      Kind == 0 ? Instruction::And : Kind == 1 ? Instruction::Or : Instruction::Xor;
  return T.write(S.Operands[0], B.CreateBinOp(Op, A, C));
}

/// shl (0) / shr (1): the amount is a .u32; amounts of the width or more
/// give 0 (shr.s: the sign).
bool ptxShift(PTXTranslator &T, const PTXStatement &S, int Right) {
  IRBuilder<> &B = T.B;
  PTXType Ty = typeOf(S);
  if (!Ty.isInt() || Ty.Width < 16 || Ty.Width > 64)
    return T.fail("unsupported type ." + S.Parts.back());
  Type *IT = B.getIntNTy(Ty.Width);
  Value *A = T.read(S, 1, IT), *N = T.read(S, 2, B.getInt32Ty());
  if (!A || !N)
    return false;
  Value *Big = B.CreateICmpUGE(N, B.getInt32(Ty.Width));
  Value *Amount = B.CreateZExtOrTrunc(
      B.CreateBinaryIntrinsic(Intrinsic::umin, N, B.getInt32(Ty.Width - 1)), IT);
  if (Right && Ty.isSigned())
    return T.write(S.Operands[0], B.CreateAShr(A, Amount));
  Value *R = Right ? B.CreateLShr(A, Amount) : B.CreateShl(A, Amount);
  return T.write(S.Operands[0], B.CreateSelect(Big, ConstantInt::get(IT, 0), R));
}

/// shf.l/.r .wrap/.clamp .b32: a funnel shift of {b:a}.
bool ptxFunnelShift(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  Type *I32 = B.getInt32Ty();
  if (S.Parts.back() != "b32" || S.Operands.size() != 4)
    return T.fail("shf takes .b32 and four operands");
  Value *A = T.read(S, 1, I32), *Bv = T.read(S, 2, I32), *C = T.read(S, 3, I32);
  if (!A || !Bv || !C)
    return false;
  const bool Left = hasPart(S, "l");
  if (!Left && !hasPart(S, "r"))
    return T.fail("shf needs .l or .r");
  Value *R = B.CreateIntrinsic(Left ? Intrinsic::fshl : Intrinsic::fshr, {I32}, {Bv, A, C});
  if (hasPart(S, "clamp"))
    R = B.CreateSelect(B.CreateICmpUGE(C, B.getInt32(32)), Left ? A : Bv, R);
  else if (!hasPart(S, "wrap"))
    return T.fail("shf needs .wrap or .clamp");
  return T.write(S.Operands[0], R);
}

/// popc (0), clz (1), brev (2), bfind (3): popc and clz give a .u32; fns
/// (4): fns.b32 d, mask, base, offset.
bool ptxBitCount(PTXTranslator &T, const PTXStatement &S, int Kind) {
  IRBuilder<> &B = T.B;
  PTXType Ty = typeOf(S);
  if (Kind == 4) {
    if (Ty.Width != 32 || S.Operands.size() != 4)
      return T.fail("fns is fns.b32 d, mask, base, offset");
    Type *I32 = B.getInt32Ty();
    Value *Mask = T.read(S, 1, I32), *Base = T.read(S, 2, I32), *Offset = T.read(S, 3, I32);
    if (!Mask || !Base || !Offset)
      return false;
    return T.write(S.Operands[0], emitFindNthSet(B, Mask, Base, Offset));
  }
  if (!Ty.isInt() || (Ty.Width != 32 && Ty.Width != 64))
    return T.fail("unsupported type ." + S.Parts.back());
  Type *IT = B.getIntNTy(Ty.Width);
  Value *A = T.read(S, 1, IT);
  if (!A)
    return false;
  Type *I32 = B.getInt32Ty();
  switch (Kind) {
  case 0:
    return T.write(S.Operands[0],
                   B.CreateZExtOrTrunc(B.CreateUnaryIntrinsic(Intrinsic::ctpop, A), I32));
  case 1:
    return T.write(S.Operands[0],
                   B.CreateZExtOrTrunc(B.CreateBinaryIntrinsic(Intrinsic::ctlz, A, B.getFalse()),
                                       I32));
  case 2:
    return T.write(S.Operands[0], B.CreateUnaryIntrinsic(Intrinsic::bitreverse, A));
  default: {
    // The most significant bit (signed: non-sign bit); 0xffffffff if none.
    Value *X = A;
    if (Ty.isSigned())
      X = B.CreateSelect(B.CreateICmpSLT(A, ConstantInt::get(IT, 0)), B.CreateNot(A), A);
    Value *Lz = B.CreateZExtOrTrunc(B.CreateBinaryIntrinsic(Intrinsic::ctlz, X, B.getFalse()), I32);
    Value *R = hasPart(S, "shiftamt") ? Lz : B.CreateSub(B.getInt32(Ty.Width - 1), Lz);
    return T.write(S.Operands[0], B.CreateSelect(B.CreateICmpEQ(X, ConstantInt::get(IT, 0)),
                                                 B.getInt32(-1), R));
  }
  }
}

namespace {
/// A prmt mode: the generic selector (bytes of {b, a}, one nibble per
/// result byte) it stands for when c's two low bits are 0, 1, 2, 3 (PTX
/// ISA, prmt); these modes copy bytes without sign replication.
struct PermuteMode {
  StringRef Name;
  uint16_t Selectors[4];
};
const PermuteMode PermuteModes[] = {
    {"f4e", {0x3210, 0x4321, 0x5432, 0x6543}},  // forward 4 extract
    {"b4e", {0x5670, 0x6701, 0x7012, 0x0123}},  // backward 4 extract
    {"rc8", {0x0000, 0x1111, 0x2222, 0x3333}},  // replicate 8
    {"ecl", {0x3210, 0x3211, 0x3222, 0x3333}},  // edge clamp left
    {"ecr", {0x0000, 0x1110, 0x2210, 0x3210}},  // edge clamp right
    {"rc16", {0x1010, 0x3232, 0x1010, 0x3232}}, // replicate 16
};
} // namespace

namespace {
/// Operand \p I of \p S read as an i32.
Value *readI32(PTXTranslator &T, const PTXStatement &S, unsigned I) {
  return T.read(S, I, T.B.getInt32Ty());
}

/// bfe.u32/.s32 d, a, pos, len (\p Signed: the field's sign fills the rest).
bool bitFieldExtract(PTXTranslator &T, const PTXStatement &S, bool Signed) {
  IRBuilder<> &B = T.B;
  auto C32 = [&](uint64_t V) { return B.getInt32(uint32_t(V)); };
  Value *A = readI32(T, S, 1), *Pos = readI32(T, S, 2), *Len = readI32(T, S, 3);
  if (!A || !Pos || !Len)
    return false;
  Pos = B.CreateAnd(Pos, 0xff);
  Len = B.CreateAnd(Len, 0xff);
  Value *InWord = B.CreateICmpULT(Pos, C32(32));
  Value *Avail = B.CreateSelect(InWord, B.CreateSub(C32(32), Pos), C32(0));
  Value *L = B.CreateBinaryIntrinsic(Intrinsic::umin, Len, Avail);
  Value *Mask = B.CreateSelect(B.CreateICmpUGE(L, C32(32)), C32(0xffffffff),
                               B.CreateSub(B.CreateShl(C32(1), L), C32(1)));
  Value *Field = B.CreateAnd(B.CreateLShr(A, B.CreateSelect(InWord, Pos, C32(0))), Mask);
  Value *R = Field;
  if (Signed) {
    // The sign is bit min(pos + len - 1, 31) of a; it fills the rest.
    Value *Msb = B.CreateBinaryIntrinsic(
        Intrinsic::umin, B.CreateSub(B.CreateAdd(Pos, Len), C32(1)), C32(31));
    Value *Sign = B.CreateAnd(B.CreateLShr(A, Msb), C32(1));
    Value *Fill = B.CreateSelect(B.CreateICmpNE(Sign, C32(0)), B.CreateNot(Mask), C32(0));
    R = B.CreateOr(Field, Fill);
  }
  return T.write(S.Operands[0], B.CreateSelect(B.CreateICmpEQ(Len, C32(0)), C32(0), R));
}

/// bfi.b32 d, f, b, pos, len.
bool bitFieldInsert(PTXTranslator &T, const PTXStatement &S) {
  IRBuilder<> &B = T.B;
  auto C32 = [&](uint64_t V) { return B.getInt32(uint32_t(V)); };
  Value *F = readI32(T, S, 1), *Base = readI32(T, S, 2), *Pos = readI32(T, S, 3),
        *Len = readI32(T, S, 4);
  if (!F || !Base || !Pos || !Len)
    return false;
  Pos = B.CreateAnd(Pos, 0xff);
  Len = B.CreateAnd(Len, 0xff);
  Value *Low = B.CreateSelect(B.CreateICmpUGE(Len, C32(32)), C32(0xffffffff),
                              B.CreateSub(B.CreateShl(C32(1), Len), C32(1)));
  Value *InWord = B.CreateICmpULT(Pos, C32(32));
  Value *Mask = B.CreateSelect(InWord, B.CreateShl(Low, Pos), C32(0));
  Value *Shifted = B.CreateSelect(InWord, B.CreateShl(F, Pos), C32(0));
  return T.write(S.Operands[0], B.CreateOr(B.CreateAnd(Base, B.CreateNot(Mask)),
                                           B.CreateAnd(Shifted, Mask)));
}

/// bmsk.clamp/.wrap.b32 d, pos, width.
bool bitMask(PTXTranslator &T, const PTXStatement &S) {
  IRBuilder<> &B = T.B;
  Value *Pos = readI32(T, S, 1), *Width = readI32(T, S, 2);
  if (!Pos || !Width)
    return false;
  if (hasPart(S, "wrap")) {
    Pos = B.CreateAnd(Pos, 31);
    Width = B.CreateAnd(Width, 31);
  } else if (hasPart(S, "clamp")) {
    Pos = B.CreateBinaryIntrinsic(Intrinsic::umin, Pos, B.getInt32(32));
    Width = B.CreateBinaryIntrinsic(Intrinsic::umin, Width, B.getInt32(32));
  } else {
    return T.fail("bmsk needs .clamp or .wrap");
  }
  Type *I64 = B.getInt64Ty();
  Value *Ones = B.CreateSub(B.CreateShl(B.getInt64(1), B.CreateZExt(Width, I64)), B.getInt64(1));
  return T.write(S.Operands[0],
                 B.CreateTrunc(B.CreateShl(Ones, B.CreateZExt(Pos, I64)), B.getInt32Ty()));
}

/// prmt.b32{.mode} d, a, b, c.
bool permute(PTXTranslator &T, const PTXStatement &S) {
  IRBuilder<> &B = T.B;
  if (S.Parts.size() > 3)
    return T.fail("prmt takes one mode");
  const PermuteMode *Mode = nullptr;
  if (S.Parts.size() == 3) {
    for (const PermuteMode &M : PermuteModes)
      if (S.Parts[2] == M.Name)
        Mode = &M;
    if (!Mode)
      return T.fail("unknown prmt mode ." + S.Parts[2] + " (.f4e .b4e .rc8 .ecl .ecr .rc16)");
  }
  Value *A = readI32(T, S, 1), *Bv = readI32(T, S, 2), *Sel = readI32(T, S, 3);
  if (!A || !Bv || !Sel)
    return false;
  if (!Mode)
    return T.write(S.Operands[0], emitBytePermute(B, A, Bv, Sel, /*SignReplicate=*/true));
  // The mode's selector for c's two low bits, from its four packed in 64.
  uint64_t Packed = 0;
  for (unsigned I = 0; I < 4; ++I)
    Packed |= uint64_t(Mode->Selectors[I]) << (16 * I);
  Value *Shift = B.CreateZExt(B.CreateShl(B.CreateAnd(Sel, 3), 4), B.getInt64Ty());
  Value *Picked = B.CreateTrunc(B.CreateLShr(B.getInt64(Packed), Shift), B.getInt32Ty());
  return T.write(S.Operands[0], emitBytePermute(B, A, Bv, B.CreateAnd(Picked, 0xffff),
                                                /*SignReplicate=*/false));
}

/// lop3.b32 d, a, b, c, lut: the OR of the minterms set in the table.
bool logicOp3(PTXTranslator &T, const PTXStatement &S) {
  IRBuilder<> &B = T.B;
  Value *A = readI32(T, S, 1), *Bv = readI32(T, S, 2), *C = readI32(T, S, 3);
  int64_t Lut;
  if (!A || !Bv || !C)
    return false;
  if (S.Operands.size() != 5 || S.Operands[4].K != PTXOperand::Immediate ||
      StringRef(S.Operands[4].Text).getAsInteger(0, Lut))
    return T.fail("lop3 needs an immediate truth table");
  Value *R = B.getInt32(0);
  for (unsigned K = 0; K < 8; ++K) {
    if (!((Lut >> K) & 1))
      continue;
    Value *Term = B.CreateAnd(B.CreateAnd(K & 4 ? A : B.CreateNot(A),
                                          K & 2 ? Bv : B.CreateNot(Bv)),
                              K & 1 ? C : B.CreateNot(C));
    R = B.CreateOr(R, Term);
  }
  return T.write(S.Operands[0], R);
}
} // namespace

/// bfe (0), bfi (1), bmsk (2), prmt (3), lop3 (4), 32-bit, with PTX's
/// operand clamping.
bool ptxBitField(PTXTranslator &T, const PTXStatement &S, int Kind) {
  // prmt.b32[.mode]: the type comes first.
  PTXType Ty = Kind == 3 && S.Parts.size() > 1 ? PTXType::parse(S.Parts[1]) : typeOf(S);
  if (!Ty.isInt() || Ty.Width != 32)
    return T.fail("only the 32-bit form is translated");
  switch (Kind) {
  case 0:
    return bitFieldExtract(T, S, Ty.isSigned());
  case 1:
    return bitFieldInsert(T, S);
  case 2:
    return bitMask(T, S);
  case 3:
    return permute(T, S);
  default:
    return logicOp3(T, S);
  }
}

namespace {
/// The predicate of comparison \p Cmp (setp's and set's .eq, .lt, .ltu, .lo,
/// .num, ...) on operands of type \p Ty.
std::optional<CmpInst::Predicate> comparisonOf(StringRef Cmp, PTXType Ty) {
  if (Ty.K == PTXType::Float)
    return StringSwitch<std::optional<CmpInst::Predicate>>(Cmp)
        .Case("eq", CmpInst::FCMP_OEQ).Case("ne", CmpInst::FCMP_ONE)
        .Case("lt", CmpInst::FCMP_OLT).Case("le", CmpInst::FCMP_OLE)
        .Case("gt", CmpInst::FCMP_OGT).Case("ge", CmpInst::FCMP_OGE)
        .Case("equ", CmpInst::FCMP_UEQ).Case("neu", CmpInst::FCMP_UNE)
        .Case("ltu", CmpInst::FCMP_ULT).Case("leu", CmpInst::FCMP_ULE)
        .Case("gtu", CmpInst::FCMP_UGT).Case("geu", CmpInst::FCMP_UGE)
        .Case("num", CmpInst::FCMP_ORD).Case("nan", CmpInst::FCMP_UNO)
        .Default(std::nullopt);
  const bool Sg = Ty.isSigned();
  return StringSwitch<std::optional<CmpInst::Predicate>>(Cmp)
      .Case("eq", CmpInst::ICMP_EQ).Case("ne", CmpInst::ICMP_NE)
      .Case("lt", Sg ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
      .Case("le", Sg ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
      .Case("gt", Sg ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
      .Case("ge", Sg ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
      .Case("lo", CmpInst::ICMP_ULT).Case("ls", CmpInst::ICMP_ULE)
      .Case("hi", CmpInst::ICMP_UGT).Case("hs", CmpInst::ICMP_UGE)
      .Default(std::nullopt);
}
} // namespace

/// set (2): set.cmp[.bool][.ftz].dtype.stype d, a, b[, {!}c]. Each lane of
/// the source (two for .f16x2/.bf16x2) gives 1.0 or 0.0 in a floating-point
/// destination and all ones or zero in an integer one (a 32-bit integer
/// destination of a two-lane source holds two 16-bit masks).
static bool ptxSetValue(PTXTranslator &T, const PTXStatement &S) {
  IRBuilder<> &B = T.B;
  if (S.Parts.size() < 4)
    return T.fail("set needs a comparison, a destination type and a source type");
  PTXType DT = PTXType::parse(S.Parts[S.Parts.size() - 2]);
  PTXType ST = PTXType::parse(S.Parts.back());
  Type *SV = ST.irType(B.getContext());
  if (!SV || ST.K == PTXType::Pred || !DT.valid() || DT.K == PTXType::Pred)
    return T.fail("set takes numeric types");
  std::optional<CmpInst::Predicate> P = comparisonOf(S.Parts[1], ST);
  if (!P)
    return T.fail("unknown comparison ." + S.Parts[1]);
  StringRef BoolOp;
  for (StringRef W : ArrayRef<StringRef>(S.Parts).slice(2, S.Parts.size() - 4)) {
    if (W == "and" || W == "or" || W == "xor")
      BoolOp = W;
    else if (W != "ftz") // flushing subnormals does not change a comparison
      return T.fail("unknown qualifier ." + W);
  }
  Value *A = T.read(S, 1, SV), *C = T.read(S, 2, SV);
  if (!A || !C)
    return false;
  Value *R = ST.K == PTXType::Float ? B.CreateFCmp(*P, A, C) : B.CreateICmp(*P, A, C);
  if (!BoolOp.empty()) {
    if (S.Operands.size() != 4)
      return T.fail("set." + BoolOp + " needs a predicate operand");
    Value *Pc = T.read(S, 3, B.getInt1Ty());
    if (!Pc)
      return false;
    if (ST.Lanes > 1)
      Pc = B.CreateVectorSplat(ST.Lanes, Pc);
    R = BoolOp == "and" ? B.CreateAnd(R, Pc) : BoolOp == "or" ? B.CreateOr(R, Pc) : B.CreateXor(R, Pc);
  }
  Type *DV = DT.irType(B.getContext());
  const unsigned DBits = DT.Width * DT.Lanes;
  Value *Result;
  if (DT.K == PTXType::Float) {
    if (DT.Lanes != ST.Lanes)
      return T.fail("set ." + S.Parts[S.Parts.size() - 2] + " from ." + S.Parts.back() +
                    ": the lanes differ");
    Result = B.CreateSelect(R, ConstantFP::get(DV, 1.0), ConstantFP::get(DV, 0.0));
  } else {
    if (DBits % ST.Lanes)
      return T.fail("set: the destination does not split into the source's lanes");
    Type *LaneInt = B.getIntNTy(DBits / ST.Lanes);
    Type *MaskTy = ST.Lanes > 1 ? FixedVectorType::get(LaneInt, ST.Lanes) : LaneInt;
    Value *Mask = B.CreateSExt(R, MaskTy);
    Result = B.CreateBitCast(Mask, B.getIntNTy(DBits));
  }
  return T.write(S.Operands[0], Result);
}

/// setp (0): setp.cmp[.bool].type p[|q], a, b[, {!}c]; selp (1); set (2).
bool ptxCompare(PTXTranslator &T, const PTXStatement &S, int Select) {
  IRBuilder<> &B = T.B;
  if (Select == 2)
    return ptxSetValue(T, S);
  PTXType Ty = typeOf(S);
  Type *VT = Ty.irType(B.getContext());
  if (!VT || Ty.Lanes != 1 || Ty.K == PTXType::Pred)
    return T.fail("unsupported type ." + S.Parts.back());
  if (Select) {
    Value *A = T.read(S, 1, VT), *C = T.read(S, 2, VT), *P = T.read(S, 3, B.getInt1Ty());
    if (!A || !C || !P)
      return false;
    return T.write(S.Operands[0], B.CreateSelect(P, A, C));
  }
  if (S.Parts.size() < 3)
    return T.fail("setp needs a comparison and a type");
  StringRef Cmp = S.Parts[1];
  Value *A = T.read(S, 1, VT), *C = T.read(S, 2, VT);
  if (!A || !C)
    return false;
  std::optional<CmpInst::Predicate> P = comparisonOf(Cmp, Ty);
  if (!P)
    return T.fail("unknown comparison ." + Cmp);
  Value *R = Ty.K == PTXType::Float ? B.CreateFCmp(*P, A, C) : B.CreateICmp(*P, A, C);
  Value *NotR = B.CreateNot(R);
  if (S.Parts.size() == 4) { // .and / .or / .xor with a predicate c
    Value *P = T.read(S, 3, B.getInt1Ty());
    if (!P)
      return false;
    auto Combine = [&](Value *X) -> Value * {
      if (S.Parts[2] == "and")
        return B.CreateAnd(X, P);
      if (S.Parts[2] == "or")
        return B.CreateOr(X, P);
      if (S.Parts[2] == "xor")
        return B.CreateXor(X, P);
      return nullptr;
    };
    R = Combine(R);
    NotR = Combine(NotR);
    if (!R)
      return T.fail("unknown boolean operation ." + S.Parts[2]);
  }
  const PTXOperand &D = S.Operands[0];
  if (D.K == PTXOperand::Pair)
    return T.write(D.Elements[0], R) && T.write(D.Elements[1], NotR);
  return T.write(D, R);
}

/// mov.type d, a: scalars, special registers, and vectors: mov.b32 d,
/// {lo, hi} packs (the first element is the low bits), mov.b32 {lo, hi}, a
/// unpacks (`_` ignores an element).
bool ptxMove(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  if (S.Operands.size() != 2)
    return T.fail("mov takes two operands");
  PTXType Ty = typeOf(S);
  Type *VT = Ty.irType(B.getContext());
  if (!VT)
    return T.fail("unsupported type ." + S.Parts.back());
  const PTXOperand &D = S.Operands[0], &A = S.Operands[1];
  const unsigned Bits = Ty.Width * Ty.Lanes;
  if (D.K == PTXOperand::Vector || A.K == PTXOperand::Vector) {
    const PTXOperand &V = D.K == PTXOperand::Vector ? D : A;
    const unsigned N = V.Elements.size();
    if (N < 2 || Bits % N || (D.K == PTXOperand::Vector && A.K == PTXOperand::Vector))
      return T.fail("malformed vector move");
    Type *Whole = B.getIntNTy(Bits), *Part = B.getIntNTy(Bits / N);
    if (D.K == PTXOperand::Vector) {
      Value *X = T.read(A, Whole);
      if (!X)
        return false;
      for (unsigned I = 0; I < N; ++I) {
        Value *Shifted = I ? B.CreateLShr(X, uint64_t(I) * (Bits / N)) : X;
        if (!T.write(V.Elements[I], B.CreateTrunc(Shifted, Part)))
          return false;
      }
      return true;
    }
    Value *R = nullptr;
    for (unsigned I = 0; I < N; ++I) {
      Value *E = T.read(V.Elements[I], Part);
      if (!E)
        return false;
      E = B.CreateZExt(E, Whole);
      R = I ? B.CreateOr(R, B.CreateShl(E, uint64_t(I) * (Bits / N))) : E;
    }
    return T.write(D, R);
  }
  Value *X = T.read(A, VT);
  return X && T.write(D, X);
}

} // namespace ferry

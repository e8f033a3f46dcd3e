//===- DirectedRounding.cpp - .rz/.rm/.rp arithmetic in software ----------===//
///
/// \file
/// AMDGPU has no per-instruction rounding modes, but CUDA's libdevice uses
/// fma.rm.f / fma.rz.f / add.rz.d internally (expf, conversions). They are
/// computed exactly from a round-to-nearest result and its exact residual:
///  - f32 add/mul/fma: the operation in double (a product of floats is exact
///    in double) plus the TwoSum residual of the final addition, so the exact
///    value is d + e; then f = (float)d, and the sign of the exact v - f is
///    sign(d - f) (exact by Sterbenz), or sign(e) when d == f;
///  - f64 add/sub: TwoSum gives the exact residual e of s = a + b.
/// The result moves one ulp (on the integer bits) when the nearest value lies
/// on the wrong side: toward -inf for rm, +inf for rp, zero for rz. Overflow,
/// infinities and NaNs come out as the directed rounding says.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"

using namespace llvm;

namespace ferry {
namespace {

enum class Direction { TowardZero, Down, Up };

/// Knuth's TwoSum: S = RN(A + B), E = (A + B) - S exactly.
std::pair<Value *, Value *> twoSum(IRBuilder<> &B, Value *A, Value *C) {
  Value *S = B.CreateFAdd(A, C);
  Value *BB = B.CreateFSub(S, A);
  Value *E = B.CreateFAdd(B.CreateFSub(A, B.CreateFSub(S, BB)), B.CreateFSub(C, BB));
  return {S, E};
}

/// IEEE 754: an exact zero sum of operands of opposite signs is +0 in every
/// rounding direction but toward negative, where it is -0 (and x + x keeps
/// x's sign). RN gave +0; in that mode the zero is -RN((-A) + (-C)).
Value *zeroSignFor(IRBuilder<> &B, Value *S, Value *E, Value *A, Value *C,
                   Direction D) {
  if (D != Direction::Down)
    return S;
  Value *Zero = ConstantFP::get(S->getType(), 0.0);
  Value *ExactZero = B.CreateAnd(B.CreateFCmpOEQ(S, Zero), B.CreateFCmpOEQ(E, Zero));
  Value *Down = B.CreateFNeg(B.CreateFAdd(B.CreateFNeg(A), B.CreateFNeg(C)));
  return B.CreateSelect(ExactZero, Down, S);
}

/// Moves \p F one ulp in direction \p D when the exact value lies on that
/// side of it, as told by the sign of \p Residual (exact value - F).
Value *adjust(IRBuilder<> &B, Value *F, Value *Residual, Direction D) {
  Type *FTy = F->getType();
  Type *ITy = B.getIntNTy(FTy->getPrimitiveSizeInBits());
  Value *Zero = ConstantFP::get(FTy, 0.0);
  Value *Bits = B.CreateBitCast(F, ITy);
  Value *One = ConstantInt::get(ITy, 1);
  Value *RZero = ConstantFP::get(Residual->getType(), 0.0);
  Value *Below = B.CreateFCmpOLT(Residual, RZero);
  Value *Above = B.CreateFCmpOGT(Residual, RZero);
  Value *Positive = B.CreateFCmpOGT(F, Zero);
  Value *Negative = B.CreateFCmpOLT(F, Zero);
  Value *IsZero = B.CreateFCmpOEQ(F, Zero);
  // One ulp toward zero is bits - 1 for either sign (sign-magnitude).
  Value *TowardZero = B.CreateBitCast(B.CreateSub(Bits, One), FTy);
  // One ulp away from zero is bits + 1; from zero, the smallest subnormal.
  Value *AwayFromZero = B.CreateBitCast(B.CreateAdd(Bits, One), FTy);
  Value *MinSub = B.CreateBitCast(One, FTy);
  Value *NegMinSub = B.CreateFNeg(MinSub);
  switch (D) {
  case Direction::TowardZero: {
    Value *Move = B.CreateOr(B.CreateAnd(Below, Positive), B.CreateAnd(Above, Negative));
    return B.CreateSelect(Move, TowardZero, F);
  }
  case Direction::Down: {
    // next below: toward zero if positive, away if negative, -min if zero.
    Value *Next = B.CreateSelect(Positive, TowardZero,
                                 B.CreateSelect(IsZero, NegMinSub, AwayFromZero));
    return B.CreateSelect(Below, Next, F);
  }
  case Direction::Up: {
    Value *Next = B.CreateSelect(Negative, TowardZero,
                                 B.CreateSelect(IsZero, MinSub, AwayFromZero));
    return B.CreateSelect(Above, Next, F);
  }
  }
  return F;
}

std::optional<Direction> directionOf(StringRef Name) {
  if (Name.contains(".rz") || Name.ends_with("_rz"))
    return Direction::TowardZero;
  if (Name.contains(".rm") || Name.ends_with("_rd"))
    return Direction::Down;
  if (Name.contains(".rp") || Name.ends_with("_ru"))
    return Direction::Up;
  return std::nullopt;
}

} // namespace

/// add/sub/mul/fma with directed rounding. Arg: the IR opcode (FAdd, FSub,
/// FMul) or 0 for fma.
Value *lowerDirectedRounding(IntrinsicLowering &L, int Opcode) {
  IRBuilder<> &B = L.B;
  std::optional<Direction> D = directionOf(L.Name);
  Type *Ty = L.retType();
  if (!D || !(Ty->isFloatTy() || (Ty->isDoubleTy() && (Opcode == Instruction::FAdd ||
                                                      Opcode == Instruction::FSub))))
    return L.fail("directed rounding is supported for f32 add/sub/mul/fma and "
                  "f64 add/sub only");
  if (Ty->isDoubleTy()) {
    Value *C = L.arg(1);
    if (Opcode == Instruction::FSub)
      C = B.CreateFNeg(C);
    auto [S, E] = twoSum(B, L.arg(0), C);
    S = zeroSignFor(B, S, E, L.arg(0), C, *D);
    // Overflow to infinity from finite operands: the exact value is finite,
    // on the zero side of the infinity.
    Value *Inf = ConstantFP::getInfinity(Ty);
    Value *Finite = B.CreateAnd(B.CreateFCmpOLT(B.CreateUnaryIntrinsic(Intrinsic::fabs, L.arg(0)), Inf),
                                B.CreateFCmpOLT(B.CreateUnaryIntrinsic(Intrinsic::fabs, C), Inf));
    Value *Overflow = B.CreateAnd(Finite, B.CreateFCmpOEQ(B.CreateUnaryIntrinsic(Intrinsic::fabs, S), Inf));
    E = B.CreateSelect(Overflow, B.CreateFNeg(S), E);
    return adjust(B, S, E, *D);
  }
  // f32: exact product in double, then the final addition with its residual.
  Type *Dbl = B.getDoubleTy();
  auto Ext = [&](unsigned I) { return B.CreateFPExt(L.arg(I), Dbl); };
  Value *Sum, *Residual;
  if (Opcode == Instruction::FMul) {
    Sum = B.CreateFMul(Ext(0), Ext(1));
    Residual = ConstantFP::get(Dbl, 0.0);
  } else {
    Value *A = Opcode == 0 ? B.CreateFMul(Ext(0), Ext(1)) : Ext(0);
    Value *C = Opcode == 0 ? Ext(2) : Ext(1);
    if (Opcode == Instruction::FSub)
      C = B.CreateFNeg(C);
    std::tie(Sum, Residual) = twoSum(B, A, C);
    Sum = zeroSignFor(B, Sum, Residual, A, C, *D);
  }
  Value *F = B.CreateFPTrunc(Sum, Ty);
  Value *Diff = B.CreateFSub(Sum, B.CreateFPExt(F, Dbl));
  Value *Sign = B.CreateSelect(B.CreateFCmpONE(Diff, ConstantFP::get(Dbl, 0.0)), Diff, Residual);
  return adjust(B, F, Sign, *D);
}

} // namespace ferry

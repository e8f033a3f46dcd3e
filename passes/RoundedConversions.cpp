//===- RoundedConversions.cpp - Conversions with a rounding mode ----------===//
///
/// \file
/// Implementation of emitIntToFP and emitFPTrunc. R = RN(x) is exact or one
/// of x's two neighbours; comparing R with x exactly tells on which side it
/// lies:
///  - float -> narrower float: extend R back (exact) and compare;
///  - integer -> float: when every value of the integer type and of R's
///    nearest neighbourhood fits a double exactly (32-bit integers), compare
///    in double; otherwise convert R back with a saturating conversion
///    (exact, since R is an integer value) and compare integers, treating
///    an R beyond the integer range (2^63 or 2^64 after rounding up) as
///    greater.
///
//===----------------------------------------------------------------------===//
#include "RoundedConversions.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ferry {

std::optional<RoundingMode> parseRoundingMode(StringRef S) {
  return StringSwitch<std::optional<RoundingMode>>(S)
      .Case("rn", RoundingMode::Nearest)
      .Case("rz", RoundingMode::TowardZero)
      .Cases("rm", "rd", RoundingMode::Down)
      .Cases("rp", "ru", RoundingMode::Up)
      .Default(std::nullopt);
}

namespace {

/// The next representable value above (\p Up) or below R, for any R that
/// is not NaN (and not the infinity in that direction).
Value *nextAfter(IRBuilder<> &B, Value *R, bool Up) {
  Type *FTy = R->getType();
  const unsigned W = FTy->getPrimitiveSizeInBits();
  Type *ITy = B.getIntNTy(W);
  Value *Bits = B.CreateBitCast(R, ITy);
  Value *One = ConstantInt::get(ITy, 1);
  Value *SignBit = ConstantInt::get(ITy, APInt::getSignMask(W));
  Value *Negative = B.CreateICmpNE(B.CreateAnd(Bits, SignBit), ConstantInt::get(ITy, 0));
  Value *IsZero = B.CreateFCmpOEQ(R, ConstantFP::get(FTy, 0.0));
  // Away from zero on the integer bits is +1, toward zero -1; from a zero,
  // the smallest subnormal of the direction's sign.
  Value *Away = B.CreateAdd(Bits, One), *Toward = B.CreateSub(Bits, One);
  Value *Moved = Up ? B.CreateSelect(Negative, Toward, Away)
                    : B.CreateSelect(Negative, Away, Toward);
  Value *FromZero = Up ? One : B.CreateOr(SignBit, One);
  return B.CreateBitCast(B.CreateSelect(IsZero, FromZero, Moved), FTy);
}

} // namespace

Value *emitFPTrunc(IRBuilder<> &B, Value *X, Type *Ty, RoundingMode M) {
  Value *R = B.CreateFPTrunc(X, Ty);
  if (M == RoundingMode::Nearest)
    return R;
  Value *Back = B.CreateFPExt(R, X->getType());
  Value *RAbove = B.CreateFCmpOGT(Back, X); // exact value below R
  Value *RBelow = B.CreateFCmpOLT(Back, X); // exact value above R
  if (M == RoundingMode::Down)
    return B.CreateSelect(RAbove, nextAfter(B, R, false), R);
  if (M == RoundingMode::Up)
    return B.CreateSelect(RBelow, nextAfter(B, R, true), R);
  Value *Neg = B.CreateFCmpOLT(X, ConstantFP::get(X->getType(), 0.0));
  Value *Outward = B.CreateSelect(Neg, RBelow, RAbove);
  Value *Inward = B.CreateSelect(Neg, nextAfter(B, R, true), nextAfter(B, R, false));
  return B.CreateSelect(Outward, Inward, R);
}

Value *emitIntToFP(IRBuilder<> &B, Value *X, bool Signed, Type *Ty, RoundingMode M) {
  Value *R = Signed ? B.CreateSIToFP(X, Ty) : B.CreateUIToFP(X, Ty);
  const unsigned IW = X->getType()->getIntegerBitWidth();
  const unsigned Mant = Ty->getFPMantissaWidth();
  if (M == RoundingMode::Nearest || IW <= Mant)
    return R; // exact
  Value *RAbove, *RBelow; // R above / below the exact x
  if (IW <= 32) {
    Type *D = B.getDoubleTy();
    Value *XD = Signed ? B.CreateSIToFP(X, D) : B.CreateUIToFP(X, D);
    Value *RD = B.CreateFPExt(R, D);
    RAbove = B.CreateFCmpOGT(RD, XD);
    RBelow = B.CreateFCmpOLT(RD, XD);
  } else {
    Type *IT = X->getType();
    Value *Back = B.CreateIntrinsic(Signed ? Intrinsic::fptosi_sat : Intrinsic::fptoui_sat,
                                    {IT, Ty}, {R});
    APFloat Limit(Ty->getFltSemantics());
    APInt Edge = Signed ? APInt::getOneBitSet(IW + 1, IW - 1) : APInt::getOneBitSet(IW + 1, IW);
    Limit.convertFromAPInt(Edge, /*IsSigned=*/false, APFloat::rmNearestTiesToEven);
    Value *Beyond = B.CreateFCmpOGE(R, ConstantFP::get(Ty, Limit));
    RAbove = B.CreateOr(Beyond, Signed ? B.CreateICmpSGT(Back, X) : B.CreateICmpUGT(Back, X));
    RBelow = B.CreateAnd(B.CreateNot(Beyond),
                         Signed ? B.CreateICmpSLT(Back, X) : B.CreateICmpULT(Back, X));
  }
  if (M == RoundingMode::Down)
    return B.CreateSelect(RAbove, nextAfter(B, R, false), R);
  if (M == RoundingMode::Up)
    return B.CreateSelect(RBelow, nextAfter(B, R, true), R);
  // Toward zero: a positive x must not be exceeded, a negative one not
  // undercut.
  Value *Neg = Signed ? B.CreateICmpSLT(X, ConstantInt::get(X->getType(), 0)) : B.getFalse();
  Value *Outward = B.CreateSelect(Neg, RBelow, RAbove);
  Value *Inward = B.CreateSelect(Neg, nextAfter(B, R, true), nextAfter(B, R, false));
  return B.CreateSelect(Outward, Inward, R);
}

} // namespace ferry

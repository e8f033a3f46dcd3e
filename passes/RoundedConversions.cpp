//===- RoundedConversions.cpp - Conversions with a rounding mode ----------===//
///
/// \file
/// Implementation of emitIntToFP and emitFPTrunc. R = RN(x) is exact or one
/// of x's two neighbours; comparing R with x exactly tells on which side it
/// lies:
///  - float -> narrower float: extend R back (exact) and compare; R itself
///    is computed on the bits for bf16 and through f32 rounded to odd from
///    f64 to f16/bf16;
///  - integer -> f16/bf16: through f32 rounded to odd, then as above;
///  - integer -> float: when every value of the integer type and of R's
///    nearest neighbourhood fits a double exactly (32-bit integers), compare
///    in double; otherwise convert R back with a saturating conversion
///    (exact, since R is an integer value) and compare integers, treating
///    an R beyond the integer range (2^63 or 2^64 after rounding up) as
///    greater.
/// .relu and .satfinite, which PTX applies to the rounded result, are the
/// two helpers at the end.
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

/// f32 \p X rounded to the nearest bf16 on its bits (ties to even; NaN
/// stays a quiet NaN), the same IR on every target.
Value *floatToBF16Nearest(IRBuilder<> &B, Value *X) {
  Type *I32 = B.getInt32Ty();
  Value *U = B.CreateBitCast(X, I32);
  Value *High = B.CreateLShr(U, 16);
  Value *Even = B.CreateAnd(High, 1);
  Value *Rounded = B.CreateLShr(B.CreateAdd(B.CreateAdd(U, B.getInt32(0x7fff)), Even), 16);
  Value *Quiet = B.CreateOr(High, 0x40);
  Value *R = B.CreateSelect(B.CreateFCmpUNO(X, X), Quiet, Rounded);
  return B.CreateBitCast(B.CreateTrunc(R, B.getInt16Ty()), B.getBFloatTy());
}

/// f64 \p X to f32 rounded to odd: exact values stay, the others become
/// the neighbour toward zero with the last bit set, so that rounding that
/// to a format at least two bits narrower (f16, bf16) is the rounding of
/// X itself (no double rounding).
Value *doubleToFloatOdd(IRBuilder<> &B, Value *X) {
  Type *I32 = B.getInt32Ty();
  Value *F = B.CreateFPTrunc(X, B.getFloatTy());
  Value *Back = B.CreateFPExt(F, X->getType());
  Value *Inexact = B.CreateFCmpONE(Back, X);
  Value *Outward = B.CreateFCmpOGT(B.CreateUnaryIntrinsic(Intrinsic::fabs, Back),
                                   B.CreateUnaryIntrinsic(Intrinsic::fabs, X));
  Value *Bits = B.CreateBitCast(F, I32);
  Bits = B.CreateSelect(Outward, B.CreateSub(Bits, B.getInt32(1)), Bits);
  Bits = B.CreateSelect(Inexact, B.CreateOr(Bits, 1), Bits);
  return B.CreateBitCast(Bits, B.getFloatTy());
}

/// Round to nearest to \p Ty: bf16 on the bits and f64 to f16/bf16 through
/// f32 rounded to odd, so that no target's lowering of these conversions
/// (a libcall on the host, a double rounding through f32) is relied on.
Value *truncNearest(IRBuilder<> &B, Value *X, Type *Ty) {
  if (Ty->is16bitFPTy() && X->getType()->isDoubleTy())
    X = doubleToFloatOdd(B, X);
  if (Ty->isBFloatTy() && X->getType()->isFloatTy())
    return floatToBF16Nearest(B, X);
  return B.CreateFPTrunc(X, Ty);
}

} // namespace

Value *emitFPTrunc(IRBuilder<> &B, Value *X, Type *Ty, RoundingMode M) {
  Value *R = truncNearest(B, X, Ty);
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

namespace {

/// Integer \p X to f32 rounded to odd (see doubleToFloatOdd): toward zero,
/// the last bit set when inexact.
Value *intToFloatOdd(IRBuilder<> &B, Value *X, bool Signed) {
  Type *F32 = B.getFloatTy();
  Value *R = emitIntToFP(B, X, Signed, F32, RoundingMode::TowardZero);
  if (X->getType()->getIntegerBitWidth() <= 24)
    return R;
  // |R| <= |X| and R is integral: converting back is exact.
  Value *Back = B.CreateIntrinsic(Signed ? Intrinsic::fptosi_sat : Intrinsic::fptoui_sat,
                                  {X->getType(), F32}, {R});
  Value *Bits = B.CreateBitCast(R, B.getInt32Ty());
  Bits = B.CreateSelect(B.CreateICmpNE(Back, X), B.CreateOr(Bits, 1), Bits);
  return B.CreateBitCast(Bits, F32);
}

} // namespace

Value *emitIntToFP(IRBuilder<> &B, Value *X, bool Signed, Type *Ty, RoundingMode M) {
  const unsigned IW = X->getType()->getIntegerBitWidth();
  const unsigned Mant = Ty->getFPMantissaWidth();
  // f16/bf16 from wider integers through f32 rounded to odd (a direct
  // sitofp is lowered through f32 and would round twice).
  if (Ty->is16bitFPTy() && IW > Mant)
    return emitFPTrunc(B, intToFloatOdd(B, X, Signed), Ty, M);
  Value *R = Signed ? B.CreateSIToFP(X, Ty) : B.CreateUIToFP(X, Ty);
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

Value *emitReluCanonical(IRBuilder<> &B, Value *X) {
  Type *Ty = X->getType();
  Type *ITy = Ty->getWithNewType(B.getIntNTy(Ty->getScalarSizeInBits()));
  Value *Zero = ConstantFP::get(Ty, 0.0);
  Value *NaN = B.CreateBitCast(
      ConstantInt::get(ITy, APInt::getSignedMaxValue(Ty->getScalarSizeInBits())), Ty);
  // -0 too becomes +0 (as max(x, +0) with +0 > -0).
  Value *R = B.CreateSelect(B.CreateFCmpOLE(X, Zero), Zero, X);
  return B.CreateSelect(B.CreateFCmpUNO(X, X), NaN, R);
}

Value *emitSatFinite(IRBuilder<> &B, Value *X) {
  Type *Ty = X->getType();
  Value *Max = ConstantFP::get(Ty, APFloat::getLargest(Ty->getScalarType()->getFltSemantics()));
  Value *Inf = ConstantFP::getInfinity(Ty);
  Value *Bound = B.CreateCopySign(Max, X);
  return B.CreateSelect(B.CreateFCmpOEQ(B.CreateUnaryIntrinsic(Intrinsic::fabs, X), Inf), Bound,
                        X);
}

} // namespace ferry

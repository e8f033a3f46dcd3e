//===- WideIntFPConversions.cpp - i128 <-> floating point for NVPTX -------===//
///
/// \file
/// LLVM 19's NVPTX lowers a conversion between an integer wider than 64 bits
/// and a floating-point type to a library call whose name is empty and
/// aborts ("Undefined external symbol"). LLVM's own expansion
/// (expand-large-fp-convert) runs only below the width a target declares,
/// and NVPTX declares none; its threshold is a process-wide command-line
/// option. So the conversions are expanded here into 64-bit ones, which PTX
/// has (`cvt`), exactly as LLVM defines them:
///  - integer -> float/double, round to nearest even: the top 64 significant
///    bits with a sticky bit for what lies below are converted (one
///    rounding), then scaled by an exact power of two; half overflows beyond
///    64 bits anyway;
///  - float -> integer, toward zero: x = hi * 2^64 + lo with both parts
///    exact in double.
///
//===----------------------------------------------------------------------===//
#include "BackendSafety.h"
#include "Untranslatable.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ferry {
namespace {

/// Unsigned \p X (i128) to \p FPTy, correctly rounded.
Value *unsignedToFP(IRBuilder<> &B, Value *X, Type *FPTy) {
  Type *I64 = B.getInt64Ty(), *I128 = B.getInt128Ty();
  Value *Hi = B.CreateTrunc(B.CreateLShr(X, 64), I64, "hi");
  Value *Small = B.CreateUIToFP(B.CreateTrunc(X, I64), FPTy);
  Value *Large;
  if (FPTy->isHalfTy()) {
    Large = ConstantFP::getInfinity(FPTy); // >= 2^64 > 65504
  } else {
    // S = bits above the low 64 (1..64 when Hi != 0); Y = X >> S keeps 64
    // significant bits, with bit 0 set when anything shifted out was set,
    // so converting Y rounds as converting X would.
    Value *Clz = B.CreateBinaryIntrinsic(Intrinsic::ctlz, Hi, B.getFalse());
    Value *S = B.CreateSub(B.getInt64(64), Clz, "s");
    Value *S128 = B.CreateZExt(S, I128);
    Value *Y = B.CreateTrunc(B.CreateLShr(X, S128), I64);
    Value *Lost =
        B.CreateAnd(X, B.CreateSub(B.CreateShl(ConstantInt::get(I128, 1), S128),
                                   ConstantInt::get(I128, 1)));
    Y = B.CreateOr(
        Y, B.CreateZExt(B.CreateICmpNE(Lost, ConstantInt::get(I128, 0)), I64));
    Value *Rounded = B.CreateUIToFP(Y, FPTy);
    // 2^S, exactly: S + bias in the exponent field.
    const bool Double = FPTy->isDoubleTy();
    Type *Bits = Double ? I64 : B.getInt32Ty();
    Value *Exp =
        B.CreateShl(B.CreateAdd(B.CreateZExtOrTrunc(S, Bits),
                                ConstantInt::get(Bits, Double ? 1023 : 127)),
                    Double ? 52 : 23);
    Large = B.CreateFMul(Rounded, B.CreateBitCast(Exp, FPTy));
  }
  return B.CreateSelect(B.CreateICmpEQ(Hi, B.getInt64(0)), Small, Large);
}

Value *intToFP(IRBuilder<> &B, Value *X, Type *FPTy, bool Signed) {
  Type *I128 = B.getInt128Ty();
  X = Signed ? B.CreateSExtOrTrunc(X, I128) : B.CreateZExtOrTrunc(X, I128);
  if (!Signed)
    return unsignedToFP(B, X, FPTy);
  // |X| as an unsigned number (INT128_MIN is 2^127), then the sign.
  Value *Neg = B.CreateICmpSLT(X, ConstantInt::get(I128, 0));
  Value *Abs = B.CreateSelect(Neg, B.CreateNeg(X), X);
  Value *R = unsignedToFP(B, Abs, FPTy);
  return B.CreateSelect(Neg, B.CreateFNeg(R), R);
}

Value *fpToInt(IRBuilder<> &B, Value *X, Type *IntTy, bool Signed) {
  Type *D = B.getDoubleTy(), *I64 = B.getInt64Ty(), *I128 = B.getInt128Ty();
  if (!X->getType()->isDoubleTy())
    X = B.CreateFPExt(X, D); // exact
  Value *Neg = nullptr;
  if (Signed) {
    Neg = B.CreateFCmpOLT(X, ConstantFP::get(D, 0.0));
    X = B.CreateUnaryIntrinsic(Intrinsic::fabs, X);
  }
  // X = HiF * 2^64 + LoF: scaling by powers of two and the remainder (the
  // bits of X below 2^64) are exact.
  Value *HiF = B.CreateUnaryIntrinsic(
      Intrinsic::trunc, B.CreateFMul(X, ConstantFP::get(D, 0x1p-64)));
  Value *LoF = B.CreateFSub(X, B.CreateFMul(HiF, ConstantFP::get(D, 0x1p64)));
  Value *Hi = B.CreateZExt(B.CreateFPToUI(HiF, I64), I128);
  Value *Lo = B.CreateZExt(B.CreateFPToUI(LoF, I64), I128);
  Value *R = B.CreateOr(B.CreateShl(Hi, 64), Lo);
  if (Signed)
    R = B.CreateSelect(Neg, B.CreateNeg(R), R);
  return B.CreateTrunc(R, IntTy);
}

} // namespace

unsigned expandWideIntFPConversions(Function &F) {
  unsigned Errors = 0;
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *Cast = dyn_cast<CastInst>(&I);
    if (!Cast)
      continue;
    const unsigned Op = Cast->getOpcode();
    const bool ToFP = Op == Instruction::SIToFP || Op == Instruction::UIToFP;
    if (!ToFP && Op != Instruction::FPToSI && Op != Instruction::FPToUI)
      continue;
    Type *IntTy = ToFP ? Cast->getSrcTy() : Cast->getDestTy();
    Type *FPTy = ToFP ? Cast->getDestTy() : Cast->getSrcTy();
    if (IntTy->getScalarSizeInBits() <= 64)
      continue;
    const bool FPOk = FPTy->isHalfTy() || FPTy->isFloatTy() ||
                      FPTy->isDoubleTy() || (!ToFP && FPTy->isBFloatTy());
    if (IntTy->isVectorTy() || IntTy->getIntegerBitWidth() > 128 || !FPOk) {
      std::string Types;
      raw_string_ostream OS(Types);
      Cast->getSrcTy()->print(OS);
      OS << " to ";
      Cast->getDestTy()->print(OS);
      reportUntranslatable(
          I, "'" + Twine(Cast->getOpcodeName()) + "' from " + Types +
                 " cannot be compiled for NVPTX: LLVM 19 has no "
                 "library call for it and Ferry expands only "
                 "scalar integers of up to 128 bits to or from "
                 "half, float and double");
      ++Errors;
      continue;
    }
    IRBuilder<> B(Cast);
    const bool Signed = Op == Instruction::SIToFP || Op == Instruction::FPToSI;
    Value *R = ToFP ? intToFP(B, Cast->getOperand(0), FPTy, Signed)
                    : fpToInt(B, Cast->getOperand(0), IntTy, Signed);
    R->takeName(Cast);
    Cast->replaceAllUsesWith(R);
    Cast->eraseFromParent();
  }
  return Errors;
}

void expandBoolToBFloat(Function &F) {
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *Cast = dyn_cast<CastInst>(&I);
    if (!Cast || (Cast->getOpcode() != Instruction::UIToFP &&
                  Cast->getOpcode() != Instruction::SIToFP) ||
        !Cast->getSrcTy()->isIntOrIntVectorTy(1) ||
        !Cast->getDestTy()->getScalarType()->isBFloatTy())
      continue;
    // true is 1 unsigned, -1 signed.
    IRBuilder<> B(Cast);
    Type *Ty = Cast->getDestTy();
    Value *R = B.CreateSelect(
        Cast->getOperand(0),
        ConstantFP::get(Ty, Cast->getOpcode() == Instruction::SIToFP ? -1.0 : 1.0),
        ConstantFP::get(Ty, 0.0));
    R->takeName(Cast);
    Cast->replaceAllUsesWith(R);
    Cast->eraseFromParent();
  }
}

} // namespace ferry

//===- IRHelpers.cpp - Exact integer and FP idioms in IR ------------------===//
///
/// \file
/// Implementation of the shared idioms.
///
//===----------------------------------------------------------------------===//
#include "IRHelpers.h"

using namespace llvm;

namespace ferry {

Value *emitSaturate(IRBuilder<> &B, Value *X) {
  Value *Zero = ConstantFP::get(X->getType(), 0.0);
  Value *One = ConstantFP::get(X->getType(), 1.0);
  Value *Min = B.CreateBinaryIntrinsic(Intrinsic::minnum, X, One);
  return B.CreateSelect(B.CreateFCmpOGT(X, Zero), Min, Zero);
}

Value *emitMulHigh(IRBuilder<> &B, Value *A, Value *C, bool Unsigned) {
  unsigned Bits = A->getType()->getIntegerBitWidth();
  Type *Wide = B.getIntNTy(2 * Bits);
  auto Ext = [&](Value *V) {
    return Unsigned ? B.CreateZExt(V, Wide) : B.CreateSExt(V, Wide);
  };
  Value *P = B.CreateMul(Ext(A), Ext(C));
  return B.CreateTrunc(B.CreateLShr(P, Bits), A->getType());
}

Value *emitAbsDiffAdd(IRBuilder<> &B, Value *A, Value *C, Value *D,
                      bool Unsigned) {
  Value *Gt = Unsigned ? B.CreateICmpUGT(A, C) : B.CreateICmpSGT(A, C);
  Value *Diff = B.CreateSelect(Gt, B.CreateSub(A, C), B.CreateSub(C, A));
  return B.CreateAdd(Diff, B.CreateZExtOrTrunc(D, Diff->getType()));
}

Value *emitBytePermute(IRBuilder<> &B, Value *A, Value *C, Value *Sel,
                       bool SignReplicate) {
  Value *Source = B.CreateOr(B.CreateZExt(A, B.getInt64Ty()),
                             B.CreateShl(B.CreateZExt(C, B.getInt64Ty()), 32));
  Value *Result = B.getInt32(0);
  for (unsigned K = 0; K < 4; ++K) {
    Value *Nibble = B.CreateLShr(Sel, 4 * K);
    Value *Shift = B.CreateZExt(B.CreateShl(B.CreateAnd(Nibble, 7), 3), B.getInt64Ty());
    Value *Byte = B.CreateAnd(B.CreateTrunc(B.CreateLShr(Source, Shift), B.getInt32Ty()), 0xff);
    if (SignReplicate) {
      Value *Negative = B.CreateICmpNE(B.CreateAnd(Byte, 0x80), B.getInt32(0));
      Value *Fill = B.CreateSelect(Negative, B.getInt32(0xff), B.getInt32(0));
      Value *Replicate = B.CreateICmpNE(B.CreateAnd(Nibble, 8), B.getInt32(0));
      Byte = B.CreateSelect(Replicate, Fill, Byte);
    }
    Result = B.CreateOr(Result, B.CreateShl(Byte, 8 * K));
  }
  return Result;
}

Value *emitRoundToInt(IRBuilder<> &B, Value *X, Intrinsic::ID Round, Type *IntTy,
                      bool Unsigned) {
  Value *R = B.CreateUnaryIntrinsic(Round, X);
  return B.CreateIntrinsic(Unsigned ? Intrinsic::fptoui_sat : Intrinsic::fptosi_sat,
                           {IntTy, R->getType()}, {R});
}

Value *emitPrivateSlot(IRBuilder<> &B, Type *Ty) {
  Function *F = B.GetInsertBlock()->getParent();
  IRBuilder<> Entry(&F->getEntryBlock(), F->getEntryBlock().getFirstInsertionPt());
  return Entry.CreateAlloca(Ty, /*AddrSpace=*/5, nullptr, "ocml.out");
}

} // namespace ferry

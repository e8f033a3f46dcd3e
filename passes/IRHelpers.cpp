//===- IRHelpers.cpp - Exact integer and FP idioms in IR ------------------===//
///
/// \file
/// Implementation of the shared idioms.
///
//===----------------------------------------------------------------------===//
#include "IRHelpers.h"
#include "ModuleHelpers.h"

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

Value *emitFindNthSet(IRBuilder<> &B, Value *Mask, Value *Base, Value *Offset) {
  Type *I32 = B.getInt32Ty();
  Module &M = *B.GetInsertBlock()->getModule();
  Function *F = getOrCreateHelper(
      M, "__ferry_fns", FunctionType::get(I32, {I32, I32, I32}, false),
      /*Convergent=*/false, [&](Function &F) {
        LLVMContext &Ctx = F.getContext();
        auto *Entry = BasicBlock::Create(Ctx, "entry", &F);
        auto *Search = BasicBlock::Create(Ctx, "search", &F);
        auto *Loop = BasicBlock::Create(Ctx, "skip", &F);
        auto *Found = BasicBlock::Create(Ctx, "found", &F);
        auto *None = BasicBlock::Create(Ctx, "none", &F);
        IRBuilder<> H(Entry);
        Value *Mask = F.getArg(0), *Off = F.getArg(2);
        // Base beyond 31 is undefined in PTX: its low five bits are taken.
        Value *Base = H.CreateAnd(F.getArg(1), 31);
        Value *Up = H.CreateICmpSGT(Off, H.getInt32(0));
        // Offset 0: Base itself if its bit is set.
        Value *AtBase = H.CreateTrunc(H.CreateLShr(Mask, Base), H.getInt1Ty());
        Value *Zero = H.CreateSelect(AtBase, Base, H.getInt32(-1));
        // The bits from Base on in the direction of the search; Skip of
        // them (|Offset| - 1) are passed over.
        Value *Bits = H.CreateSelect(
            Up, H.CreateAnd(Mask, H.CreateShl(H.getInt32(-1), Base)),
            H.CreateAnd(Mask, H.CreateLShr(H.getInt32(-1), H.CreateSub(H.getInt32(31), Base))));
        Value *Skip = H.CreateSub(H.CreateBinaryIntrinsic(Intrinsic::abs, Off, H.getFalse()),
                                  H.getInt32(1));
        Value *Count = H.CreateUnaryIntrinsic(Intrinsic::ctpop, Bits);
        auto *Cases = BasicBlock::Create(Ctx, "offset0", &F, Search);
        H.CreateCondBr(H.CreateICmpEQ(Off, H.getInt32(0)), Cases, Search);
        H.SetInsertPoint(Cases);
        H.CreateRet(Zero);
        H.SetInsertPoint(Search);
        H.CreateCondBr(H.CreateICmpUGT(Count, Skip), Loop, None);
        H.SetInsertPoint(Loop);
        PHINode *Left = H.CreatePHI(I32, 2, "left");
        PHINode *Done = H.CreatePHI(I32, 2, "skipped");
        Left->addIncoming(Bits, Search);
        Done->addIncoming(H.getInt32(0), Search);
        Value *High = H.CreateLShr(H.getInt32(INT32_MIN),
                                   H.CreateBinaryIntrinsic(Intrinsic::ctlz, Left, H.getTrue()));
        Value *Next = H.CreateSelect(Up, H.CreateAnd(Left, H.CreateSub(Left, H.getInt32(1))),
                                     H.CreateAnd(Left, H.CreateNot(High)));
        Left->addIncoming(Next, Loop);
        Done->addIncoming(H.CreateAdd(Done, H.getInt32(1)), Loop);
        H.CreateCondBr(H.CreateICmpEQ(Done, Skip), Found, Loop);
        H.SetInsertPoint(Found);
        Value *Low = H.CreateBinaryIntrinsic(Intrinsic::cttz, Left, H.getTrue());
        Value *Top = H.CreateSub(H.getInt32(31),
                                 H.CreateBinaryIntrinsic(Intrinsic::ctlz, Left, H.getTrue()));
        H.CreateRet(H.CreateSelect(Up, Low, Top));
        H.SetInsertPoint(None);
        H.CreateRet(H.getInt32(-1));
      });
  return B.CreateCall(F, {B.CreateZExtOrTrunc(Mask, I32), B.CreateZExtOrTrunc(Base, I32),
                          B.CreateSExtOrTrunc(Offset, I32)});
}

} // namespace ferry

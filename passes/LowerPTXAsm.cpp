//===- LowerPTXAsm.cpp - Inline PTX templates to IR -----------------------===//
///
/// \file
/// Map §8.12: CUDA headers, Numba and CUDA.jl emit PTX as inline assembly.
/// The common templates (PTXAsm.def) are matched on their normalized text
/// (scopes, line breaks and spacing removed) and replaced by IR; any other
/// asm is left for the final checker, which rejects it with its text.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "PTXBlock.h"
#include "TranslationPasses.h"
#include "WarpBuilder.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-lower-ptx-asm"

using namespace llvm;

namespace ferry {

/// "{ add.f16 $0,$1,$2;\n}" -> "add.f16 $0,$1,$2".
std::string normalizePTX(StringRef Text) {
  std::string Out;
  bool PendingSpace = false;
  for (char C : Text) {
    if (C == '{' || C == '}' || C == ';' || C == '\n' || C == '\t' || C == ' ') {
      if (C == ' ' || C == '\t' || C == '\n')
        PendingSpace = !Out.empty();
      continue;
    }
    if (C == ',') {
      Out += ',';
      PendingSpace = false;
      continue;
    }
    if (PendingSpace && !Out.empty() && Out.back() != ',')
      Out += ' ';
    PendingSpace = false;
    Out += C;
  }
  return Out;
}

namespace {

using AsmHandler = Value *(*)(IntrinsicLowering &, int);

#define FERRY_PTX_ASM(TEXT, HANDLER, ARG) Value *HANDLER(IntrinsicLowering &, int);
#include "PTXAsm.def"

struct AsmRow {
  StringRef Text;
  AsmHandler Fn;
  int Arg;
};
const AsmRow AsmRows[] = {
#define FERRY_PTX_ASM(TEXT, HANDLER, ARG) {TEXT, &HANDLER, ARG},
#include "PTXAsm.def"
};

Type *halfLike(IntrinsicLowering &L, bool BF16) {
  return BF16 ? L.B.getBFloatTy() : L.B.getHalfTy();
}
/// An 'h' (16-bit) operand as a half or bfloat value.
Value *fp16Operand(IntrinsicLowering &L, unsigned I, bool BF16) {
  return L.B.CreateBitCast(L.arg(I), halfLike(L, BF16));
}
Value *bits16(IntrinsicLowering &L, Value *V) {
  return L.B.CreateBitCast(V, L.retType());
}

/// add/sub/mul.{f16,bf16} (Arg: opcode | 0x100 for bf16).
Value *asmBinary16(IntrinsicLowering &L, int Arg) {
  const bool BF16 = Arg & 0x100;
  auto Op = Instruction::BinaryOps(Arg & 0xff);
  return bits16(L, L.B.CreateBinOp(Op, fp16Operand(L, 0, BF16), fp16Operand(L, 1, BF16)));
}

/// fma.rn.{f16,bf16} $0,$1,$2,$3.
Value *asmFma16(IntrinsicLowering &L, int BF16) {
  Value *R = L.B.CreateIntrinsic(Intrinsic::fma, {halfLike(L, BF16)},
                                 {fp16Operand(L, 0, BF16), fp16Operand(L, 1, BF16),
                                  fp16Operand(L, 2, BF16)});
  return bits16(L, R);
}

/// neg (0) / abs (1) .f16.
Value *asmUnary16(IntrinsicLowering &L, int Abs) {
  Value *X = fp16Operand(L, 0, false);
  return bits16(L, Abs ? L.B.CreateUnaryIntrinsic(Intrinsic::fabs, X) : L.B.CreateFNeg(X));
}

/// cvt.rn.{f16,bf16}.f32 (Arg 0 f16, 1 bf16) and cvt.rn.f16.f64 (2).
Value *asmTruncTo16(IntrinsicLowering &L, int Kind) {
  return bits16(L, L.B.CreateFPTrunc(L.arg(0), halfLike(L, Kind == 1)));
}

/// cvt.f32.{f16,bf16} and cvt.f64.f16 (Arg 1: bf16).
Value *asmExtendFrom16(IntrinsicLowering &L, int BF16) {
  return L.B.CreateFPExt(fp16Operand(L, 0, BF16), L.retType());
}

/// mov.b32 $0,{$1,$2}: pack two 16-bit values (first = low half);
/// mov.b32 {$0,$1},$2: unpack into the two 16-bit halves.
Value *asmMove32(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  if (auto *STy = dyn_cast<StructType>(L.retType())) {
    Value *W = B.CreateBitCast(L.arg(0), B.getInt32Ty());
    Value *Lo = B.CreateTrunc(W, B.getInt16Ty());
    Value *Hi = B.CreateTrunc(B.CreateLShr(W, 16), B.getInt16Ty());
    Value *R = B.CreateInsertValue(PoisonValue::get(STy),
                                   B.CreateBitCast(Lo, STy->getElementType(0)), 0);
    return B.CreateInsertValue(R, B.CreateBitCast(Hi, STy->getElementType(1)), 1);
  }
  Value *Lo = B.CreateZExt(B.CreateBitCast(L.arg(0), B.getInt16Ty()), B.getInt32Ty());
  Value *Hi = B.CreateZExt(B.CreateBitCast(L.arg(1), B.getInt16Ty()), B.getInt32Ty());
  return B.CreateBitCast(B.CreateOr(Lo, B.CreateShl(Hi, 16)), L.retType());
}

Value *asmLaneId(IntrinsicLowering &L, int) {
  return L.B.CreateZExtOrTrunc(WarpBuilder(L.B, L.T).lane32(), L.retType());
}

Value *asmLaneMask(IntrinsicLowering &L, int Kind) {
  return lowerLaneMask(L, Kind);
}

Value *asmActiveMask(IntrinsicLowering &L, int) { return lowerActiveMask(L, 0); }

Value *asmNanosleep(IntrinsicLowering &L, int) { return lowerNanosleep(L, 0); }

Value *asmTrap(IntrinsicLowering &L, int Debug) {
  L.B.CreateIntrinsic(Debug ? Intrinsic::debugtrap : Intrinsic::trap, {}, {});
  return nullptr;
}

} // namespace

PreservedAnalyses LowerPTXAsmPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    for (Instruction &I : make_early_inc_range(instructions(F))) {
      auto *CI = dyn_cast<CallInst>(&I);
      if (!CI)
        continue;
      auto *Asm = dyn_cast<InlineAsm>(CI->getCalledOperand());
      if (!Asm)
        continue;
      std::string Text = normalizePTX(Asm->getAsmString());
      const AsmRow *Row = nullptr;
      for (const AsmRow &R : AsmRows)
        if (R.Text == Text)
          Row = &R;
      if (!Row) {
        // Not a fixed template: try the PTX-subset translator; what it cannot
        // translate is rejected by the final checker, with its text.
        if (std::optional<Value *> R = translatePTXBlock(*CI)) {
          if (*R)
            CI->replaceAllUsesWith(*R);
          CI->eraseFromParent();
          Changed = true;
        }
        continue;
      }
      IntrinsicLowering L(*CI, Asm->getAsmString(), T);
      Value *R = Row->Fn(L, Row->Arg);
      L.replaceCall(R);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry

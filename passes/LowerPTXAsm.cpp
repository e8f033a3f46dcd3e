//===- LowerPTXAsm.cpp - Inline PTX to AMDGPU IR --------------------------===//
///
/// \file
/// Map §8.12: CUDA headers, cub, Numba and CUDA.jl emit PTX as inline
/// assembly. Each asm call is translated by the PTX-subset translator
/// (PTXTranslator.h) into NVVM-level IR, whose llvm.nvvm.* calls are then
/// lowered right away by their NVVMIntrinsics.def rows. Asm outside the
/// subset is an error naming the instruction, why, the function and the
/// source location (the call's debug location; clang's !srcloc is a cookie,
/// not a line).
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "PTXParser.h"
#include "PTXTranslator.h"
#include "TranslationPasses.h"
#include "Untranslatable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/InlineAsm.h"
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

/// Lowers a llvm.nvvm.* call the PTX translator emitted through its row.
static void lowerEmittedCall(CallInst &CI, const TranslateTarget &T) {
  Function *Callee = CI.getCalledFunction();
  StringRef Name = Callee->getName();
  if (Intrinsic::ID ID = Callee->getIntrinsicID())
    Name = Intrinsic::getBaseName(ID);
  const IntrinsicRow *Row = findIntrinsicRow(Name);
  if (!Row)
    return; // the final checker names it
  IntrinsicLowering L(CI, Name, T);
  L.replaceCall(Row->Handler ? Row->Handler(L, Row->Arg) : L.fail(Row->Reason));
}

PreservedAnalyses LowerPTXAsmPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  // Each error once, at its first asm call, with how many more calls of
  // the module have it (a header's asm inlined into thousands of places
  // gave thousands of identical errors).
  MapVector<std::string, std::pair<CallInst *, unsigned>, StringMap<unsigned>> Untranslated;
  SmallVector<CallInst *, 16> Failed;
  for (Function &F : M) {
    SmallVector<std::pair<CallInst *, std::string>, 2> Errors;
    SmallVector<CallInst *, 16> Created;
    Changed |= translateInlinePTX(F, Errors, &Created);
    for (CallInst *CI : Created)
      lowerEmittedCall(*CI, T);
    for (auto &[CI, Why] : Errors) {
      auto *Asm = cast<InlineAsm>(CI->getCalledOperand());
      auto [It, New] = Untranslated.insert(
          {"inline PTX cannot be translated: " + Why + " (in asm \"" +
               oneLinePTX(Asm->getAsmString()) + "\")",
           {CI, 0}});
      if (!New)
        ++It->second.second;
      Failed.push_back(CI);
    }
  }
  for (auto &[What, First] : Untranslated)
    reportUntranslatable(*First.first,
                         First.second ? What + "; and " + Twine(First.second) +
                                            " more asm call" + (First.second > 1 ? "s" : "") +
                                            " of the module with it"
                                      : Twine(What));
  for (CallInst *CI : Failed) {
    // Reported: the final checker does not see it again.
    if (!CI->getType()->isVoidTy())
      CI->replaceAllUsesWith(PoisonValue::get(CI->getType()));
    CI->eraseFromParent();
    Changed = true;
  }
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && F.use_empty() && F.getName().starts_with("llvm.nvvm."))
      F.eraseFromParent();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry

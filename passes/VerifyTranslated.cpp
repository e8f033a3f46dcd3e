//===- VerifyTranslated.cpp - Nothing NVVM survives translation -----------===//
///
/// \file
/// Implementation of VerifyTranslatedPass.
///
//===----------------------------------------------------------------------===//
#include "VerifyTranslated.h"
#include "Untranslatable.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-verify-translated"

using namespace llvm;

namespace ferry {

unsigned reportUntranslated(Module &M) {
  unsigned Count = 0;
  LLVMContext &Ctx = M.getContext();
  for (Function &F : M) {
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      if (auto *Asm = dyn_cast<InlineAsm>(CB->getCalledOperand())) {
        // DiagnosticInfoInlineAsm: clang maps the asm's !srcloc to the line
        // of the asm statement; elsewhere the debug location says where.
        std::string Where;
        if (const DebugLoc &DL = I.getDebugLoc())
          Where = (DL->getFilename() + ":" + Twine(DL.getLine()) + ":" +
                   Twine(DL.getCol()) + ": ")
                      .str();
        Ctx.diagnose(DiagnosticInfoInlineAsm(
            I, Where + "in function '" + F.getName() + "': inline assembly '" +
                   Asm->getAsmString() + "' has no AMDGPU translation"));
        ++Count;
        continue;
      }
      Function *Callee = CB->getCalledFunction();
      if (Callee && Callee->getName().starts_with("llvm.nvvm.")) {
        reportUntranslatable(I, "NVVM intrinsic '" + Callee->getName() +
                                    "' has no AMDGPU translation");
        ++Count;
      }
    }
  }
  return Count;
}

PreservedAnalyses VerifyTranslatedPass::run(Module &M, ModuleAnalysisManager &) {
  reportUntranslated(M);
  return PreservedAnalyses::all();
}

} // namespace ferry

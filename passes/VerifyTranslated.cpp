//===- VerifyTranslated.cpp - Nothing NVVM survives translation -----------===//
///
/// \file
/// Implementation of VerifyTranslatedPass.
///
//===----------------------------------------------------------------------===//
#include "VerifyTranslated.h"
#include "PTXParser.h"
#include "Untranslatable.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-verify-translated"

using namespace llvm;

namespace ferry {

/// CUDA device-runtime services that need host-side machinery Ferry's
/// runtime does not provide yet; left alone they would surface as unresolved
/// symbols far from their source.
static StringRef serviceReason(StringRef Name) {
  return StringSwitch<StringRef>(Name)
      .Cases("cudaMalloc", "cudaFree", "cudaDeviceSynchronize",
             "cudaGetDevice", "cudaLaunchDevice",
             "the CUDA device runtime (dynamic parallelism) has no AMDGPU "
             "equivalent")
      .Default("");
}

unsigned reportUntranslated(Module &M) {
  unsigned Count = 0;
  for (Function &F : M) {
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      if (auto *Asm = dyn_cast<InlineAsm>(CB->getCalledOperand())) {
        // The debug location says where (clang's !srcloc is a cookie, not
        // a line); the template is quoted on one line, so one error is one
        // line.
        reportUntranslatable(I, "inline assembly '" + oneLinePTX(Asm->getAsmString()) +
                                    "' has no AMDGPU translation");
        ++Count;
        continue;
      }
      Function *Callee = CB->getCalledFunction();
      if (Callee && Callee->isDeclaration()) {
        StringRef Why = serviceReason(Callee->getName());
        if (!Why.empty()) {
          reportUntranslatable(I, "call to '" + Callee->getName() + "': " + Why);
          ++Count;
          continue;
        }
      }
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

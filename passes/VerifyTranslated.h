//===- VerifyTranslated.h - Nothing NVVM survives translation --*- C++ -*-===//
///
/// \file
/// The last pass of the NVVM->AMDGPU pipeline: every remaining `llvm.nvvm.*`
/// call and every inline-asm call is an error naming the construct, the
/// function and the source location. The AMDGPU backend would otherwise die
/// in instruction selection or, worse, emit something else.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_VERIFYTRANSLATED_H
#define FERRY_PASSES_VERIFYTRANSLATED_H

#include "llvm/IR/PassManager.h"

namespace ferry {

class VerifyTranslatedPass : public llvm::PassInfoMixin<VerifyTranslatedPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Reports the leftovers of \p M; returns how many there were.
unsigned reportUntranslated(llvm::Module &M);

} // namespace ferry

#endif

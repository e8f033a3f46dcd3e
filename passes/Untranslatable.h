//===- Untranslatable.h - The diagnostic for what cannot be translated -*- C++ -*-===//
///
/// \file
/// "file:line:col: in function 'k': <what>" when the IR has a location,
/// "in function 'k': <what>" otherwise. Reported through the LLVMContext, so
/// clang shows it as a compiler error and ferry-translate collects it.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_UNTRANSLATABLE_H
#define FERRY_PASSES_UNTRANSLATABLE_H

#include "llvm/IR/DiagnosticInfo.h"

namespace ferry {

class DiagnosticInfoUntranslatable : public llvm::DiagnosticInfoWithLocationBase {
public:
  DiagnosticInfoUntranslatable(const llvm::Function &F, const llvm::Twine &What,
                               const llvm::DebugLoc &Loc,
                               llvm::DiagnosticSeverity Severity = llvm::DS_Error);
  void print(llvm::DiagnosticPrinter &DP) const override;

private:
  std::string What;
};

/// Reports \p What about instruction \p I (its function and location).
void reportUntranslatable(llvm::Instruction &I, const llvm::Twine &What,
                          llvm::DiagnosticSeverity Severity = llvm::DS_Error);
/// Reports \p What about function \p F.
void reportUntranslatable(llvm::Function &F, const llvm::Twine &What);
/// Reports \p What about global \p GV that no function is to blame for:
/// "file:line: <what>" with the variable's debug location, else "<what>".
void reportUnsupportedGlobal(llvm::GlobalValue &GV, const llvm::Twine &What);

} // namespace ferry

#endif

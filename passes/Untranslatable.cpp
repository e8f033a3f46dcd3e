//===- Untranslatable.cpp - The diagnostic for what cannot be translated --===//
///
/// \file
/// Implementation of DiagnosticInfoUntranslatable.
///
//===----------------------------------------------------------------------===//
#include "Untranslatable.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace ferry {

static const int UntranslatableKind = getNextAvailablePluginDiagnosticKind();

DiagnosticInfoUntranslatable::DiagnosticInfoUntranslatable(
    const Function &F, const Twine &What, const DebugLoc &Loc,
    DiagnosticSeverity Severity)
    : DiagnosticInfoWithLocationBase(DiagnosticKind(UntranslatableKind), Severity,
                                     F, Loc),
      What(What.str()) {}

void DiagnosticInfoUntranslatable::print(DiagnosticPrinter &DP) const {
  if (isLocationAvailable())
    DP << getLocationStr() << ": ";
  DP << "in function '" << getFunction().getName() << "': " << What;
}

void reportUntranslatable(Instruction &I, const Twine &What,
                          DiagnosticSeverity Severity) {
  Function &F = *I.getFunction();
  F.getContext().diagnose(
      DiagnosticInfoUntranslatable(F, What, I.getDebugLoc(), Severity));
}

void reportUntranslatable(Function &F, const Twine &What) {
  DebugLoc Loc;
  if (DISubprogram *SP = F.getSubprogram())
    Loc = DILocation::get(F.getContext(), SP->getLine(), 0, SP);
  F.getContext().diagnose(DiagnosticInfoUntranslatable(F, What, Loc));
}

void reportUnsupportedGlobal(GlobalValue &GV, const Twine &What) {
  std::string Where;
  SmallVector<DIGlobalVariableExpression *, 1> Vars;
  if (auto *Var = dyn_cast<GlobalVariable>(&GV))
    Var->getDebugInfo(Vars);
  if (!Vars.empty() && Vars.front()->getVariable()) {
    DIGlobalVariable *DV = Vars.front()->getVariable();
    Where = (DV->getFilename() + ":" + Twine(DV->getLine()) + ": ").str();
  }
  GV.getContext().emitError(Where + What);
}

} // namespace ferry

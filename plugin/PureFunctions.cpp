//===- PureFunctions.cpp - Functions that only compute a value ------------===//
///
/// \file
/// See PureFunctions.h.
///
//===----------------------------------------------------------------------===//
#include "PureFunctions.h"

#include "DependenceTest.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ferry {
namespace plugin {
namespace {

bool isValue(QualType T) {
  T = T.getCanonicalType();
  return !T->isDependentType() && (T->isArithmeticType() || T->isEnumeralType()) &&
         !T.isVolatileQualified();
}

/// Walks one function body; Pure turns false at the first thing that could
/// reach memory other than the function's own.
class PurityWalk : public RecursiveASTVisitor<PurityWalk> {
public:
  PurityWalk(const FunctionDecl &FD, llvm::SmallPtrSetImpl<const FunctionDecl *> &Open)
      : FD(FD), Open(Open) {}

  bool Pure = true;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (isa<EnumConstantDecl>(D))
      return true;
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      const bool Own = VD->isLocalVarDeclOrParm() && !VD->isStaticLocal() &&
                       VD->getParentFunctionOrMethod() == static_cast<const DeclContext *>(&FD);
      const bool Constant = VD->getType().isConstQualified() &&
                            !VD->getType()->isReferenceType() &&
                            !VD->getType().isVolatileQualified();
      return keep(Own || (VD->hasGlobalStorage() && Constant) ||
                  (VD->isStaticLocal() && Constant));
    }
    if (const auto *Callee = dyn_cast<FunctionDecl>(D))
      return keep(callable(*Callee));
    return keep(false);
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    return keep(Callee && !isa<CXXMemberCallExpr>(E) && !isa<CXXOperatorCallExpr>(E) &&
                callable(*Callee));
  }
  bool VisitCastExpr(CastExpr *E) {
    return keep(E->getCastKind() != CK_IntegralToPointer);
  }
  bool VisitMemberExpr(MemberExpr *) { return keep(false); }
  bool VisitCXXConstructExpr(CXXConstructExpr *) { return keep(false); }
  bool VisitCXXNewExpr(CXXNewExpr *) { return keep(false); }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *) { return keep(false); }
  bool VisitCXXThisExpr(CXXThisExpr *) { return keep(false); }
  bool VisitLambdaExpr(LambdaExpr *) { return keep(false); }
  bool VisitAsmStmt(AsmStmt *) { return keep(false); }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return keep(false); }
  bool VisitCXXTryStmt(CXXTryStmt *) { return keep(false); }
  bool VisitVarDecl(VarDecl *VD) {
    return keep(!VD->isStaticLocal() || VD->getType().isConstQualified());
  }

private:
  const FunctionDecl &FD;
  llvm::SmallPtrSetImpl<const FunctionDecl *> &Open;

  bool keep(bool Ok) {
    Pure = Pure && Ok;
    return Pure; // (false stops the walk)
  }

  bool callable(const FunctionDecl &Callee) {
    const FunctionDecl *Def = nullptr;
    if (Callee.hasBody(Def) && Def)
      return analyse(*Def, Open);
    return Callee.getIdentifier() && isMathCall(Callee.getName());
  }

public:
  static bool analyse(const FunctionDecl &FD, llvm::SmallPtrSetImpl<const FunctionDecl *> &Open);
};

bool PurityWalk::analyse(const FunctionDecl &FD,
                         llvm::SmallPtrSetImpl<const FunctionDecl *> &Open) {
  if (!Open.insert(&FD).second)
    return false; // recursion
  const auto *Method = dyn_cast<CXXMethodDecl>(&FD);
  bool Pure = FD.getBody() && !FD.isVariadic() && !FD.isDependentContext() &&
              !FD.isTemplated() && (!Method || Method->isStatic()) &&
              isValue(FD.getReturnType()) &&
              llvm::all_of(FD.parameters(),
                           [](const ParmVarDecl *P) { return isValue(P->getType()); });
  if (Pure) {
    PurityWalk W(FD, Open);
    W.TraverseStmt(FD.getBody());
    Pure = W.Pure;
  }
  Open.erase(&FD);
  return Pure;
}

} // namespace

bool computesOnlyFromArguments(const FunctionDecl &FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD.hasBody(Def) || !Def)
    return false;
  llvm::SmallPtrSet<const FunctionDecl *, 4> Open;
  return PurityWalk::analyse(*Def, Open);
}

} // namespace plugin
} // namespace ferry

//===- LambdaRoutines.cpp - routine and bind with lambdas -----------------===//
///
/// \file
/// See LambdaRoutines.h.
///
//===----------------------------------------------------------------------===//
#include "LambdaRoutines.h"

#include "Diagnostics.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ferry {
namespace plugin {
namespace {

/// The call operator of the lambda \p VD holds, or null.
CXXMethodDecl *callOperator(const VarDecl &VD) {
  const CXXRecordDecl *Closure = VD.getType().getNonReferenceType()->getAsCXXRecordDecl();
  return Closure && Closure->isLambda() ? Closure->getLambdaCallOperator() : nullptr;
}

void annotate(CXXMethodDecl &Call, StringRef Annotation) {
  ASTContext &C = Call.getASTContext();
  Call.addAttr(AnnotateAttr::CreateImplicit(C, Annotation, nullptr, 0, Call.getSourceRange()));
}

} // namespace

bool annotateLambdaRoutine(const VarDecl &VD, StringRef Annotation) {
  CXXMethodDecl *Call = callOperator(VD);
  if (Call)
    annotate(*Call, (Annotation + ";lambda=" + VD.getName()).str());
  return Call;
}

void LambdaRoutines::routineBefore(const IdentifierInfo *Name, SourceLocation NameLoc,
                                   std::string Annotation) {
  Routines.push_back({Name, NameLoc, std::move(Annotation)});
}

void LambdaRoutines::bindTo(Sema *S, StringRef Name, SourceLocation Loc) {
  if (Name.contains(':'))
    return; // a qualified name: a function, found by the outliner
  if (S && S->getCurScope()) {
    LookupResult R(*S, &S->Context.Idents.get(Name), Loc, Sema::LookupOrdinaryName);
    S->LookupName(R, S->getCurScope());
    if (R.isSingleResult())
      if (auto *VD = dyn_cast<VarDecl>(R.getFoundDecl()))
        if (markTarget(*S, VD, Loc))
          return;
    if (!R.empty())
      return; // a function (or several): the outliner binds by name
  }
  Targets.try_emplace(Name, Loc);
}

bool LambdaRoutines::markTarget(Sema &S, VarDecl *VD, SourceLocation BindLoc) {
  CXXMethodDecl *Call = callOperator(*VD);
  if (!Call)
    return false;
  // The outliner calls the operator with no closure object (a thunk passes
  // none), which is right only when the closure holds nothing.
  if (!Call->getParent()->field_empty()) {
    report(S.getDiagnostics(), BindLoc, Diag::RoutineBindCaptures) << VD->getName();
    return true;
  }
  annotate(*Call, ("ferry.bindtarget;name=" + VD->getName()).str());
  // The target must be emitted even where the host never calls it: code
  // generation, which emits a lambda's call operator only where it is
  // called, gets it as a declaration of its own, marked `used`.
  Call->addAttr(UsedAttr::CreateImplicit(Call->getASTContext()));
  S.Consumer.HandleTopLevelDecl(DeclGroupRef(Call));
  return true;
}

void LambdaRoutines::declared(Sema &S, DeclGroupRef Group) {
  if (Routines.empty() && Targets.empty())
    return;
  for (Decl *D : Group)
    declared(S, D);
}

void LambdaRoutines::declared(Sema &S, Decl *D) {
  if (auto *DC = dyn_cast<DeclContext>(D); DC && isa<NamespaceDecl, LinkageSpecDecl>(D)) {
    for (Decl *Inner : DC->decls())
      declared(S, Inner);
    return;
  }
  auto *VD = dyn_cast<VarDecl>(D);
  if (!VD || !VD->getIdentifier())
    return;
  for (Routine &R : Routines) {
    if (R.Done || R.Name != VD->getIdentifier() || R.NameLoc != VD->getLocation())
      continue;
    R.Done = true;
    if (!annotateLambdaRoutine(*VD, R.Annotation))
      report(S.getDiagnostics(), R.NameLoc, Diag::RoutineNotFunction);
  }
  if (auto It = Targets.find(VD->getName()); It != Targets.end())
    if (markTarget(S, VD, It->second))
      Targets.erase(It);
}

void LambdaRoutines::finish(DiagnosticsEngine &DE) {
  for (Routine &R : Routines)
    if (!R.Done)
      report(DE, R.NameLoc, Diag::RoutineNotFunction);
  Routines.clear();
}

} // namespace plugin
} // namespace ferry

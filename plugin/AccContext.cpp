//===- AccContext.cpp - The handler's state for one compilation ----------===//
///
/// \file
/// See AccContext.h.
///
//===----------------------------------------------------------------------===//
#include "AccContext.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;
using llvm::SmallVector;

namespace ferry {
namespace plugin {

bool isComputeOnly(ConstructKind K) {
  return K == ConstructKind::Parallel || K == ConstructKind::Kernels ||
         K == ConstructKind::Serial;
}

bool AccContext::declaredBefore(const Token &Name) const {
  if (!TheSema || !TheSema->getCurScope() || !Name.getIdentifierInfo())
    return false;
  LookupResult R(*TheSema, Name.getIdentifierInfo(), Name.getLocation(),
                 Sema::LookupOrdinaryName);
  TheSema->LookupName(R, TheSema->getCurScope());
  return R.isSingleResult() && isa<VarDecl>(R.getFoundDecl());
}

VarDecl *AccContext::lookupVariable(const Token &Name) const {
  if (!TheSema || !TheSema->getCurScope() || !Name.getIdentifierInfo())
    return nullptr;
  LookupResult R(*TheSema, Name.getIdentifierInfo(), Name.getLocation(),
                 Sema::LookupOrdinaryName);
  TheSema->LookupName(R, TheSema->getCurScope());
  return R.isSingleResult() ? dyn_cast<VarDecl>(R.getFoundDecl()) : nullptr;
}

int AccContext::markRoutine(ArrayRef<Token> Name, StringRef Annotation) const {
  if (!TheSema || !TheSema->getCurScope() || Name.size() != 1 || !Name[0].getIdentifierInfo())
    return Name.size() == 1 ? 1 : 2;
  LookupResult R(*TheSema, Name[0].getIdentifierInfo(), Name[0].getLocation(),
                 Sema::LookupOrdinaryName);
  TheSema->LookupName(R, TheSema->getCurScope());
  unsigned Functions = 0;
  bool Member = false;
  for (NamedDecl *ND : R) {
    auto *FD = dyn_cast<FunctionDecl>(ND->getUnderlyingDecl());
    if (!FD)
      continue;
    ++Functions;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic())
      Member = true;
    FD->addAttr(AnnotateAttr::CreateImplicit(TheSema->Context, Annotation, nullptr, 0,
                                             FD->getSourceRange()));
  }
  return Functions == 0 ? 0 : Functions == 1 && !Member ? 1 : 2;
}

bool AccContext::inFunction() const {
  return !TheSema || !TheSema->CurContext || TheSema->CurContext->isFunctionOrMethod();
}

void AccContext::addDeclared(const VarDecl *VD, const Clause &C, const VarRef &V) {
  auto One = std::make_unique<Clause>();
  One->Kind = C.Kind;
  One->Loc = C.Loc;
  One->Vars.push_back(V);
  Declared.emplace_back(VD, std::move(One));
}

SmallVector<const Clause *, 4> AccContext::declaredUsedIn(ArrayRef<Token> Body) const {
  SmallVector<const Clause *, 4> Out;
  if (Declared.empty())
    return Out;
  llvm::SmallPtrSet<const IdentifierInfo *, 16> Names;
  for (const Token &T : Body)
    if (T.is(tok::identifier))
      Names.insert(T.getIdentifierInfo());
  for (const auto &[VD, C] : Declared) {
    const Token &Name = C->Vars[0].Name;
    if (Names.count(Name.getIdentifierInfo()) && lookupVariable(Name) == VD)
      Out.push_back(C.get());
  }
  return Out;
}

std::optional<ConstructKind> AccContext::enclosingCompute() const {
  for (auto It = Open.rbegin(); It != Open.rend(); ++It)
    if (It->D->Kind != ConstructKind::Data)
      return It->D->Kind;
  return std::nullopt;
}

OpenConstruct *AccContext::enclosingComputeConstruct() {
  for (auto It = Open.rbegin(); It != Open.rend(); ++It)
    if (isComputeOnly(It->D->Kind))
      return &*It;
  return nullptr;
}

SmallVector<OpenConstruct *, 4> AccContext::enclosingLoops() {
  SmallVector<OpenConstruct *, 4> Loops;
  for (OpenConstruct &O : Open)
    if (O.D->isLoop())
      Loops.push_back(&O);
  return Loops;
}

llvm::StringSet<> AccContext::sectionedNames(Preprocessor &PP) const {
  llvm::StringSet<> Names;
  for (const OpenConstruct &O : Open)
    for (const Clause &C : O.D->Clauses)
      if (isDataClause(C.Kind) && C.Kind != ClauseKind::Deviceptr)
        for (const VarRef &V : C.Vars)
          if (!V.Sections.empty())
            Names.insert(PP.getSpelling(V.Name));
  return Names;
}

const Clause *AccContext::enclosingDataDefault() const {
  for (auto It = Open.rbegin(); It != Open.rend(); ++It)
    if (It->D->Kind == ConstructKind::Data)
      if (const Clause *C = It->D->find(ClauseKind::Default))
        return C;
  return nullptr;
}

llvm::SmallVector<const Clause *, 8> AccContext::enclosingDataClauses() const {
  llvm::SmallVector<const Clause *, 8> Clauses;
  for (auto It = Open.rbegin(); It != Open.rend(); ++It)
    if (It->D->Kind == ConstructKind::Data)
      for (const Clause &C : It->D->Clauses)
        if (isDataClause(C.Kind))
          Clauses.push_back(&C);
  return Clauses;
}

} // namespace plugin
} // namespace ferry

//===- LoopPrivates.cpp - Private copies of array sections ----------------===//
///
/// \file
/// See LoopPrivates.h.
///
//===----------------------------------------------------------------------===//
#include "LoopPrivates.h"

#include "ConstructPieces.h"
#include "Diagnostics.h"
#include "LoopPieces.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// A variable-length array named whole is the section of all its elements
/// (it cannot be captured by copy).
static void addWholeSection(Preprocessor &PP, VarRef &V) {
  TokenBuilder Length(PP, V.Name.getLocation());
  Length.code("sizeof(")
      .tokens(V.Name)
      .code(") / sizeof((")
      .tokens(V.Name)
      .code(")[0])");
  ArraySection S;
  S.Length.append(Length.get().begin(), Length.get().end());
  S.ColonLoc = V.Name.getLocation();
  V.Sections.push_back(std::move(S));
}

bool LoopPrivates::collect(PrivateSection::Scope Of) {
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Private && C.Kind != ClauseKind::Firstprivate)
      continue;
    for (const VarRef &Item : C.Vars) {
      VarRef V = Item;
      if (V.Vla && V.Sections.empty())
        addWholeSection(PP, V);
      if (V.Sections.empty() || V.isMember())
        continue;
      if (V.Sections.size() > 1) {
        // Of an array: the whole array is copied (captured by copy).
        if (const VarDecl *VD = Ctx.lookupVariable(V.Name);
            VD && VD->getType()->isPointerType()) {
          report(PP, V.Name.getLocation(), Diag::PrivatePointerSection)
              << PP.getSpelling(V.Name) << spelling(C.Kind);
          return false;
        }
        continue;
      }
      PrivateSection P;
      P.First = C.Kind == ClauseKind::Firstprivate;
      P.Of = Of;
      P.Var = V;
      P.Name = "__ferry_private_" + std::to_string(Ctx.nextPrivateId());
      Own.push_back(std::move(P));
    }
  }
  return true;
}

bool LoopPrivates::checkNotOrphaned() const {
  if (Own.empty())
    return true;
  const VarRef &V = Own.front().Var;
  report(PP, V.Name.getLocation(), Diag::PrivateSectionOrphaned)
      << PP.getSpelling(V.Name)
      << (Own.front().First ? "firstprivate" : "private");
  return false;
}

bool LoopPrivates::isSection(const VarRef &V) const {
  for (const PrivateSection &P : Own)
    if (P.Var.Name.getIdentifierInfo() == V.Name.getIdentifierInfo())
      return true;
  return false;
}

std::vector<VarRef> LoopPrivates::firstprivateSources() const {
  std::vector<VarRef> Sources;
  for (const auto *List : {&Own, &Nested})
    for (const PrivateSection &P : *List)
      if (P.First)
        Sources.push_back(P.Var);
  return Sources;
}

std::vector<std::string> LoopPrivates::copyNames() const {
  std::vector<std::string> Names;
  for (const auto *List : {&Own, &Nested})
    for (const PrivateSection &P : *List)
      Names.push_back(P.Name);
  return Names;
}

OpenConstruct *LoopPrivates::owner() const {
  OpenConstruct *Owner = nullptr;
  for (OpenConstruct *O : Ctx.enclosingLoops())
    if (O->Level)
      Owner = O;
  return Owner ? Owner : Ctx.enclosingRegion();
}

void LoopPrivates::giveOwnToOwner() const {
  if (Own.empty())
    return;
  if (OpenConstruct *Owner = owner())
    Owner->Privates.insert(Owner->Privates.end(), Own.begin(), Own.end());
}

void LoopPrivates::handOver(OpenConstruct *To, PrivateSection::Scope Of) {
  for (auto *List : {&Own, &Nested})
    for (PrivateSection &P : *List) {
      P.Of = Of;
      if (To)
        To->Privates.push_back(P);
    }
}

/// The ferry::acc::private_scope of each PrivateSection::Scope.
static const char *const PrivateScopeNames[] = {
    "::ferry::acc::private_scope::gang",
    "::ferry::acc::private_scope::work_item",
    "::ferry::acc::private_scope::worker"};

void LoopPrivates::emitCopies(TokenBuilder &B) const {
  B.code("::ferry::acc::private_layout __ferry_privates;");
  for (const auto *List : {&Own, &Nested})
    for (const PrivateSection &P : *List)
      emitCopy(B, P);
}

void LoopPrivates::emitCopy(TokenBuilder &B, const PrivateSection &P) const {
  const ArraySection &S = P.Var.Sections.front();
  const std::string Name = PP.getSpelling(P.Var.Name);
  const std::string Text = std::string(P.First ? "firstprivate(" : "private(") +
                           Name + "[" + spellingOf(PP, S.Lower) + ":" +
                           spellingOf(PP, S.Length) + "])";
  B.code("auto " + P.Name + " = ::ferry::acc::private_section<")
      .code(P.First ? "true," : "false,")
      .code(PrivateScopeNames[P.Of])
      .code(">(__ferry_region, __ferry_privates,")
      .string(Text)
      .code(",");
  if (P.Var.Vla) // no template sees its type: its first element's address
    B.code("&(").tokens(P.Var.Name).code(")[0]");
  else
    B.tokens(P.Var.Name);
  B.code(", (");
  emitLowerBound(B, S);
  B.code("), (");
  if (S.Length.empty()) // `a[lo:]` of an array: to its end
    B.code("sizeof(")
        .tokens(P.Var.Name)
        .code(") / sizeof((")
        .tokens(P.Var.Name)
        .code(")[0]) - (")
        .tokens(S.Lower.empty() ? ArrayRef<Token>() : ArrayRef<Token>(S.Lower))
        .code(S.Lower.empty() ? "0)" : ")");
  else
    B.tokens(S.Length);
  B.code("));");
}

void LoopPrivates::emitBindings(TokenBuilder &B) const {
  for (const PrivateSection &S : Own)
    B.code("auto")
        .tokens(S.Var.Name)
        .code("= " + S.Name + ".bind(__ferry_frame);");
}

void LoopPrivates::injectWithBindings(ArrayRef<Token> Loop) const {
  TokenBuilder B(PP, PragmaLoc);
  if (!Own.empty()) {
    B.code("{");
    emitBindings(B);
  }
  B.tokens(Loop);
  if (!Own.empty())
    B.code("}");
  B.inject();
}

} // namespace plugin
} // namespace ferry

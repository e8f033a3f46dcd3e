//===- LoopDependence.cpp - The dependence test of a loop construct -------===//
///
/// \file
/// See LoopDependence.h.
///
//===----------------------------------------------------------------------===//
#include "LoopDependence.h"

#include "DependenceTest.h"
#include "Diagnostics.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// \p Body with each loop of \p Nested that was rewritten put back as
/// written (loops nested in those are in \p Nested too).
static TokenList asWritten(ArrayRef<Token> Body, ArrayRef<InnerLoop> Nested) {
  TokenList Out(Body.begin(), Body.end());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const InnerLoop &I : Nested) {
      auto At = llvm::find_if(Out, [&](const Token &T) {
        return T.getLocation() == I.RewrittenAt;
      });
      if (At == Out.end() || size_t(Out.end() - At) < I.RewrittenTokens)
        continue;
      At = Out.erase(At, At + I.RewrittenTokens);
      Out.insert(At, I.Original.begin(), I.Original.end());
      Changed = true;
    }
  }
  return Out;
}

/// The spellings of the variables of \p D's clauses of the kinds \p Of
/// (members left out).
static llvm::StringSet<> namesIn(Preprocessor &PP, const Directive &D,
                                 std::initializer_list<ClauseKind> Of) {
  llvm::StringSet<> Names;
  for (const Clause &C : D.Clauses)
    if (llvm::is_contained(Of, C.Kind))
      for (const VarRef &V : C.Vars)
        if (!V.isMember())
          Names.insert(PP.getSpelling(V.Name));
  return Names;
}

std::string findLoopDependence(Preprocessor &PP, AccContext &Ctx,
                               const Directive &D, const CanonicalLoop &L,
                               ArrayRef<InnerLoop> Nested) {
  llvm::StringSet<> Reductions;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        Reductions.insert(PP.getSpelling(V.Name));
  CanonicalLoop Written = L;
  Written.Body = asWritten(L.Body, Nested);
  // Arrays named with a section in a data clause, and variables of array
  // type: distinct, non-overlapping objects.
  llvm::StringSet<> Mapped = Ctx.sectionedNames(PP);
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind) && C.Kind != ClauseKind::Deviceptr)
      for (const VarRef &V : C.Vars)
        if (!V.Sections.empty() && !V.isMember())
          Mapped.insert(PP.getSpelling(V.Name));
  for (const auto &Name : Ctx.arrayObjects(Written.Body))
    Mapped.insert(Name.getKey());
  // Its private variables and sections: each executor's own copies.
  llvm::StringSet<> Privates =
      namesIn(PP, D, {ClauseKind::Private, ClauseKind::Firstprivate});
  return findDependence(PP, Written, Mapped, Reductions, Privates);
}

bool proveNestIndependent(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                          ArrayRef<CanonicalLoop> Nest,
                          ArrayRef<InnerLoop> Nested) {
  for (const CanonicalLoop &L : Nest) {
    const std::string Why = findLoopDependence(PP, Ctx, D, L, Nested);
    if (Why.empty())
      continue;
    if (Ctx.missedRemarks())
      report(PP, D.Loc, Diag::RegionRemark)
          << "'" + spelling(D.Kind).str() + "' over '" + PP.getSpelling(L.Var) +
                 "'" + (Nest.size() > 1 ? " (a level of its nest)" : "") +
                 " not parallelized: " + Why +
                 "; its iterations run in order (write 'independent' if they "
                 "are)";
    return false;
  }
  return true;
}

} // namespace plugin
} // namespace ferry

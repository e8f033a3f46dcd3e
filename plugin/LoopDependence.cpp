//===- LoopDependence.cpp - The dependence test of a loop construct -------===//
///
/// \file
/// See LoopDependence.h.
///
//===----------------------------------------------------------------------===//
#include "LoopDependence.h"

#include "DependenceTest.h"
#include "Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ferry {
namespace plugin {

TokenList asWritten(ArrayRef<Token> Body, ArrayRef<InnerLoop> Nested) {
  TokenList Out(Body.begin(), Body.end());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const InnerLoop &I : Nested) {
      // (A loop C runs in order inside the iteration is there as written.)
      if (!I.Original.empty() && I.Original.front().getLocation() == I.RewrittenAt)
        continue;
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

namespace {

/// The scalars that the gang (or worker) running a region's iteration
/// shares, which OpenACC gives one copy for all its work-items: those the
/// iteration declares, those of the `private` and `firstprivate` clauses of
/// the loops around and of their compute construct, and the local scalars
/// declared before a `parallel` or `serial` construct that no data or
/// reduction clause names (firstprivate there).
class GangScalars {
public:
  GangScalars(Preprocessor &PP, AccContext &Ctx, const Directive &D) : PP(PP), Ctx(Ctx) {
    llvm::SmallVector<const Directive *, 4> Around;
    for (const OpenConstruct *O : Ctx.enclosingLoops()) {
      if (O->D == &D)
        continue;
      if (O->LexedLoop)
        addDeclaredInBody(*O->LexedLoop, Declared);
      Around.push_back(O->D);
    }
    if (const OpenConstruct *C = Ctx.enclosingComputeConstruct())
      Around.push_back(C->D);
    for (const Directive *A : Around) {
      Firstprivate &= A->Kind != ConstructKind::Kernels && A->Kind != ConstructKind::KernelsLoop;
      for (const Clause &C : A->Clauses)
        addNames(C, C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate
                        ? Private
                        : Named);
    }
    for (const Clause *C : Ctx.enclosingDataClauses())
      addNames(*C, Named);
    Ctx.addControlLocals(Control);
  }

  /// Whose scalar \p T is ("declared in the iteration around it", ...), or
  /// null where it is not the gang's.
  const char *whose(const Token &T) const {
    if (Declared.count(T.getIdentifierInfo()))
      return "a scalar declared in the iteration around it";
    const std::string Name = PP.getSpelling(T);
    if (Private.contains(Name))
      return "a scalar private to the gang running the iteration around it";
    if (!Firstprivate || Named.contains(Name) || Control.count(T.getIdentifierInfo()))
      return nullptr;
    const VarDecl *V = Ctx.lookupVariable(T);
    if (!V || !V->hasLocalStorage() || !V->getType()->isScalarType())
      return nullptr;
    return "a scalar declared before the compute construct, which makes it firstprivate: one "
           "copy per gang";
  }

private:
  void addNames(const Clause &C, llvm::StringSet<> &To) {
    if (C.Kind != ClauseKind::Reduction && C.Kind != ClauseKind::Private &&
        C.Kind != ClauseKind::Firstprivate && !isDataClause(C.Kind))
      return;
    for (const VarRef &V : C.Vars)
      if (!V.isMember())
        To.insert(PP.getSpelling(V.Name));
  }

  Preprocessor &PP;
  AccContext &Ctx;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Declared, Control;
  llvm::StringSet<> Private, Named;
  bool Firstprivate = true;
};

} // namespace

std::string findIterationScalarUpdate(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                                      const CanonicalLoop &L, std::string &How) {
  const GangScalars OfGang(PP, Ctx, D);
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Own;
  addDeclaredInBody(L.Body, Own);
  Own.insert(L.Var.getIdentifierInfo());
  // The variable of a `for` in the body that its header assigns (`int k;`
  // ... `for (k = 0; ...)`, C89's style): each iteration starts it anew.
  addForHeaderVariables(L.Body, Own);
  const llvm::StringSet<> Named = namesIn(
      PP, D, {ClauseKind::Private, ClauseKind::Firstprivate, ClauseKind::Reduction});
  ArrayRef<Token> Body = L.Body;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (!T.is(tok::identifier) || Own.count(T.getIdentifierInfo()) ||
        Named.contains(PP.getSpelling(T)) ||
        (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
        (I + 1 < Body.size() && Body[I + 1].isOneOf(tok::l_square, tok::period, tok::arrow)))
      continue;
    const bool Atomic = Ctx.atomicTarget(T.getLocation());
    const bool Assigned = I + 1 < Body.size() && Body[I + 1].is(tok::equal);
    const bool Updated =
        (I + 1 < Body.size() && !Assigned && isUpdateOperator(Body[I + 1])) ||
        (I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus));
    if (!Atomic && !Updated && (!Assigned || assignedFirst(Body, T, /*Unconditionally=*/true)))
      continue;
    const char *Whose = OfGang.whose(T);
    if (!Whose)
      continue;
    How = (Atomic    ? "updates '" + PP.getSpelling(T) + "' atomically"
           : Updated ? "updates '" + PP.getSpelling(T) + "'"
                     : "assigns '" + PP.getSpelling(T) + "' under a condition") +
          ", " + Whose;
    return PP.getSpelling(T);
  }
  return {};
}

bool updatesIterationScalar(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                            const CanonicalLoop &L) {
  std::string How;
  const std::string Name = findIterationScalarUpdate(PP, Ctx, D, L, How);
  if (Name.empty())
    return false;
  if (Ctx.missedRemarks())
    report(PP, D.Loc, Diag::RegionRemark)
        << "'" + spelling(D.Kind).str() + "' over '" + PP.getSpelling(L.Var) +
               "' not parallelized: it " + How +
               "; OpenACC shares such a variable among the work-items of the gang and Ferry "
               "keeps it on each work-item; its iterations run in order inside each "
               "iteration of the loop around it (a 'reduction' clause for a sum or count, or '" +
               Name + "' declared inside the loop where each iteration has its own, spreads them)";
  return true;
}

std::string findLoopDependence(Preprocessor &PP, AccContext &Ctx,
                               const Directive &D, const CanonicalLoop &L,
                               ArrayRef<InnerLoop> Nested, OverlapPairs *Assumed) {
  llvm::StringSet<> Reductions;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        Reductions.insert(PP.getSpelling(V.Name));
  CanonicalLoop Written = L;
  Written.Body = asWritten(L.Body, Nested);
  // What is known of the memory of the arrays it indexes: sections of the
  // construct's clauses or an enclosing construct's (ranges the launch can
  // compare), variables of array type, restrict pointers.
  LoopMemory Memory;
  for (const auto &Entry : Ctx.sectionedPointers(PP, &D))
    Memory.Sections.insert(Entry.getKey());
  Ctx.addArrayObjects(Written.Body, Memory.Arrays, Memory.Restrict);
  // Its private variables and sections: each executor's own copies.
  llvm::StringSet<> Privates =
      namesIn(PP, D, {ClauseKind::Private, ClauseKind::Firstprivate});
  // The functions of the program it calls that only compute a value.
  llvm::StringSet<> PureCalls;
  for (size_t I = 0; I + 1 < Written.Body.size(); ++I)
    if (Written.Body[I].is(tok::identifier) && Written.Body[I + 1].is(tok::l_paren) &&
        !isMathCall(PP.getSpelling(Written.Body[I])) && Ctx.namesPureFunction(Written.Body[I]))
      PureCalls.insert(PP.getSpelling(Written.Body[I]));
  // Integer variables declared outside the body that may be index
  // variables (an iteration's copy by its variable's type).
  llvm::StringSet<> WideIntegers;
  for (const Token &T : Written.Body) {
    if (T.isNot(tok::identifier))
      continue;
    StringRef Name = T.getIdentifierInfo()->getName();
    Token Of = T;
    if (Name.starts_with(LastValuePrefix))
      Of.setIdentifierInfo(PP.getIdentifierInfo(Name.drop_front(LastValuePrefix.size())));
    if (const VarDecl *VD = Ctx.lookupVariable(Of)) {
      QualType Ty = VD->getType().getNonReferenceType();
      if (Ty->isIntegerType() && !Ty->isBooleanType() && !Ty->isEnumeralType() &&
          VD->getASTContext().getTypeSize(Ty) >= 32)
        WideIntegers.insert(Name);
    }
  }
  OverlapPairs Found;
  std::string Why = findDependence(PP, Written, Memory, Assumed ? &Found : nullptr, Reductions,
                                   Privates, PureCalls, WideIntegers);
  if (!Why.empty() || !Assumed)
    return Why;
  // Each pair read as one array (B renamed A): independent so, the launch
  // need not run the loop in order where the two pointers are equal. A pair
  // another loop of the region took already keeps that only where both are
  // independent so.
  for (OverlapPair &P : Found) {
    CanonicalLoop One = Written;
    IdentifierInfo *A = PP.getIdentifierInfo(P.A);
    for (size_t K = 0; K < One.Body.size(); ++K)
      if (One.Body[K].is(tok::identifier) &&
          One.Body[K].getIdentifierInfo()->getName() == P.B &&
          !(K > 0 && One.Body[K - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)))
        One.Body[K].setIdentifierInfo(A);
    OverlapPairs Others;
    P.SameBaseIndependent = findDependence(PP, One, Memory, &Others, Reductions, Privates,
                                           PureCalls, WideIntegers)
                                .empty();
    if (auto It = llvm::find(*Assumed, P); It != Assumed->end())
      It->SameBaseIndependent &= P.SameBaseIndependent;
    else
      Assumed->push_back(std::move(P));
  }
  return Why;
}

std::string findLoopConflict(Preprocessor &PP, const Directive &D, const CanonicalLoop &L,
                             ArrayRef<InnerLoop> Nested, bool &Conditional) {
  CanonicalLoop Written = L;
  Written.Body = asWritten(L.Body, Nested);
  return findCertainConflict(PP, Written, namesIn(PP, D, {ClauseKind::Reduction}),
                             namesIn(PP, D, {ClauseKind::Private, ClauseKind::Firstprivate}),
                             Conditional);
}

std::string findPivotConflict(Preprocessor &PP, const CanonicalLoop &L,
                              ArrayRef<InnerLoop> Nested, std::string &Tail) {
  CanonicalLoop Written = L;
  Written.Body = asWritten(L.Body, Nested);
  return findTriangularConflict(PP, Written, Tail);
}

bool proveNestIndependent(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                          ArrayRef<CanonicalLoop> Nest, ArrayRef<InnerLoop> Nested,
                          OverlapPairs &Assumed) {
  for (const CanonicalLoop &L : Nest) {
    const std::string Why = findLoopDependence(PP, Ctx, D, L, Nested, &Assumed);
    if (Why.empty())
      continue;
    if (Ctx.missedRemarks())
      report(PP, D.Loc, Diag::RegionRemark)
          << (D.Implicit ? implicitName(D) : "'" + spelling(D.Kind).str() + "'") +
                 " over '" + PP.getSpelling(L.Var) +
                 "'" + (Nest.size() > 1 ? " (a level of its nest)" : "") +
                 " not parallelized: " + Why + "; its iterations run in order (" +
                 (D.Implicit ? "put '#pragma acc loop independent' before it"
                             : "write 'independent'") +
                 " if they are)";
    return false;
  }
  return true;
}

bool quietHeader(Preprocessor &PP, SourceLocation Loc, ArrayRef<Token> Header,
                 CanonicalLoop &L) {
  // A header that is not canonical is the program's business, not an error.
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  const bool Suppressed = Diags.getSuppressAllDiagnostics();
  Diags.setSuppressAllDiagnostics(true);
  const bool Canonical = CanonicalLoopParser(PP, Loc).header(Header, L);
  Diags.setSuppressAllDiagnostics(Suppressed);
  return Canonical;
}

/// The `for` statement that is all of \p Body (braces around it allowed),
/// parsed into \p L without diagnostics; false when it is not one.
static bool wholeBodyLoop(Preprocessor &PP, SourceLocation Loc, ArrayRef<Token> Body,
                          CanonicalLoop &L) {
  while (Body.size() >= 2 && Body.front().is(tok::l_brace) && groupEnd(Body, 0) == Body.size())
    Body = Body.drop_front().drop_back();
  if (Body.size() < 4 || !Body[0].is(tok::kw_for) || !Body[1].is(tok::l_paren) ||
      statementEnd(Body, 0) != Body.size())
    return false;
  const size_t Close = groupEnd(Body, 1);
  ArrayRef<Token> Stmt = Body.drop_front(Close);
  for (const Token &T : Stmt)
    if (T.isOneOf(tok::kw_break, tok::kw_goto, tok::kw_return))
      return false;
  if (!quietHeader(PP, Loc, Body.slice(2, Close - 3), L))
    return false;
  L.Body.assign(Stmt.begin(), Stmt.end());
  return true;
}

std::string controlLoopDependence(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                                  ArrayRef<Token> Stmt, std::string &Var,
                                  OverlapPairs *Assumed) {
  CanonicalLoop L;
  if (!wholeBodyLoop(PP, D.Loc, Stmt, L))
    return "it is not a canonical loop";
  Var = PP.getSpelling(L.Var);
  return findLoopDependence(PP, Ctx, D, L, {}, Assumed);
}

void joinPlainLoops(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                    SmallVectorImpl<CanonicalLoop> &Nest, OverlapPairs &Assumed) {
  for (;;) {
    CanonicalLoop Inner;
    if (!wholeBodyLoop(PP, D.Loc, Nest.back().Body, Inner))
      return;
    // Rectangular, and proven with the outer variables fixed.
    if (outerVariableIn(Inner, Nest) ||
        !findLoopDependence(PP, Ctx, D, Inner, {}, &Assumed).empty())
      return;
    Nest.push_back(std::move(Inner));
  }
}

} // namespace plugin
} // namespace ferry

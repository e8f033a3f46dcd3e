//===- LastValues.cpp - Scalars each iteration assigns before use ---------===//
///
/// \file
/// privatizeAssignedScalars (ImplicitLoops.h): a scalar temporary of a
/// plain `kernels` loop, declared before the construct (C89's style), is
/// assigned by every iteration before it is read; sharing it would make
/// the loop a race, so the dependence test refused it. Each iteration
/// gets a copy of its own, and the last iteration of the nest hands its
/// value to the variable, as the sequential loop leaves it. The same
/// rewriting (withAssignedScalarsPrivate) serves the loop constructs of
/// `kernels` as lexed, their nested loops rewritten already
/// (LoopConstruct::privatizeLexedTemporaries).
///
//===----------------------------------------------------------------------===//
#include "CanonicalLoop.h"
#include "DependenceTest.h"
#include "ImplicitLoops.h"
#include "LoopDependence.h"
#include "TokenBuilder.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

const char *comparison(StringRef Cmp) {
  return Cmp == "lt" ? "<" : Cmp == "le" ? "<=" : Cmp == "gt" ? ">" : Cmp == "ge" ? ">=" : "!=";
}

bool names(const Token &T, const IdentifierInfo *Name) {
  return T.is(tok::identifier) && T.getIdentifierInfo() == Name;
}

class LastValues {
public:
  LastValues(Preprocessor &PP, AccContext &Ctx, SourceLocation Loc,
             const SmallPtrSetImpl<const IdentifierInfo *> &Named)
      : PP(PP), Ctx(Ctx), Loc(Loc), Named(Named) {}

  /// Appends the `for` statement \p Stmt to \p Out, rewritten; \p Last: the
  /// condition that the enclosing loops are in their last iterations (empty
  /// for the outermost).
  void loop(ArrayRef<Token> Stmt, TokenList &Out, ArrayRef<Token> Last) {
    const size_t Close = Stmt.size() > 2 && Stmt[1].is(tok::l_paren) ? groupEnd(Stmt, 1) : 0;
    CanonicalLoop L;
    ArrayRef<Token> Body = Stmt.drop_front(Close);
    // A block, or a `for` alone (a nest without braces).
    const bool Block = Body.size() >= 2 && Body.front().is(tok::l_brace) &&
                       groupEnd(Body, 0) == Body.size();
    const bool Nest = !Body.empty() && Body.front().is(tok::kw_for) &&
                      statementEnd(Body, 0) == Body.size();
    if (!Close || Stmt[0].isNot(tok::kw_for) || !(Block || Nest) || jumps(Body) ||
        !quietHeader(PP, Loc, Stmt.slice(2, Close - 3), L)) {
      Out.append(Stmt.begin(), Stmt.end());
      return;
    }
    // The nest is in its last iteration: this loop's next value fails its
    // condition, and the enclosing loops are in theirs.
    TokenBuilder Cond(PP, Loc);
    if (!Last.empty())
      Cond.tokens(Last).code("&&");
    Cond.code("!((").tokens(L.Var).code(L.NegativeStep ? ") - (" : ") + (").tokens(L.Step)
        .code(std::string(") ") + comparison(L.Cmp) + " (").tokens(L.Bound).code("))");
    TokenList MyLast(Cond.get().begin(), Cond.get().end());
    if (Nest) {
      Out.append(Stmt.begin(), Stmt.begin() + Close);
      Enclosing.push_back(L.Var.getIdentifierInfo());
      loop(Body, Out, MyLast);
      Enclosing.pop_back();
      return;
    }
    Enclosing.push_back(L.Var.getIdentifierInfo());

    ArrayRef<Token> Inner = Body.drop_front().drop_back();
    SmallVector<const IdentifierInfo *, 4> Own = assignedFirst(Inner);
    TokenList Renamed;
    for (size_t I = 0; I < Inner.size(); ++I) {
      const Token &T = Inner[I];
      if (T.is(tok::identifier) && is_contained(Own, T.getIdentifierInfo()) && !member(Inner, I))
        append(Renamed, TokenBuilder(PP, Loc).code(copyName(T)).get());
      else
        Renamed.push_back(T);
    }
    Out.append(Stmt.begin(), Stmt.begin() + Close);
    Out.push_back(Body.front());
    for (const IdentifierInfo *X : Own)
      append(Out, TokenBuilder(PP, Loc)
                      .code("__typeof__(" + X->getName().str() + ") " + copyName(X) + ";")
                      .get());
    // The `for` statements at the top of the body, with this loop's
    // condition of the last iteration.
    for (size_t S = 0; S < Renamed.size();) {
      const size_t E = std::max(statementEnd(Renamed, S), S + 1);
      ArrayRef<Token> Part = ArrayRef<Token>(Renamed).slice(S, E - S);
      if (Part.front().is(tok::kw_for))
        loop(Part, Out, MyLast);
      else
        Out.append(Part.begin(), Part.end());
      S = E;
    }
    if (!Own.empty()) {
      TokenBuilder Hand(PP, Loc);
      Hand.code("if (").tokens(MyLast).code(") {");
      for (const IdentifierInfo *X : Own)
        Hand.code(X->getName().str() + " = " + copyName(X) + ";");
      Hand.code("}");
      append(Out, Hand.get());
    }
    Out.push_back(Body.back());
    Enclosing.pop_back();
  }

private:
  Preprocessor &PP;
  AccContext &Ctx;
  SourceLocation Loc;
  const SmallPtrSetImpl<const IdentifierInfo *> &Named;
  SmallVector<const IdentifierInfo *, 4> Enclosing; ///< the loops' variables

  static void append(TokenList &Out, ArrayRef<Token> Toks) {
    Out.append(Toks.begin(), Toks.end());
  }
  static std::string copyName(const IdentifierInfo *X) {
    return (LastValuePrefix + X->getName()).str();
  }
  static std::string copyName(const Token &T) { return copyName(T.getIdentifierInfo()); }

  static bool jumps(ArrayRef<Token> Body) {
    return any_of(Body, [](const Token &T) {
      return T.isOneOf(tok::kw_break, tok::kw_continue, tok::kw_goto, tok::kw_return);
    });
  }

  /// Whether Body[I] names a member, or a scope's name (`.x`, `->x`, `::x`).
  static bool member(ArrayRef<Token> Body, size_t I) {
    return (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
           (I + 1 < Body.size() && Body[I + 1].is(tok::coloncolon));
  }

  /// The scalars that a statement at the top of \p Body assigns (`x = e;`,
  /// or in both branches of an `if`/`else`: `if (c) x = a; else x = b;`)
  /// before anything else in \p Body names them: local, non-const,
  /// arithmetic, declared before the construct, named in no data clause,
  /// not a loop's variable, never declared or used as a member in \p Body.
  SmallVector<const IdentifierInfo *, 4> assignedFirst(ArrayRef<Token> Body) const {
    SmallVector<const IdentifierInfo *, 4> Own;
    SmallPtrSet<const IdentifierInfo *, 16> Seen;
    for (size_t S = 0; S < Body.size();) {
      const size_t E = std::max(statementEnd(Body, S), S + 1);
      SmallVector<size_t, 4> At;
      assignsFirst(Body, S, std::min(E, Body.size()), At);
      for (size_t I : At) {
        const IdentifierInfo *X = Body[I].getIdentifierInfo();
        if (!Seen.count(X) && !is_contained(Own, X) && privatizable(Body, I))
          Own.push_back(X);
      }
      for (size_t I = S; I < E && I < Body.size(); ++I)
        if (Body[I].is(tok::identifier))
          Seen.insert(Body[I].getIdentifierInfo());
      S = E;
    }
    return Own;
  }

  /// The variables statement [\p S, \p E) of \p Body assigns before it names
  /// them otherwise, by the index of such an assignment in \p At: `x = e;`
  /// (e not naming x), the first ones of a block, and those both branches
  /// of an `if`/`else` assign that its condition does not name.
  static void assignsFirst(ArrayRef<Token> Body, size_t S, size_t E, SmallVectorImpl<size_t> &At) {
    if (E - S >= 4 && Body[S].is(tok::identifier) && Body[S + 1].is(tok::equal) &&
        Body[E - 1].is(tok::semi)) {
      if (none_of(Body.slice(S + 2, E - S - 2),
                  [&](const Token &T) { return names(T, Body[S].getIdentifierInfo()); }))
        At.push_back(S);
      return;
    }
    if (Body[S].is(tok::l_brace) && groupEnd(Body, S) == E) {
      SmallPtrSet<const IdentifierInfo *, 8> Seen;
      for (size_t T = S + 1; T + 1 < E;) {
        const size_t F = std::min(std::max(statementEnd(Body, T), T + 1), E - 1);
        SmallVector<size_t, 4> Here;
        assignsFirst(Body, T, F, Here);
        for (size_t I : Here)
          if (!Seen.count(Body[I].getIdentifierInfo()))
            At.push_back(I);
        for (size_t I = T; I < F; ++I)
          if (Body[I].is(tok::identifier))
            Seen.insert(Body[I].getIdentifierInfo());
        T = F;
      }
      return;
    }
    if (Body[S].is(tok::kw_if) && S + 1 < E && Body[S + 1].is(tok::l_paren)) {
      const size_t Cond = groupEnd(Body, S + 1);
      const size_t Then = statementEnd(Body, Cond);
      if (Then >= E || Body[Then].isNot(tok::kw_else))
        return; // (without `else`, not on every path)
      SmallVector<size_t, 4> First, Second;
      assignsFirst(Body, Cond, Then, First);
      assignsFirst(Body, Then + 1, E, Second);
      for (size_t I : First) {
        const IdentifierInfo *X = Body[I].getIdentifierInfo();
        if (any_of(Second, [&](size_t J) { return Body[J].getIdentifierInfo() == X; }) &&
            none_of(Body.slice(S + 1, Cond - S - 1), [&](const Token &T) { return names(T, X); }))
          At.push_back(I);
      }
    }
  }

  bool privatizable(ArrayRef<Token> Body, size_t At) const {
    const IdentifierInfo *X = Body[At].getIdentifierInfo();
    if (Named.count(X) || is_contained(Enclosing, X) || X->getName().starts_with("__"))
      return false;
    const VarDecl *VD = Ctx.lookupVariable(Body[At]);
    if (!VD || VD->hasGlobalStorage() || VD->getType()->isReferenceType() ||
        VD->getType().isConstQualified() || VD->getType().isVolatileQualified() ||
        !isScalarOrDependent(VD->getType()))
      return false;
    // (Declared again in a nested scope, such as the parameter of a nested
    // loop's rewritten body, is that scope's own: renamed with the rest,
    // it still hides the copy there.)
    int Depth = 0;
    for (size_t I = 0; I < Body.size(); ++I) {
      Depth += Body[I].isOneOf(tok::l_brace, tok::l_paren) -
               Body[I].isOneOf(tok::r_brace, tok::r_paren);
      if (names(Body[I], X) && (member(Body, I) || (Depth == 0 && declaredAt(Body, I))))
        return false; // declared again in the body (or not a plain use)
    }
    return true;
  }

  /// Whether Body[I] is declared there: after a type word or a name
  /// (`double t`, `real t`), or after `*`/`&` that follow one of those
  /// (`double *t`; `x * t` is a product unless x names a type).
  bool declaredAt(ArrayRef<Token> Body, size_t I) const {
    auto TypeWord = [](const Token &T) { return isTypeWord(T) || T.is(tok::greater); };
    if (I == 0)
      return false;
    if (TypeWord(Body[I - 1]) || Body[I - 1].is(tok::identifier))
      return true;
    return I > 1 && Body[I - 1].isOneOf(tok::star, tok::amp) &&
           (TypeWord(Body[I - 2]) ||
            (Body[I - 2].is(tok::identifier) && Ctx.namesType(Body[I - 2])));
  }
};

} // namespace

TokenList withAssignedScalarsPrivate(Preprocessor &PP, AccContext &Ctx,
                                     ArrayRef<const Directive *> Constructs,
                                     ArrayRef<Token> Stmt,
                                     ArrayRef<const IdentifierInfo *> LeftAlone) {
  SmallPtrSet<const IdentifierInfo *, 8> Named(LeftAlone.begin(), LeftAlone.end());
  Ctx.addNamedInDataClauses(Stmt, Constructs, /*Members=*/false, Named);
  TokenList Out;
  LastValues(PP, Ctx, Stmt.front().getLocation(), Named).loop(Stmt, Out, {});
  return Out;
}

void privatizeAssignedScalars(Preprocessor &PP, AccContext &Ctx,
                              ArrayRef<const Directive *> Constructs) {
  TokenList Stmt;
  if (!lexStatement(PP, Ctx, Stmt, /*Back=*/false))
    return;
  TokenBuilder(PP, Constructs.front()->Loc)
      .tokens(withAssignedScalarsPrivate(PP, Ctx, Constructs, Stmt))
      .inject();
}

} // namespace plugin
} // namespace ferry

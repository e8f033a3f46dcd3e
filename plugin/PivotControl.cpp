//===- PivotControl.cpp - Pivot loops as host control ---------------------===//
///
/// \file
/// PolyBench-ACC's lu.c marks its pivot loop `loop` in `parallel`:
/// \code
///   #pragma acc parallel
///   {
///     #pragma acc loop
///     for (k = 0; k < n; k++) {
///       #pragma acc loop
///       for (j = k + 1; j < n; j++) A[k][j] = A[k][j] / A[k][k];
///       for (i = k + 1; i < n; i++)
///         #pragma acc loop
///         for (j = k + 1; j < n; j++) A[i][j] = A[i][j] - A[i][k] * A[k][j];
///     }
///   }
/// \endcode
/// Iterations k and k + 1 both write the trailing matrix: run as a region
/// on one gang (LoopConstruct::checkPivotLoop) the factorisation is
/// correct, and 60 times slower than CUDA on an H200 (C: on one work-item,
/// 3 500 times). Where the construct's statement is that one loop and the
/// loop's body holds only loop constructs and plain `for`s whose statement
/// is a loop construct without clauses, Ferry reads the source ahead (the
/// nested directives must not be handled before the decision), finds the
/// conflict with the same test (findTriangularConflict), and then runs the
/// pivot loop on the host as the construct's sequential control: its loop
/// constructs are regions of their own, and a plain `for` around a loop
/// construct is a plain loop of the construct whose nested loop is plain
/// too (its directive dropped; its variable stays private, as a `loop`'s
/// is), so that the pair is one collapsed region where both are proven
/// independent (the trailing update), as in `kernels` over plain loops. The
/// warning says what Ferry does.
///
//===----------------------------------------------------------------------===//
#include "PivotControl.h"

#include "CanonicalLoop.h"
#include "DependenceTest.h"
#include "SourceScanner.h"

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

/// The variable a `for` header's init part assigns (`k` of `k = 0; ...`).
const Token *initVariable(ArrayRef<Token> Header) {
  return headerVariable(Header.take_until([](const Token &T) { return T.is(tok::semi); }));
}

/// The directive (its `#`) before the statement at \p I of the body, if any.
const SourceLocation *directiveAt(const SourceScanner::LoopTokens &L, size_t I) {
  for (const auto &[Loc, At] : L.Directives)
    if (At == I)
      return &Loc;
  return nullptr;
}

/// Whether a directive stands before a statement in [Begin, End).
bool directiveIn(const SourceScanner::LoopTokens &L, size_t Begin, size_t End) {
  return llvm::any_of(L.Directives,
                      [&](const auto &D) { return D.second >= Begin && D.second < End; });
}

/// The body's statements: loop constructs stay; a plain `for` is a loop
/// of the construct (\p PlainLoops), with the directive of a loop
/// construct that is its whole statement dropped (\p Dropped). False for
/// any other statement.
bool classify(const SourceScanner::LoopTokens &L, SmallVectorImpl<SourceLocation> &PlainLoops,
              SmallVectorImpl<SourceLocation> &Dropped,
              SmallVectorImpl<std::pair<SourceLocation, Token>> &Privates) {
  ArrayRef<Token> B = L.Body;
  for (size_t I = 1; I + 1 < B.size();) {
    if (B[I].is(tok::semi)) {
      ++I;
      continue;
    }
    const size_t End = statementEnd(B, I);
    if (!End || End > B.size() - 1 || B[I].isNot(tok::kw_for) || I + 1 >= End ||
        B[I + 1].isNot(tok::l_paren))
      return false;
    if (!directiveAt(L, I)) {
      // A plain `for`: no directive in it, or one loop construct as its
      // statement (in braces or not) with none inside that.
      size_t S = groupEnd(B, I + 1);
      const bool Braced = S < End && B[S].is(tok::l_brace);
      const size_t Inner = Braced ? S + 1 : S;
      if (const SourceLocation *D = directiveAt(L, Inner)) {
        const size_t InnerEnd = statementEnd(B, Inner);
        if (B[Inner].isNot(tok::kw_for) || Inner + 2 >= InnerEnd ||
            B[Inner + 1].isNot(tok::l_paren) || groupEnd(B, Inner + 1) < Inner + 3 ||
            directiveIn(L, Inner + 1, InnerEnd) || InnerEnd != (Braced ? End - 1 : End))
          return false;
        ArrayRef<Token> Header = B.slice(Inner + 2, groupEnd(B, Inner + 1) - Inner - 3);
        const Token *Var = initVariable(Header);
        if (!Var)
          return false;
        Dropped.push_back(*D);
        // (One declared outside: the plain loop's own copy.)
        if (Var == &Header.front())
          Privates.push_back({B[I].getLocation(), *Var});
      } else if (directiveIn(L, I, End)) {
        return false;
      }
      PlainLoops.push_back(B[I].getLocation());
    }
    I = End;
  }
  return true;
}

} // namespace

bool findPivotControl(Preprocessor &PP, AccContext &Ctx, SourceLocation PragmaLoc,
                      SmallVectorImpl<SourceLocation> &PlainLoops) {
  bool Ok;
  SourceScanner Scan(PP, PragmaLoc, Ok);
  SourceScanner::LoopTokens L;
  if (!Ok || !Scan.onlyLoopConstruct(L))
    return false;
  SourceScanner::cook(PP, L.Header);
  SourceScanner::cook(PP, L.Body);
  const Token *Var = initVariable(L.Header);
  SmallVector<SourceLocation, 4> Plain, Dropped;
  SmallVector<std::pair<SourceLocation, Token>, 4> Privates;
  if (!Var || !classify(L, Plain, Dropped, Privates))
    return false;
  CanonicalLoop Pivot;
  Pivot.Var = *Var;
  Pivot.Body.assign(L.Body.begin(), L.Body.end());
  std::string Tail;
  std::string Element = findTriangularConflict(PP, Pivot, Tail);
  if (Element.empty())
    return false;
  Ctx.addPivotControl(L.Directive, {PP.getSpelling(*Var), std::move(Element), std::move(Tail)});
  for (SourceLocation D : Dropped)
    Ctx.addPlainDirective(D);
  for (const auto &[For, Private] : Privates)
    Ctx.addPlainLoopPrivate(For, Private);
  PlainLoops.append(Plain.begin(), Plain.end());
  return true;
}

} // namespace plugin
} // namespace ferry

//===- LoopPieces.cpp - Pieces of a rewritten loop ------------------------===//
///
/// \file
/// See LoopPieces.h.
///
//===----------------------------------------------------------------------===//
#include "LoopPieces.h"

using namespace clang;

namespace ferry {
namespace plugin {

void emitIndexType(TokenBuilder &B, const CanonicalLoop &L, StringRef Name) {
  B.code(("using " + Name + " =").str());
  if (L.VarType.empty())
    B.code("::ferry::acc::index_type_t<decltype(").tokens(L.Var).code(")>");
  else if (L.VarType.size() == 1 && L.VarType[0].is(tok::kw_auto))
    B.code("::ferry::acc::index_type_t<decltype(").tokens(L.Lower).code(")>");
  else
    B.tokens(L.VarType);
  B.code(";");
}

void emitOperandChecks(TokenBuilder &B, const Directive &D) {
  // Operands of data and loop clauses are checked by Sema where they were
  // written; on the host they need no action.
  for (const Clause &C : D.Clauses) {
    for (const VarRef &V : C.Vars) {
      if (C.Kind == ClauseKind::Reduction)
        continue;
      B.code("(void)sizeof(").tokens(V.object());
      for (const ArraySection &S : V.Sections) {
        B.code("[");
        emitLowerBound(B, S);
        B.code("]");
      }
      B.code(");");
      for (const ArraySection &S : V.Sections)
        B.code("(void)sizeof(").tokens(S.Length).code(");");
    }
    if (!C.Expr.empty() && operandKind(C.Kind) == OperandKind::Expr &&
        C.Kind != ClauseKind::Tile) // sizes are checked constants (or '*')
      B.code("(void)sizeof(").tokens(C.Expr).code(");");
  }
}

void emitLowerBound(TokenBuilder &B, const ArraySection &S) {
  if (S.Lower.empty())
    B.code("0");
  else
    B.tokens(S.Lower);
}

void emitBounds(TokenBuilder &B, const CanonicalLoop &L) {
  B.code("(")
      .tokens(L.Lower)
      .code("), (")
      .tokens(L.Bound)
      .code("), (")
      .tokens(L.Step)
      .code(L.NegativeStep ? "), -1," : "), 1,");
}

} // namespace plugin
} // namespace ferry

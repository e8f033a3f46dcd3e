//===- CanonicalLoop.h - The loops OpenACC loop constructs take -*- C++ -*-===//
///
/// \file
/// `for (init; cond; inc) body` in the canonical form OpenACC requires, read
/// from tokens: the variable, its type when the loop declares it, lower
/// bound, bound, step and comparison; and the perfectly nested loops that
/// `collapse(n)` and `tile(...)` join. Every refusal is a diagnostic at the
/// offending token.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_CANONICALLOOP_H
#define FERRY_PLUGIN_CANONICALLOOP_H

#include "Directive.h"

#include "clang/Lex/Preprocessor.h"

namespace ferry {
namespace plugin {

struct CanonicalLoop {
  TokenList VarType; ///< empty when the variable is declared outside the loop
  clang::Token Var;
  TokenList Lower, Bound, Step;
  bool NegativeStep = false;
  const char *Cmp = "lt"; ///< ferry::acc::cmp of `Var Cmp Bound`
  TokenList Body;
};

/// Whether \p T is the identifier \p Var.
bool sameVar(const clang::Token &T, const clang::Token &Var);

/// The token of \p Inner's lower bound, bound or step that names the
/// variable of one of \p Outer (a loop that is not rectangular under them),
/// with that loop in \p Which; null when there is none.
const clang::Token *outerVariableIn(const CanonicalLoop &Inner,
                                    llvm::ArrayRef<CanonicalLoop> Outer,
                                    const CanonicalLoop **Which = nullptr);

/// The variable a `for` header's tokens (between its parentheses) assign
/// first: the name before the first `=` that follows one; null if none.
const clang::Token *headerVariable(llvm::ArrayRef<clang::Token> Header);

/// The end (one past) of the bracketed group that opens at \p I of \p B.
size_t groupEnd(llvm::ArrayRef<clang::Token> B, size_t I);

/// \p E without parentheses around all of it: `(x)` and `((x))` are `x`,
/// `(a) + (b)` stays as it is.
llvm::ArrayRef<clang::Token> withoutParens(llvm::ArrayRef<clang::Token> E);

/// Whether \p A and \p B are the same tokens, spelling for spelling (and
/// not empty).
bool sameSpelling(clang::Preprocessor &PP, llvm::ArrayRef<clang::Token> A,
                  llvm::ArrayRef<clang::Token> B);

/// The end (one past) of the statement that starts at \p I of \p B: a
/// compound statement, `if`/`for`/`while`/`switch` with theirs,
/// `do ... while (c);`, or tokens up to a `;` outside brackets.
size_t statementEnd(llvm::ArrayRef<clang::Token> B, size_t I);

/// How many `for` loops are tightly nested in the `for` statement \p Loop
/// (itself included; braces around a loop allowed), up to \p Most.
unsigned tightlyNestedLoops(llvm::ArrayRef<clang::Token> Loop, unsigned Most);

class CanonicalLoopParser {
public:
  CanonicalLoopParser(clang::Preprocessor &PP, clang::SourceLocation PragmaLoc)
      : PP(PP), PragmaLoc(PragmaLoc) {}

  /// Parses the header `init; cond; inc` (without parentheses) into \p L.
  bool header(llvm::ArrayRef<clang::Token> Header, CanonicalLoop &L);

  /// Extends \p Nest (its outermost loop parsed) to \p Count perfectly
  /// nested rectangular loops, as `collapse(Count)` and
  /// `tile(s1, ..., sCount)` need. With \p Force (`collapse(force: n)`),
  /// statements before and after a nested loop in its parent's body are
  /// allowed: they move into the innermost body, around it, and so run in
  /// every iteration of the collapsed loop (OpenACC 3.3, 2.9.1). \p Clause
  /// names the clause in messages ("collapse(2)", "tile(32, 32)").
  bool nest(unsigned Count, llvm::SmallVectorImpl<CanonicalLoop> &Nest, llvm::StringRef Clause,
            bool Force = false);

private:
  bool condition(llvm::ArrayRef<clang::Token> Cond, CanonicalLoop &L);
  bool increment(llvm::ArrayRef<clang::Token> Inc, CanonicalLoop &L);

  clang::Preprocessor &PP;
  clang::SourceLocation PragmaLoc;
};

} // namespace plugin
} // namespace ferry

#endif

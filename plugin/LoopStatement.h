//===- LoopStatement.h - The `for` statement of a loop construct -*- C++
//-*-===//
///
/// \file
/// Lexes ahead over the `for` statement a loop construct applies to:
/// `for ( header ) body`. The construct stays open (AccContext::Scope)
/// while its body is lexed, so that the loop constructs inside it, handled
/// as the lexer meets them, see it around them and tell it what they need
/// (NestedLoops, their private sections); the statement keeps what they
/// told. The header is then read as a CanonicalLoop.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPSTATEMENT_H
#define FERRY_PLUGIN_LOOPSTATEMENT_H

#include "AccContext.h"
#include "StatementLexer.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace ferry {
namespace plugin {

class LoopStatement {
public:
  LoopStatement(clang::Preprocessor &PP, AccContext &Ctx, clang::SourceLocation PragmaLoc)
      : PP(PP), Ctx(Ctx), PragmaLoc(PragmaLoc) {}

  /// Lexes `for (...)`. False when there is no loop to rewrite: no `for`
  /// (after a diagnostic naming the construct \p D), or a malformed one
  /// (its tokens given back for the parser to report).
  bool readHeader(const Directive &D);
  /// Lexes the body with \p D open in the context, after \p Open has set
  /// the open construct up; keeps what the loops inside told it.
  /// \p InBreakable: a `break` in it leaves a loop in the region, not the
  /// region's loop. \p Lexing: sets up the lexer of the body (nested plain
  /// loops).
  void readBody(const Directive &D, bool InBreakable,
                llvm::function_ref<void(OpenConstruct &)> Open,
                llvm::function_ref<void(StatementLexer &)> Lexing = nullptr);
  /// The loop as a canonical loop (its body the tokens as lexed); false
  /// after a diagnostic, or when the body had errors.
  bool parse(CanonicalLoop &L) const;

  /// `for ( header ) body`, as lexed (the nested loops rewritten).
  const TokenList &tokens() const { return All; }
  /// Replaces the statement by \p Rewritten, whose header is the same.
  void rewrite(TokenList Rewritten) { All = std::move(Rewritten); }
  /// What the loop constructs spread in its iterations told it.
  NestedLoops Nested;
  /// The private sections of the loops inside it.
  std::vector<PrivateSection> NestedPrivates;

private:
  clang::Preprocessor &PP;
  AccContext &Ctx;
  clang::SourceLocation PragmaLoc;
  TokenList All;
  size_t HeaderEnd = 0;  ///< where the body starts in All
  bool Complete = false; ///< the body was lexed without errors
};

} // namespace plugin
} // namespace ferry

#endif

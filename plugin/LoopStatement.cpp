//===- LoopStatement.cpp - The `for` statement of a loop construct --------===//
///
/// \file
/// See LoopStatement.h.
///
//===----------------------------------------------------------------------===//
#include "LoopStatement.h"

#include "Diagnostics.h"
#include "StatementLexer.h"
#include "TokenBuilder.h"

using namespace clang;

namespace ferry {
namespace plugin {

bool LoopStatement::readHeader(const Directive &D) {
  Token For;
  lexInFile(PP, Ctx.directiveLexers(), For);
  if (For.isNot(tok::kw_for)) {
    report(PP, For.getLocation(), Diag::ExpectedLoop) << spelling(D.Kind);
    PP.EnterToken(For, /*IsReinject=*/true);
    return false;
  }
  All.push_back(For);
  // `for` not followed by '(' is malformed C++: give the tokens back for
  // the parser to report.
  if (!StatementLexer(PP, Ctx.directiveLexers(), All).parenthesized() || All.size() < 3 ||
      All[1].isNot(tok::l_paren)) {
    TokenBuilder(PP, PragmaLoc).tokens(All).inject();
    return false;
  }
  HeaderEnd = All.size();
  return true;
}

void LoopStatement::readBody(const Directive &D, bool InBreakable,
                             llvm::function_ref<void(OpenConstruct &)> Open,
                             llvm::function_ref<void(StatementLexer &)> Lexing) {
  AccContext::Scope Scope(Ctx, D);
  Open(Scope.get());
  StatementLexer Lex(PP, Ctx.directiveLexers(), All);
  if (Lexing)
    Lexing(Lex);
  Complete = Lex.statement(InBreakable);
  Nested = std::move(Scope.get().Nested);
  NestedPrivates = std::move(Scope.get().Privates);
}

bool LoopStatement::parse(CanonicalLoop &L) const {
  // All = for ( header ) body
  ArrayRef<Token> Header = ArrayRef<Token>(All).slice(2, HeaderEnd - 3);
  if (!Complete || !CanonicalLoopParser(PP, PragmaLoc).header(Header, L))
    return false;
  L.Body.append(All.begin() + HeaderEnd, All.end());
  return true;
}

} // namespace plugin
} // namespace ferry

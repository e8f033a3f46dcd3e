//===- StatementLexer.cpp - Lexes ahead over one C++ statement ------------===//
///
/// \file
/// Implementation of StatementLexer.
///
//===----------------------------------------------------------------------===//
#include "StatementLexer.h"

#include "Diagnostics.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ferry {
namespace plugin {

namespace {

bool isRawIdentifier(const Token &T, std::initializer_list<StringRef> Names) {
  if (T.isNot(tok::raw_identifier))
    return false;
  for (StringRef N : Names)
    if (T.getRawIdentifier() == N)
      return true;
  return false;
}

/// Whether the file lexer \p L has no token left for the parser: raw
/// tokens, where each line that starts with '#' is a directive that brings
/// none (all but `#include` and its kin, and pragmas, which may).
bool fileEndsAt(const Preprocessor &PP, const Lexer &L) {
  const SourceManager &SM = PP.getSourceManager();
  const StringRef Buffer = L.getBuffer();
  Lexer Raw(SM.getLocForStartOfFile(L.getFileID()), PP.getLangOpts(), Buffer.begin(),
            L.getBufferLocation(), Buffer.end());
  Token T;
  Raw.LexFromRawLexer(T);
  bool InDirective = false;
  while (T.isNot(tok::eof)) {
    if (T.isAtStartOfLine() && T.is(tok::hash)) {
      Raw.LexFromRawLexer(T);
      if (isRawIdentifier(T, {"include", "include_next", "import", "embed", "pragma"}))
        return false;
      InDirective = !T.isAtStartOfLine();
      if (!InDirective)
        continue; // `#` alone on its line
    } else if (T.isAtStartOfLine() || !InDirective) {
      return false;
    }
    Raw.LexFromRawLexer(T);
  }
  return true;
}

/// \p T: an eof token at the end of \p L's file.
void setEndOfFile(const Preprocessor &PP, const Lexer &L, Token &T) {
  T.startToken();
  T.setKind(tok::eof);
  T.setLocation(PP.getSourceManager().getLocForEndOfFile(L.getFileID()));
}

} // namespace

DirectiveLexerScope::DirectiveLexerScope(DirectiveLexers &Running, Preprocessor &PP,
                                         PragmaIntroducerKind Kind)
    : Running(Running), PP(PP) {
  // (`_Pragma` and `__pragma` are handled by the preprocessor, not a lexer.)
  if (Kind == PIK_HashPragma && PP.getCurrentLexer()) {
    Running.Lexers.push_back(PP.getCurrentLexer());
    Pushed = true;
    WasIncremental = PP.isIncrementalProcessingEnabled();
    PP.enableIncrementalProcessing();
  }
}

DirectiveLexerScope::~DirectiveLexerScope() {
  if (!Pushed)
    return;
  const auto *L = static_cast<const Lexer *>(Running.Lexers.pop_back_val());
  PP.enableIncrementalProcessing(WasIncremental);
  // A directive in the statement of another from the same file, at its end
  // (refused at once, or one that brings no tokens): that handler lexes on,
  // and a header's lexer would end under it; an eof token stops it first.
  if (Running.contains(L) && PP.getCurrentLexer() == L && fileEndsAt(PP, *L)) {
    Token T;
    setEndOfFile(PP, *L, T);
    PP.EnterToken(T, /*IsReinject=*/true);
  }
}

void DirectiveLexers::forgetClose(SourceLocation End) {
  if (auto It = llvm::find(PendingCloses, End); It != PendingCloses.end())
    PendingCloses.erase(It);
}

void DirectiveLexers::afterToken(Preprocessor &PP, const Token &T) const {
  if (PendingCloses.empty() || !T.getLocation().isFileID() || T.isAnnotation())
    return;
  const auto Ends = llvm::count(PendingCloses, T.getLocation());
  if (!Ends)
    return;
  llvm::erase(PendingCloses, T.getLocation());
  auto Braces = std::make_unique<Token[]>(Ends);
  for (unsigned I = 0; I < unsigned(Ends); ++I) {
    Braces[I].startToken();
    Braces[I].setKind(tok::r_brace);
    Braces[I].setLocation(T.getLocation());
    Braces[I].setLength(T.getLength());
  }
  PP.EnterTokenStream(std::move(Braces), Ends, /*DisableMacroExpansion=*/true,
                      /*IsReinject=*/true);
}

void lexInFile(Preprocessor &PP, const DirectiveLexers &Running, Token &T) {
  // Tokens of a macro or a token stream come first (no current file lexer):
  // they end without ending a file; so does a file no handler waits for.
  const auto *L = static_cast<const Lexer *>(PP.getCurrentLexer());
  if (!L || !Running.contains(L) || !fileEndsAt(PP, *L)) {
    PP.Lex(T);
    Running.afterToken(PP, T);
    return;
  }
  setEndOfFile(PP, *L, T);
}

/// The next token, left in the stream. Not Preprocessor::LookAhead: looking
/// ahead in the preprocessor's caching mode would run the pragma handler of
/// a nested `#pragma acc` there, and the handler lexes on its own.
Token StatementLexer::peek() {
  Token T;
  lexInFile(PP, Running, T);
  PP.EnterToken(T, /*IsReinject=*/true);
  return T;
}

bool StatementLexer::continuesWith(tok::TokenKind K) {
  if (!Out.empty()) {
    const SourceManager &SM = PP.getSourceManager();
    const SourceLocation Last = SM.getExpansionRange(Out.back().getLocation()).getEnd();
    std::optional<Token> Raw = Lexer::findNextToken(Last, SM, PP.getLangOpts());
    if (Raw && Raw->is(tok::hash) && Raw->isAtStartOfLine())
      return false;
  }
  return peek().is(K);
}

bool StatementLexer::next(Token &T) {
  lexInFile(PP, Running, T);
  if (T.is(tok::eof)) {
    report(PP, T.getLocation(), Diag::UnexpectedEnd);
    PP.EnterToken(T, /*IsReinject=*/true); // the parser must still see the end
    return false;
  }
  // Kept even when refused: on an error the tokens go back to the parser.
  Out.push_back(T);
  if (Compute) {
    // What device code cannot do, at the token that does it.
    if (T.isOneOf(tok::kw_throw, tok::kw_try)) {
      report(PP, T.getLocation(), Diag::ExceptionInRegion) << PP.getSpelling(T);
      return false;
    }
  }
  return true;
}

bool StatementLexer::expect(tok::TokenKind K) {
  Token T;
  if (!next(T))
    return false;
  if (T.is(K))
    return true;
  // Not our business to diagnose: Sema will, once the tokens are back.
  return true;
}

bool StatementLexer::parenthesized() {
  Token T;
  if (!next(T))
    return false;
  if (T.isNot(tok::l_paren))
    return true; // malformed C++; the parser reports it later
  return rest(T, /*Group=*/true);
}

/// Consumes the tokens after \p First (already in Out): up to the bracket
/// that closes \p First when \p Group, else up to the ';' that ends a simple
/// statement.
bool StatementLexer::rest(Token First, bool Group) {
  unsigned Depth = 0;
  Token T = First;
  for (;;) {
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      if (Depth > 0)
        --Depth;
      if (Depth == 0 && Group)
        return true;
    } else if (Depth == 0 && T.is(tok::semi))
      return true;
    if (!next(T))
      return false;
  }
}

void StatementLexer::rewriteIfPlainLoop() {
  if (PlainLoops.empty() && DeviceStatements.empty())
    return;
  Token Ahead = peek();
  if (auto It = llvm::find(DeviceStatements, Ahead.getLocation());
      It != DeviceStatements.end()) {
    DeviceStatements.erase(It);
    DeviceStatement(Ahead);
    return;
  }
  if (Ahead.isNot(tok::kw_for))
    return;
  // Only the written `for` itself: the rewritten tokens that come back
  // carry the locations of its nested loops, never its own again.
  auto It = llvm::find(PlainLoops, Ahead.getLocation());
  if (It == PlainLoops.end())
    return;
  PlainLoops.erase(It);
  PlainLoop(Ahead);
}

void StatementLexer::forgetPlainLoops(SourceLocation First, SourceLocation Last) {
  const SourceManager &SM = PP.getSourceManager();
  auto Inside = [&](SourceLocation L) {
    return !SM.isBeforeInTranslationUnit(L, First) && !SM.isBeforeInTranslationUnit(Last, L);
  };
  llvm::erase_if(PlainLoops, Inside);
  llvm::erase_if(DeviceStatements, Inside);
}

bool StatementLexer::statement(bool InBreakable) {
  ++Nesting;
  bool OK = statementIn(InBreakable);
  if (--Nesting)
    return OK;
  // The whole statement: its jumps stay in it (a label of a switch's case,
  // `goto done;` to the end of the iteration, as LULESH writes).
  for (const Token &Label : Gotos)
    if (OK && !Labels.count(Label.getIdentifierInfo())) {
      report(PP, Label.getLocation(), Diag::GotoInRegion) << PP.getSpelling(Label);
      OK = false;
    }
  Gotos.clear();
  Labels.clear();
  return OK;
}

bool StatementLexer::statementIn(bool InBreakable) {
  rewriteIfPlainLoop();
  // A construct needs a statement: a '}' here closes the enclosing block.
  if (Token Ahead = peek(); Ahead.is(tok::r_brace)) {
    report(PP, Ahead.getLocation(), Diag::ExpectedStatement);
    return false;
  }
  Token T;
  if (!next(T))
    return false;
  switch (T.getKind()) {
  case tok::l_brace:
    while (peek().isNot(tok::r_brace)) {
      if (peek().is(tok::eof)) {
        report(PP, peek().getLocation(), Diag::UnexpectedEnd);
        return false;
      }
      if (!statement(InBreakable))
        return false;
    }
    return next(T);
  case tok::kw_for:
  case tok::kw_while:
  case tok::kw_switch:
    return parenthesized() && statement(/*InBreakable=*/true);
  case tok::kw_if:
    if (peek().is(tok::kw_constexpr) && !next(T))
      return false;
    if (!parenthesized() || !statement(InBreakable))
      return false;
    if (continuesWith(tok::kw_else))
      return next(T) && statement(InBreakable);
    return true;
  case tok::kw_do:
    return statement(/*InBreakable=*/true) && expect(tok::kw_while) &&
           parenthesized() && expect(tok::semi);
  case tok::kw_try:
    if (!statement(InBreakable))
      return false;
    while (continuesWith(tok::kw_catch))
      if (!next(T) || !parenthesized() || !statement(InBreakable))
        return false;
    return true;
  case tok::kw_case:
  case tok::kw_default: {
    // A label: everything up to its ':' and then the labeled statement.
    while (peek().isNot(tok::colon))
      if (!next(T))
        return false;
    return next(T) && statement(InBreakable);
  }
  case tok::kw_break:
    if (!InBreakable) {
      report(PP, T.getLocation(), Diag::BreakInLoop);
      return false;
    }
    return rest(T, /*Group=*/false);
  case tok::kw_return:
    if (ReturnAllowed)
      return rest(T, /*Group=*/false);
    report(PP, T.getLocation(), Diag::ReturnInRegion);
    return false;
  case tok::kw_goto: {
    // `goto label;` (not GNU's computed `goto *p;`).
    Token Label;
    if (!next(Label))
      return false;
    if (Label.isNot(tok::identifier) || peek().isNot(tok::semi)) {
      report(PP, T.getLocation(), Diag::GotoInRegion) << PP.getSpelling(Label);
      return false;
    }
    Gotos.push_back(Label);
    return rest(Label, /*Group=*/false);
  }
  case tok::semi:
    return true;
  default:
    return otherStatement(T, InBreakable);
  }
}

/// The statement that starts with \p T where it is none of the keywords'
/// (statementIn): a pragma the parser took at statement level, a label, an
/// expression or a declaration.
bool StatementLexer::otherStatement(Token T, bool InBreakable) {
  switch (T.getKind()) {
  case tok::annot_pragma_loop_hint:
    // `#pragma unroll`, `#pragma clang loop ...`, `#pragma GCC unroll`:
    // the parser's token for the hint, then the loop it applies to.
    return statement(InBreakable);
  case tok::annot_pragma_openmp:
  case tok::annot_attr_openmp:
    // An OpenMP directive (-fopenmp): its tokens up to its end, clauses
    // and all (`#pragma omp for schedule(static, 1)`), then the statement
    // it applies to, if one follows (a standalone `barrier` may end a block).
    while (peek().isNot(tok::annot_pragma_openmp_end))
      if (!next(T))
        return false;
    return next(T) && (peek().is(tok::r_brace) || statement(InBreakable));
  default:
    break;
  }
  // Another pragma the parser took at statement level (`#pragma STDC
  // FP_CONTRACT`): a token of its own, standing for itself.
  if (tok::isPragmaAnnotation(T.getKind()))
    return true;
  // A label, `done:`, and the statement it labels (none before a `}`, as
  // C23 and C++23 allow).
  if (T.is(tok::identifier) && peek().is(tok::colon)) {
    Labels.insert(T.getIdentifierInfo());
    Token Colon;
    if (!next(Colon))
      return false;
    return peek().is(tok::r_brace) || statement(InBreakable);
  }
  return rest(T, /*Group=*/false);
}

} // namespace plugin
} // namespace ferry

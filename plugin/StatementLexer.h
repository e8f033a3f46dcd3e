//===- StatementLexer.h - Lexes ahead over one C++ statement ---*- C++ -*-===//
///
/// \file
/// Reads exactly one statement from the preprocessor (compound statements,
/// brace-less nested statements, if/else, do/while, try/catch), keeping every
/// token, and reports jumps that would leave a compute region.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_STATEMENTLEXER_H
#define FERRY_PLUGIN_STATEMENTLEXER_H

#include "Directive.h"

#include "clang/Lex/Preprocessor.h"

#include <functional>

namespace ferry {
namespace plugin {

/// The file lexers of the `#pragma acc` lines whose handlers are running,
/// innermost last (a directive in a construct's statement runs the handler
/// again, from the same file or one it includes). The handler's AccContext
/// keeps them for its compilation.
class DirectiveLexers {
public:
  /// Whether \p L read a directive whose handler is running.
  bool contains(const clang::PreprocessorLexer *L) const {
    return llvm::is_contained(Lexers, L);
  }

  /// C: a `}` enters the token stream right after the token of the file at
  /// \p End is lexed, by the parser or by a directive's handler (the end of
  /// a data construct's statement that is no block, which Ferry's `{`
  /// opened); forgetClose takes it back.
  void closeAfter(clang::SourceLocation End) { PendingCloses.push_back(End); }
  void forgetClose(clang::SourceLocation End);
  /// Enters the braces due after \p T (lexInFile and the parser's tokens).
  void afterToken(clang::Preprocessor &PP, const clang::Token &T) const;

private:
  friend class DirectiveLexerScope;
  llvm::SmallVector<const clang::PreprocessorLexer *, 4> Lexers;
  mutable llvm::SmallVector<clang::SourceLocation, 4> PendingCloses;
};

/// While the handler of a `#pragma acc` line runs: the file lexer that read
/// the line is on the call stack (it called the handler, and runs on when
/// the handler returns), so lexInFile must not end its file. Keeps that
/// lexer in \p Running meanwhile. A directive, a macro's or a rewrite's
/// tokens can still carry the lexing on to the end of the main file (a
/// nested directive that brings no tokens, the last token of a token
/// stream): the preprocessor then keeps the main file's lexer (incremental
/// processing, for the handler's time), which returns eof tokens instead of
/// being destroyed under its caller.
class DirectiveLexerScope {
public:
  DirectiveLexerScope(DirectiveLexers &Running, clang::Preprocessor &PP,
                      clang::PragmaIntroducerKind Kind);
  ~DirectiveLexerScope();
  DirectiveLexerScope(const DirectiveLexerScope &) = delete;
  DirectiveLexerScope &operator=(const DirectiveLexerScope &) = delete;

private:
  DirectiveLexers &Running;
  clang::Preprocessor &PP;
  bool Pushed = false;
  bool WasIncremental = false;
};

/// PP.Lex for a pragma handler that reads past its directive: at the end of
/// the file of a directive whose handler is running (one of \p Running;
/// nothing left there but whitespace, comments and directives that bring no
/// tokens), an eof token at that end, and the preprocessor left as it is.
/// Lexing on would end that file and destroy its lexer while it waits for
/// the handler to return.
void lexInFile(clang::Preprocessor &PP, const DirectiveLexers &Running, clang::Token &T);

class StatementLexer {
public:
  /// \p Compute: the statement is device code (a compute region), where
  /// exceptions are errors; a data construct's is not.
  /// \p Running: the directives being handled (lexInFile).
  StatementLexer(clang::Preprocessor &PP, const DirectiveLexers &Running, TokenList &Out,
                 bool Compute = true)
      : PP(PP), Running(Running), Out(Out), Compute(Compute) {}

  /// A data construct's statement (host code, whose data scope a `return`
  /// leaves as the block's end does): `return` is allowed there.
  void allowReturn() { ReturnAllowed = true; }

  /// Lexes one statement. \p InBreakable: a `break` here leaves a loop or
  /// switch nested in the region (allowed) rather than the region's loop.
  /// A `goto` must go to a label of the statement.
  /// Returns false after reporting an error.
  bool statement(bool InBreakable);

  /// Lexes a parenthesized group, starting at its '('.
  bool parenthesized();

  /// `kernels`, `parallel`: the `for` statements at \p Locs (SourceScanner::plainLoops)
  /// are handed to \p Rewrite when they come, which lexes and rewrites
  /// each (as a `loop` construct) and puts its tokens back for this lexer.
  void rewritePlainLoops(llvm::ArrayRef<clang::SourceLocation> Locs,
                         std::function<void(const clang::Token &For)> Rewrite) {
    PlainLoops.assign(Locs.begin(), Locs.end());
    PlainLoop = std::move(Rewrite);
  }
  /// Host control: the statements at \p Locs (SourceScanner::deviceStatements)
  /// are handed to \p Rewrite when they come (each becomes a region of one
  /// work-item), as plain loops are.
  void rewriteDeviceStatements(llvm::ArrayRef<clang::SourceLocation> Locs,
                               std::function<void(const clang::Token &First)> Rewrite) {
    DeviceStatements.assign(Locs.begin(), Locs.end());
    DeviceStatement = std::move(Rewrite);
  }
  /// The plain loops and device statements between \p First and \p Last (a
  /// statement that became a region with them inside) are no longer this
  /// lexer's to rewrite.
  void forgetPlainLoops(clang::SourceLocation First, clang::SourceLocation Last);

private:
  bool statementIn(bool InBreakable);
  bool otherStatement(clang::Token T, bool InBreakable);
  bool next(clang::Token &T);
  clang::Token peek();
  /// Whether the statement lexed so far may go on with \p K (`else`,
  /// `catch`): false when a preprocessor directive comes first, without
  /// lexing it (a `#pragma acc` after a braceless `if` belongs to the next
  /// statement, and peeking would run its handler inside this construct).
  bool continuesWith(clang::tok::TokenKind K);
  bool expect(clang::tok::TokenKind K);
  bool rest(clang::Token First, bool Group);

  /// Whether the statement that comes is one of PlainLoops or
  /// DeviceStatements (then it is rewritten, once).
  void rewriteIfPlainLoop();

  clang::Preprocessor &PP;
  const DirectiveLexers &Running;
  TokenList &Out;
  bool Compute;
  bool ReturnAllowed = false;
  unsigned Nesting = 0; ///< of statement() calls
  /// The labels a `goto` of the statement names, and those it defines.
  llvm::SmallVector<clang::Token, 2> Gotos;
  llvm::SmallPtrSet<const clang::IdentifierInfo *, 4> Labels;
  llvm::SmallVector<clang::SourceLocation, 4> PlainLoops;
  std::function<void(const clang::Token &For)> PlainLoop;
  llvm::SmallVector<clang::SourceLocation, 4> DeviceStatements;
  std::function<void(const clang::Token &First)> DeviceStatement;
};

} // namespace plugin
} // namespace ferry

#endif

//===- SourceScanner.h - A construct's statement, read ahead ----*- C++ -*-===//
///
/// \file
/// Reads a compute construct's statement in the source text with a raw
/// lexer, before its nested directives are handled (lexing ahead through
/// the preprocessor would run their handlers before the construct is set
/// up), to tell how the construct can run.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_SOURCESCANNER_H
#define FERRY_PLUGIN_SOURCESCANNER_H

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"

#include <optional>

namespace ferry {
namespace plugin {

class SourceScanner {
public:
  /// Reads from \p Start (the `#` of the directive); \p Ok is false where
  /// the source cannot be read (a directive from a macro expansion).
  SourceScanner(clang::Preprocessor &PP, clang::SourceLocation Start, bool &Ok);

  /// At the directive: true when the statement after it is a block of loop
  /// constructs (in nested blocks too) and empty statements; std::nullopt
  /// where it cannot tell (macros, other directives).
  std::optional<bool> loopsOnly();

  /// Set before loopsOnly or hostControl on a `kernels` construct: its
  /// plain `for` statements (no directive inside them) count as loops, and
  /// their `for` tokens are collected in plainLoops(): in `kernels`, Ferry
  /// treats them as `loop` constructs without clauses.
  void takePlainLoops(clang::Preprocessor &ThePP) { PP = &ThePP; }
  llvm::ArrayRef<clang::SourceLocation> plainLoops() const { return PlainLoops; }
  /// Plain loops whose body is a sequence of two or more plain loops (a time
  /// step, a pivot loop), found by loopsOnly.
  bool sawLoopsOfLoops() const { return LoopsOfLoops; }
  /// Set before hostControl: plain loops whose body is plain loops only are
  /// read as sequential control (the loops in them are plain loops), and
  /// collected in controlLoops(): each runs as host control, or as a loop
  /// if its iterations are proven independent (decided when it is lexed).
  void takeControlLoops() { ControlLoops = true; }
  llvm::ArrayRef<clang::SourceLocation> controlLoops() const { return ControlLoopLocs; }

  /// At the directive: true when the statement after it is a block that
  /// holds `loop` constructs and whose other code is sequential control the
  /// host can run between them: scalar declarations and assignments,
  /// conditions, loops, and calls of std::swap/min/max and C math. False
  /// when that code subscripts, dereferences, accesses members, calls other
  /// functions or names one of \p Shared (variables whose device copy the
  /// construct uses); std::nullopt where it cannot tell.
  std::optional<bool> hostControl(const llvm::StringSet<> &Shared);
  /// At a directive: whether the statement after it is a plain `for`
  /// statement (no directive inside it); \p ThenBrace: a `}` follows it.
  bool plainLoopAfter(clang::Preprocessor &ThePP, bool &ThenBrace);

private:
  clang::Token next();
  void unget(const clang::Token &T);
  static bool is(const clang::Token &T, llvm::StringRef Word);
  /// After an opening token: to its matching close.
  bool balanced(clang::tok::TokenKind Open, clang::tok::TokenKind Close);
  /// The words of a directive line after its `#`.
  llvm::SmallVector<llvm::StringRef, 4> line();
  /// Skips one statement (the one that starts with \p First).
  bool statement();
  bool statement(clang::Token First);
  std::optional<bool> block();
  /// A plain loop of `kernels` at \p For: a `for` statement without a
  /// directive in it (read by a scanner of its own).
  bool plainLoop(const clang::Token &For);
  /// How many plain loops make up the body of \p For, a plain loop (0: it
  /// holds something else).
  unsigned loopsInside(const clang::Token &For);

  std::optional<clang::Lexer> Raw;
  clang::Token Ahead;
  bool HasAhead = false;
  bool SawDirective = false; ///< a `#` line or `_Pragma` since it was cleared
  clang::Preprocessor *PP = nullptr; ///< set: plain loops count as loops
  llvm::SmallVector<clang::SourceLocation, 4> PlainLoops;
  bool LoopsOfLoops = false;
  bool ControlLoops = false;
  llvm::SmallVector<clang::SourceLocation, 4> ControlLoopLocs;
};

} // namespace plugin
} // namespace ferry

#endif

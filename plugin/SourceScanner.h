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

#include "PragmaMacros.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/StringSaver.h"

#include <optional>

namespace ferry {
namespace plugin {

class SourceScanner {
public:
  /// Reads from \p Start (the `#` of the directive, or the `_Pragma` of one
  /// written with it: from the macro invocation in the source that expands
  /// to it, PragmaMacros.h); \p Ok is false where the source cannot be read
  /// (a directive from another macro expansion).
  SourceScanner(clang::Preprocessor &PP, clang::SourceLocation Start, bool &Ok);

  /// At the directive: true when the statement after it is a block of loop
  /// constructs (in nested blocks too) and empty statements; std::nullopt
  /// where it cannot tell (macros, other directives).
  std::optional<bool> loopsOnly();
  /// Whether a `_Pragma` the scanner cannot read stood in what was read
  /// (from a macro that pastes tokens or expands to more than the
  /// directive: its construct's loops are not found).
  bool sawPragmaOperator() const { return SawPragmaOperator; }

  /// Set before loopsOnly or hostControl on a `kernels` or `parallel`
  /// construct: its plain `for` statements (no directive inside them) count
  /// as loops, and their `for` tokens are collected in plainLoops(): there
  /// Ferry treats them as `loop` constructs without clauses.
  void takePlainLoops(clang::Preprocessor &ThePP) { PP = &ThePP; }
  llvm::ArrayRef<clang::SourceLocation> plainLoops() const { return PlainLoops; }
  /// Set with takePlainLoops: a `for` statement with a braced body whose
  /// only directives are `loop` constructs, or whose body is one `loop`
  /// construct without a directive in it, counts as a plain loop too (an
  /// outer loop written without a directive around inner loops written
  /// with one): Ferry treats it as a `loop` construct without clauses, the
  /// `loop`s in it nested in its iterations.
  void takeLoopConstructsInside() { LoopConstructsInside = true; }
  /// Plain loops whose body is a sequence of two or more plain loops (a time
  /// step, a pivot loop), found by loopsOnly.
  bool sawLoopsOfLoops() const { return LoopsOfLoops; }
  /// Set before hostControl: plain loops whose body is plain loops only are
  /// read as sequential control (the loops in them are plain loops), and
  /// collected in controlLoops(): each runs as host control, or as a loop
  /// if its iterations are proven independent (decided when it is lexed).
  void takeControlLoops() { ControlLoops = true; }
  /// Set before loopsOnly or hostControl: a statement of the sequential
  /// control that the host cannot run (it subscripts, dereferences, calls a
  /// function or names a variable of \p Shared) is a *device statement*,
  /// run as a region of one work-item between the loops, rather than a
  /// reason to run the whole construct as one region; and a plain loop
  /// whose body holds plain loops and other statements is a loop of loops.
  /// Expression statements only (a declaration that needs the device, or
  /// a condition, still makes hostControl false).
  void takeDeviceStatements() { DeviceStatements = true; }
  llvm::ArrayRef<clang::SourceLocation> deviceStatements() const {
    return DeviceStatementLocs;
  }
  llvm::ArrayRef<clang::SourceLocation> controlLoops() const { return ControlLoopLocs; }

  /// At the directive: true when the statement after it is a block that
  /// holds `loop` constructs and whose other code is sequential control the
  /// host can run between them: scalar declarations and assignments,
  /// conditions, loops, and calls of std::swap/min/max and C math. False
  /// when that code subscripts, dereferences, accesses members, calls other
  /// functions or names one of \p Shared (variables whose device copy the
  /// construct uses); std::nullopt where it cannot tell.
  std::optional<bool> hostControl(const llvm::StringSet<> &Shared);
  /// A `loop` construct's tokens (LoopTokens).
  struct LoopTokens {
    clang::SourceLocation Directive; ///< the `#` of its directive
    /// Between the `for`'s parentheses; its braced body (braces included)
    /// without the directive lines in it.
    llvm::SmallVector<clang::Token, 16> Header;
    llvm::SmallVector<clang::Token, 128> Body;
    /// The `loop` directives in the body: their `#`, and the index in Body
    /// of the statement after them.
    llvm::SmallVector<std::pair<clang::SourceLocation, size_t>, 4> Directives;
  };
  /// At a compute directive whose statement is one `loop` construct (in
  /// braces or not; `loop`, `loop independent` or `loop gang`) with a
  /// braced body: its raw tokens in \p Out. False for anything else, or
  /// where a directive in it is not a `loop` without clauses (or with
  /// `independent`).
  bool onlyLoopConstruct(LoopTokens &Out);
  /// At a compute directive whose statement is one plain `for` (in braces
  /// or not) with a braced body whose directives are all `loop` constructs
  /// (an outer loop written without a directive around loops written with
  /// one): its raw tokens in \p Out (no Directive). False for anything
  /// else.
  bool onlyPlainLoop(LoopTokens &Out);
  /// At a directive: the raw tokens of the statement after it (the lines of
  /// the directives in it too) in \p Out; false where it cannot be read.
  bool statementTokens(llvm::SmallVectorImpl<clang::Token> &Out);
  /// The statement after the directive at \p Start, read from the source
  /// (statementTokens) and cooked (cook); false where it cannot be read.
  static bool readStatement(clang::Preprocessor &PP, clang::SourceLocation Start,
                            llvm::SmallVectorImpl<clang::Token> &Out);
  /// The `}` that closes the block whose `{` is at \p Open in the source;
  /// invalid where it cannot be read.
  static clang::SourceLocation blockEnd(clang::Preprocessor &PP, clang::SourceLocation Open);
  /// The names of the non-static data members and member functions that
  /// the class whose definition starts at \p ClassBegin (its `class`,
  /// `struct` or `template` keyword) declares in its body, read from the
  /// source text (a class being defined: the members declared after the
  /// code being parsed too), into \p Names.
  static void classMemberNames(clang::Preprocessor &PP, clang::SourceLocation ClassBegin,
                               llvm::StringSet<> &Names);
  /// The raw tokens of the member declaration of the class whose definition
  /// starts at \p ClassBegin that holds \p Until (a directive in a member
  /// function defined in the class), from its start to \p Until: its
  /// parameters and the locals declared before the directive are there.
  static llvm::SmallVector<clang::Token, 64>
  memberTokensBefore(clang::Preprocessor &PP, clang::SourceLocation ClassBegin,
                     clang::SourceLocation Until);
  /// Raw identifiers of \p Toks as the preprocessor's identifiers and
  /// keywords (for the dependence test of tokens read ahead).
  static void cook(clang::Preprocessor &PP, llvm::MutableArrayRef<clang::Token> Toks);
  /// At a directive: whether the statement after it is a plain `for`
  /// statement (no directive inside it); \p ThenBrace: a `}` follows it.
  bool plainLoopAfter(clang::Preprocessor &ThePP, bool &ThenBrace);
  /// The plain loops among the statements of the braced body of the plain
  /// `for` at \p For (none for a body that is one `for`: that is a nest).
  static llvm::SmallVector<clang::SourceLocation, 4>
  bodyPlainLoops(clang::Preprocessor &PP, clang::SourceLocation For);

private:
  /// The statement of host control being read (SourceScanner.cpp).
  class ControlStatement;

  clang::Token next();
  void unget(const clang::Token &T);
  static bool is(const clang::Token &T, llvm::StringRef Word);
  /// After an opening token: to its matching close.
  bool balanced(clang::tok::TokenKind Open, clang::tok::TokenKind Close);
  /// The words of a directive line after its `#`.
  llvm::SmallVector<llvm::StringRef, 4> line();
  /// At \p T, taken last: a directive's words after its `#` (`pragma acc
  /// loop gang`), read past; `_Pragma("...")` and the macros that expand to
  /// one count (`pragma` and the words of its string); one that cannot be
  /// read gives `?`. std::nullopt where \p T starts no directive.
  std::optional<llvm::SmallVector<llvm::StringRef, 4>> directiveWords(const clang::Token &T);
  /// Skips one statement (the one that starts with \p First).
  bool statement();
  bool statement(clang::Token First);
  std::optional<bool> block();
  /// A plain loop at \p For: a `for` statement without a
  /// directive in it (read by a scanner of its own).
  bool plainLoop(const clang::Token &For);
  /// Whether \p Loop starts `while (...) {` or `do {` (a convergence loop
  /// that may be a construct's whole sequential control).
  bool bracedWhile(const clang::Token &Loop);
  /// After a `for`: its header and braced body into \p Out, the body's
  /// directives left out (onlyLoopConstruct, onlyPlainLoop); false where
  /// one is not a `loop` construct (\p AnyClauses: with any clauses; else
  /// with `independent` at most).
  bool loopTokens(LoopTokens &Out, bool AnyClauses);
  /// Whether the `for` at \p For has a braced body whose directives are
  /// all `loop` constructs, or a body that is one `loop` construct.
  bool onlyLoopDirectives(const clang::Token &For);
  /// How many plain loops make up the body of \p For, a plain loop (0: it
  /// holds something else); \p WithStatements: how many plain loops its
  /// body holds among other statements (\p Other: whether it has some).
  unsigned loopsInside(const clang::Token &For, bool WithStatements = false,
                       bool *Other = nullptr);
  /// A plain loop of two or more plain loops, or (with device statements)
  /// of plain loops and other statements.
  bool loopOfLoops(const clang::Token &For);
  /// Host control at \p T: a `loop` construct or a plain loop, read whole
  /// (true), or none (false; a control loop is read on as control);
  /// std::nullopt where the source cannot be read.
  std::optional<bool> loopInControl(const clang::Token &T);
  /// Host control at the token \p S took last: whether the host can run
  /// it; a device statement there is recorded and read past (true).
  /// std::nullopt where the source cannot be read.
  std::optional<bool> hostRuns(ControlStatement &S, const llvm::StringSet<> &Shared);
  /// Whether a statement that starts with \p First, \p Second can be a
  /// device statement: an expression statement (an assignment, update or
  /// call), not a declaration.
  static bool deviceStatementStart(const clang::Token &First, const clang::Token &Second);
  /// Skips to the `;` that ends the statement being read, \p Open brackets
  /// open in it.
  bool skipStatement(unsigned Open);

  clang::Preprocessor &Source;
  PragmaMacros Macros;
  llvm::BumpPtrAllocator WordStorage;
  llvm::StringSaver Words{WordStorage};
  std::optional<clang::Lexer> Raw;
  clang::Token Ahead;
  bool HasAhead = false;
  /// Where next() puts each token it lexes (statementTokens).
  llvm::SmallVectorImpl<clang::Token> *Record = nullptr;
  /// A `#` line or `_Pragma` (or a macro expanding to one) since it was
  /// cleared.
  bool SawDirective = false;
  bool SawPragmaOperator = false; ///< a `_Pragma` not read, anywhere
  clang::Preprocessor *PP = nullptr; ///< set: plain loops count as loops
  llvm::SmallVector<clang::SourceLocation, 4> PlainLoops;
  bool LoopsOfLoops = false;
  bool LoopConstructsInside = false;
  bool ControlLoops = false;
  llvm::SmallVector<clang::SourceLocation, 4> ControlLoopLocs;
  bool DeviceStatements = false;
  llvm::SmallVector<clang::SourceLocation, 4> DeviceStatementLocs;
};

} // namespace plugin
} // namespace ferry

#endif

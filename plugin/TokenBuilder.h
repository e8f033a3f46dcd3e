//===- TokenBuilder.h - Builds the token stream a directive becomes -*- C++ -*-===//
///
/// \file
/// Synthesized tokens are spelled in buffers of their own that the source
/// manager counts as a system header, and expanded at the directive (as
/// Preprocessor::CreateString does with its scratch space): `-E` prints
/// them, errors in them point at the directive, and clang's warnings are off
/// for them as for code from a system header's macro
/// (SourceManager::isInSystemMacro), so that names the generated code
/// declares again, its C-style casts and its declarations after statements
/// draw none of the program's -W options. Original tokens keep their own
/// locations and warnings.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_TOKENBUILDER_H
#define FERRY_PLUGIN_TOKENBUILDER_H

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"

namespace ferry {
namespace plugin {

/// \p Text (the pieces of a rewrite, written in C++) as a C translation
/// unit spells it: `::ferry::acc::x` is `ferry_acc_x`, `::ferry_x` is
/// `ferry_x`, `static_cast<bool>(` is `(_Bool)(`, and
/// `device_type_in({list})` takes a compound literal ended by
/// acc_device_none. Pieces whose shape differs in C (scopes, lambdas,
/// templates) have C branches of their own. Pieces C shares write `0` and
/// `1`, never `nullptr`, `true` or `false`: before C23 those are the
/// program's identifiers to use (a variable named `false`).
std::string cSpelling(llvm::StringRef Text);

/// Whether the token at \p Loc was written by Ferry (a TokenBuilder) or by
/// clang (token pasting, its scratch space), not by the program.
bool isGenerated(const clang::SourceManager &SM, clang::SourceLocation Loc);

class TokenBuilder {
public:
  TokenBuilder(clang::Preprocessor &PP, clang::SourceLocation Loc)
      : PP(PP), Loc(Loc) {}
  // (Its spelling buffer is written through: one owner.)
  TokenBuilder(const TokenBuilder &) = delete;
  TokenBuilder &operator=(const TokenBuilder &) = delete;

  /// Appends the tokens of C++ source text \p Text (lexed in raw mode). In
  /// a C translation unit the names of <ferry/acc/acc.h> it uses become
  /// those of <ferry/acc/acc_c.h> first (cSpelling).
  TokenBuilder &code(llvm::StringRef Text);
  /// Appends a string literal with the value \p Value.
  TokenBuilder &string(llvm::StringRef Value);
  /// Appends an unsigned integer literal.
  TokenBuilder &number(uint64_t Value);
  /// Appends original tokens unchanged.
  TokenBuilder &tokens(llvm::ArrayRef<clang::Token> Toks);
  /// Appends the C test whether the expression \p Object is a pointer (1)
  /// or an array (0): `__builtin_types_compatible_p(__typeof__(OBJECT),
  /// __typeof__(&(OBJECT)[0]))`.
  TokenBuilder &cIsPointer(llvm::ArrayRef<clang::Token> Object);

  /// Hands the tokens to the preprocessor, to be lexed next.
  void inject();

  llvm::ArrayRef<clang::Token> get() const { return Toks; }
  clang::Preprocessor &preprocessor() const { return PP; }

private:
  void push(clang::tok::TokenKind Kind, llvm::StringRef Spelling);
  /// \p Spelling copied into the current spelling buffer (a new one where
  /// it is full): its location there, and \p Data its characters.
  clang::SourceLocation spell(llvm::StringRef Spelling, const char *&Data);

  clang::Preprocessor &PP;
  clang::SourceLocation Loc;
  llvm::SmallVector<clang::Token, 64> Toks;
  char *Buffer = nullptr;
  clang::SourceLocation BufferStart;
  unsigned Used = 0, Size = 0;
};

} // namespace plugin
} // namespace ferry

#endif

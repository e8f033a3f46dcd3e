//===- TokenBuilder.h - Builds the token stream a directive becomes -*- C++ -*-===//
///
/// \file
/// Synthesized tokens get their spelling through Preprocessor::CreateString
/// (so `-E` prints them and diagnostics can point at them) and the location
/// of the directive; original tokens keep their own locations.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_TOKENBUILDER_H
#define FERRY_PLUGIN_TOKENBUILDER_H

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"

namespace ferry {
namespace plugin {

class TokenBuilder {
public:
  TokenBuilder(clang::Preprocessor &PP, clang::SourceLocation Loc)
      : PP(PP), Loc(Loc) {}

  /// Appends the tokens of C++ source text \p Text (lexed in raw mode).
  TokenBuilder &code(llvm::StringRef Text);
  /// Appends a string literal with the value \p Value.
  TokenBuilder &string(llvm::StringRef Value);
  /// Appends an unsigned integer literal.
  TokenBuilder &number(uint64_t Value);
  /// Appends original tokens unchanged.
  TokenBuilder &tokens(llvm::ArrayRef<clang::Token> Toks);

  /// Hands the tokens to the preprocessor, to be lexed next.
  void inject();

  llvm::ArrayRef<clang::Token> get() const { return Toks; }

private:
  void push(clang::tok::TokenKind Kind, llvm::StringRef Spelling);

  clang::Preprocessor &PP;
  clang::SourceLocation Loc;
  llvm::SmallVector<clang::Token, 64> Toks;
};

} // namespace plugin
} // namespace ferry

#endif

//===- ConstantTokens.h - Integer constants of directive operands -*- C++ -*-===//
///
/// \file
/// The value of an integer constant expression written in a directive,
/// where the directive needs it before the statement after it is parsed
/// (`collapse(4 - 1)`, `tile(BS, BS / 2)`): the pragma handler sees tokens,
/// not expressions, so this evaluates them itself. It knows integer and
/// boolean literals, enumerators and integer variables usable
/// in constant expressions (`constexpr`, C++ `const int` with a constant
/// initializer), names qualified by namespaces, classes and enumerations
/// (`Dims::Three`), parentheses, casts to integer types spelled by keywords
/// (`(int)`), and C's unary, binary and conditional operators; names are
/// looked up in the scope of the directive. Anything else (a variable, a
/// call, `sizeof`, `static_cast`, a template parameter) is not
/// a constant it can evaluate, and the caller says so.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_CONSTANTTOKENS_H
#define FERRY_PLUGIN_CONSTANTTOKENS_H

#include "clang/Lex/Preprocessor.h"

#include <cstdint>
#include <optional>

namespace clang {
class IdentifierInfo;
class NamedDecl;
class Sema;
} // namespace clang

namespace ferry {
namespace plugin {

/// The value of \p Toks as a signed 64-bit integer constant expression;
/// std::nullopt where it is not one (or overflows, or divides by zero).
/// Without \p S (under -E) names are not constants.
std::optional<int64_t> evaluateIntegerConstant(clang::Preprocessor &PP, clang::Sema *S,
                                               llvm::ArrayRef<clang::Token> Toks);

/// The one declaration the identifier \p II at \p Loc names as an ordinary
/// name (a variable, function, type, enumerator) in \p S's current scope,
/// the directive's; null without \p S, a scope or an identifier, or where
/// the lookup finds none or an overload set.
clang::NamedDecl *lookupOrdinaryName(clang::Sema *S, clang::IdentifierInfo *II,
                                     clang::SourceLocation Loc);

} // namespace plugin
} // namespace ferry

#endif

//===- PragmaMacros.h - Directives written as _Pragma and macros -*- C++ -*-===//
///
/// \file
/// Portability layers write their directives as macros that expand to a
/// `_Pragma` operator (`#define ACC(x) _Pragma(#x)`, then `ACC(acc loop)`),
/// or as `_Pragma("acc loop")` itself. The source scanner reads a
/// construct's statement ahead with a raw lexer (SourceScanner.h), which
/// sees the macro's name and its arguments, not the directive. This reads
/// the directive out of such an invocation in the source text: it expands
/// the macro as the preprocessor would (the macros' definitions as they
/// stand, parameters replaced by their arguments, `#` stringizing them,
/// arguments expanded first, the result scanned again), without running the
/// preprocessor, whose pragma handlers must not see the directives before
/// the construct is set up. An invocation is read as a directive only where
/// its whole expansion is one `_Pragma` of a string literal; one that pastes
/// tokens (`##`), uses `__VA_OPT__`, or expands to more is not read, and the
/// scanner treats its construct as one it cannot read.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_PRAGMAMACROS_H
#define FERRY_PLUGIN_PRAGMAMACROS_H

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace ferry {
namespace plugin {

class PragmaMacros {
public:
  explicit PragmaMacros(clang::Preprocessor &PP) : PP(PP) {}

  /// Whether the raw token \p T may start a directive written with
  /// `_Pragma`: that operator, or the name of a macro whose definition (or
  /// that of a macro it names) holds one.
  bool mayStartPragma(const clang::Token &T);

  /// A directive written with `_Pragma` that starts at the raw token \p T
  /// of the source: its text (`acc loop gang`, as the string literal gives
  /// it) and the offset in its file just past the invocation (its `)`).
  struct Invocation {
    std::optional<std::string> Text; ///< none where the expansion is not read
    unsigned End = 0;
  };
  /// std::nullopt where \p T starts no such directive (not such a macro, or
  /// a function-like macro's name not followed by its arguments).
  std::optional<Invocation> read(const clang::Token &T);

private:
  clang::Preprocessor &PP;
  llvm::DenseMap<const clang::IdentifierInfo *, bool> HoldsPragma;
};

} // namespace plugin
} // namespace ferry

#endif

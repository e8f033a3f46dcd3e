//===- DirectiveParser.h - Parses the text of '#pragma acc' ----*- C++ -*-===//
///
/// \file
/// Turns the tokens of one `#pragma acc` line into a Directive, reporting
/// every problem as a clang diagnostic at the offending token.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_DIRECTIVEPARSER_H
#define FERRY_PLUGIN_DIRECTIVEPARSER_H

#include "Directive.h"

#include "clang/Lex/Preprocessor.h"

#include <optional>

namespace clang {
class Sema;
} // namespace clang

namespace ferry {
namespace plugin {

/// Parses \p Line (the tokens after `acc`, without the end of directive).
/// \p PragmaLoc is the location of `acc`; \p S (none under -E) looks up
/// the names of constant operands (`collapse(Levels)`). Returns
/// std::nullopt after reporting errors.
std::optional<Directive> parseDirective(clang::Preprocessor &PP, clang::Sema *S,
                                        llvm::ArrayRef<clang::Token> Line,
                                        clang::SourceLocation PragmaLoc);

} // namespace plugin
} // namespace ferry

#endif

//===- StandaloneDirective.h - Executable directives ------------*- C++ -*-===//
///
/// \file
/// `enter data`, `exit data`, `update` and `wait`: runtime calls on the
/// spot, in one block (a statement wherever the directive stands).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_STANDALONEDIRECTIVE_H
#define FERRY_PLUGIN_STANDALONEDIRECTIVE_H

#include "AccContext.h"

#include "clang/Lex/Preprocessor.h"

namespace ferry {
namespace plugin {

void rewriteStandaloneDirective(clang::Preprocessor &PP, const AccContext &Ctx,
                                const Directive &D, clang::SourceLocation PragmaLoc);

} // namespace plugin
} // namespace ferry

#endif

//===- AccPragmaHandler.h - The '#pragma acc' handler ----------*- C++ -*-===//
///
/// \file
/// Handles `#pragma acc`: parses the directive, lexes ahead over the
/// associated statement and re-injects a rewritten token stream that calls
/// the templates of <ferry/acc/acc.h>. LoopConstruct, BlockConstruct and
/// StandaloneDirective write the rewritten forms; docs/plugin.md shows them.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_ACCPRAGMAHANDLER_H
#define FERRY_PLUGIN_ACCPRAGMAHANDLER_H

#include "AccContext.h"

#include "clang/Lex/Pragma.h"

namespace ferry {
namespace plugin {

class AccPragmaHandler : public clang::PragmaHandler {
public:
  AccPragmaHandler() : clang::PragmaHandler("acc") {}
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

  /// What this handler knows of its compilation: the Sema of a real
  /// compile (none under -E) and `-fplugin-arg-ferry-remarks`.
  AccContext &context() { return Ctx; }

private:
  AccContext Ctx;
  bool OldLanguageSaid = false; ///< CxxTooOld, once per compile
};

} // namespace plugin
} // namespace ferry

#endif

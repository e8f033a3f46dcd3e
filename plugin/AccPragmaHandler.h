//===- AccPragmaHandler.h - The '#pragma acc' handler ----------*- C++ -*-===//
///
/// \file
/// Handles `#pragma acc`: parses the directive, lexes ahead over the
/// associated statement and re-injects a rewritten token stream that calls
/// the templates of <ferry/acc/acc.h>.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_ACCPRAGMAHANDLER_H
#define FERRY_PLUGIN_ACCPRAGMAHANDLER_H

#include "clang/Lex/Pragma.h"

namespace clang {
class Sema;
} // namespace clang

namespace ferry {
namespace plugin {

/// `-fplugin-arg-ferry-remarks`: a remark per region saying how it runs,
/// what data it maps and how its variables are captured.
void setRemarks(bool On);

/// The Sema of a real compile (none under -E): the handler asks it whether
/// a variable is declared before a construct.
void setSema(clang::Sema *S);

class AccPragmaHandler : public clang::PragmaHandler {
public:
  AccPragmaHandler() : clang::PragmaHandler("acc") {}
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;
};

} // namespace plugin
} // namespace ferry

#endif

//===- Diagnostics.h - The plugin's diagnostics ----------------*- C++ -*-===//
///
/// \file
/// Every user-facing message of the plugin, as a table, so that each has a
/// `-verify` test and none is spelled twice.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_DIAGNOSTICS_H
#define FERRY_PLUGIN_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

namespace ferry {
namespace plugin {

enum class Diag {
#define FERRY_DIAG(Id, Level, Text) Id,
#include "Diagnostics.def"
};

/// Starts diagnostic \p D at \p Loc; stream the %0, %1 arguments into it.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &DE,
                                clang::SourceLocation Loc, Diag D);
inline clang::DiagnosticBuilder report(clang::Preprocessor &PP,
                                       clang::SourceLocation Loc, Diag D) {
  return report(PP.getDiagnostics(), Loc, D);
}

} // namespace plugin
} // namespace ferry

#endif

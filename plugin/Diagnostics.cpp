//===- Diagnostics.cpp - The plugin's diagnostics -------------------------===//
///
/// \file
/// Maps the Diagnostics.def table to clang custom diagnostics.
///
//===----------------------------------------------------------------------===//
#include "Diagnostics.h"

using namespace clang;

namespace ferry {
namespace plugin {

DiagnosticBuilder report(DiagnosticsEngine &DE, SourceLocation Loc, Diag D) {
  DiagnosticsEngine::Level Level = DiagnosticsEngine::Error;
  StringRef Text;
  switch (D) {
#define FERRY_DIAG(Id, L, T)                                                   \
  case Diag::Id:                                                               \
    Level = DiagnosticsEngine::L;                                              \
    Text = T;                                                                  \
    break;
#include "Diagnostics.def"
  }
  // clang 19's custom diagnostics belong to no warning group, so that -w and
  // -Werror do not reach Ferry's warnings by themselves: applied here.
  if (Level == DiagnosticsEngine::Warning) {
    if (DE.getIgnoreAllWarnings())
      Level = DiagnosticsEngine::Ignored;
    else if (DE.getWarningsAsErrors())
      Level = DiagnosticsEngine::Error;
  }
  unsigned ID = DE.getDiagnosticIDs()->getCustomDiagID(
      static_cast<DiagnosticIDs::Level>(Level), Text);
  return DE.Report(Loc, ID);
}

} // namespace plugin
} // namespace ferry

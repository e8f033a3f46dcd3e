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
  unsigned ID = 0;
  switch (D) {
#define FERRY_DIAG(Id, Level, Text)                                            \
  case Diag::Id:                                                               \
    ID = DE.getCustomDiagID(DiagnosticsEngine::Level, Text);                   \
    break;
#include "Diagnostics.def"
  }
  return DE.Report(Loc, ID);
}

} // namespace plugin
} // namespace ferry

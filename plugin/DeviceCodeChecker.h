//===- DeviceCodeChecker.h - What a compute region cannot do on a GPU -*- C++ -*-===//
///
/// \file
/// When the plugin compiles device code, every compute region's body, and
/// every function it reaches, is checked after Sema (template instantiations
/// included) for what cannot run on a GPU: calls to functions without a
/// definition in the translation unit (with C math functions allowed, they
/// map to the device math library), I/O, virtual and indirect calls,
/// allocation, writes to host global variables (reads pass them by value),
/// global arrays, thread-local variables, and members through `this`. Each is an error at the exact
/// location in the user's code (a use inside a system header is reported at
/// the user's call that leads there), so that nothing silently runs on the
/// host instead. The token level already rejects `throw`, `try` and
/// `long double` in regions.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_DEVICECODECHECKER_H
#define FERRY_PLUGIN_DEVICECODECHECKER_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace ferry {
namespace plugin {

class ClosureNames;

/// Checks every region of the translation unit; reports through \p DE.
/// Records the names of the regions' closure pointers in \p Names.
void checkDeviceCode(clang::ASTContext &Ctx, clang::DiagnosticsEngine &DE,
                     ClosureNames *Names);

/// The libdevice function that the C math function \p Name is on devices
/// (`__nv_<Name>`, or the one of the same type: `lround` is `__nv_llround`);
/// empty where libdevice has none.
std::string libdeviceFunction(llvm::StringRef Name);
/// Whether libdevice has the C math function \p Name (functions a region
/// may call without a definition).
bool hasDeviceMathFunction(const char *Name, unsigned Length);

} // namespace plugin
} // namespace ferry

#endif

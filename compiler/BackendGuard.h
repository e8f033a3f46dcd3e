//===- BackendGuard.h - LLVM's fatal errors as llvm::Error -----*- C++ -*-===//
///
/// \file
/// Some failures inside LLVM's backends and lld end the process
/// (report_fatal_error, `LLVM ERROR: ...`) or crash it. Ferry's lowering runs
/// each such stage (optimization, code generation, the lld link) through
/// runGuarded, so that what slips past the checks of BackendSafety.h comes
/// back as an llvm::Error naming the stage, not as the end of the user's
/// compiler or tool.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_BACKENDGUARD_H
#define FERRY_PASSES_BACKENDGUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace ferry {

/// Runs \p Body so that an LLVM fatal error or a crash inside it returns an
/// error "LLVM failed in <Stage> ...: <message>" (followed by \p Hint, when
/// given) instead of ending the process. Otherwise returns what \p Body
/// returns.
llvm::Error runGuarded(const llvm::Twine &Stage,
                       llvm::function_ref<llvm::Error()> Body,
                       const llvm::Twine &Hint = "");

} // namespace ferry

#endif

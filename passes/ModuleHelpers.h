//===- ModuleHelpers.h - Functions the translator adds to a module -*- C++ -*-===//
///
/// \file
/// Operations that need a loop (match.any, redux, nanosleep) are emitted once
/// per module as internal, always-inline helper functions named __ferry_*,
/// so that call sites stay straight-line code.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_MODULEHELPERS_H
#define FERRY_PASSES_MODULEHELPERS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Function.h"

namespace ferry {

/// Returns helper \p Name, building its body with \p Build the first time.
/// Helpers are internal, alwaysinline, nounwind and (when \p Convergent)
/// convergent, as every function containing cross-lane operations must be.
llvm::Function *
getOrCreateHelper(llvm::Module &M, llvm::StringRef Name, llvm::FunctionType *Ty,
                  bool Convergent,
                  llvm::function_ref<void(llvm::Function &)> Build);

} // namespace ferry

#endif

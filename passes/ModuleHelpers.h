//===- ModuleHelpers.h - Functions the translator adds to a module -*- C++ -*-===//
///
/// \file
/// Operations that need a loop (match.any, redux, nanosleep) are emitted once
/// per module as internal, always-inline helper functions named __ferry_*,
/// so that call sites stay straight-line code. Operations that need a
/// constant operand their callers pass through a device function's parameter
/// (printf's format, a barrier's id) get it by inlining that function.
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

/// The value \p V holds, where it is reloaded from a local that one store
/// fills (clang's unoptimized spill of a parameter); else \p V.
llvm::Value *spilledValue(llvm::Value *V);

/// Inlines into their callers the device functions (not kernels) that pass
/// one of their parameters as operand \p ArgNo of calls to \p Callee (a
/// printf wrapper's format, CUDA 13's __barrier_sync(id) at -O0), up to
/// \p Levels levels of such wrappers, so that the operand becomes what the
/// callers pass. True if anything was inlined.
bool inlineParameterWrappers(llvm::Function &Callee, unsigned ArgNo, unsigned Levels = 4);

} // namespace ferry

#endif

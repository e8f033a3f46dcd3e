//===- LoopPieces.h - Pieces of a rewritten loop ----------------*- C++ -*-===//
///
/// \file
/// The parts of the token stream that a region's loop (LoopConstruct), a
/// loop nested in its iterations (NestedLoop) and the levels of a collapsed
/// nest (CollapsedNest) share: the type alias of a loop's index, the checks
/// of clause operands, and the bounds of a loop as launch arguments.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPPIECES_H
#define FERRY_PLUGIN_LOOPPIECES_H

#include "CanonicalLoop.h"
#include "TokenBuilder.h"

namespace ferry {
namespace plugin {

/// `using Name = T;` for the type of \p L's variable.
void emitIndexType(TokenBuilder &B, const CanonicalLoop &L,
                   llvm::StringRef Name = "__ferry_index_t");
/// \p D's clause operands as unevaluated expressions, so that Sema checks
/// them where they were written.
void emitOperandChecks(TokenBuilder &B, const Directive &D);
/// A section's lower bound: its tokens, `0` when it has none.
void emitLowerBound(TokenBuilder &B, const ArraySection &S);
/// `(lo), (bound), (step), sign,`: the arguments that parallel_loop and
/// inner_loop take before their reductions.
void emitBounds(TokenBuilder &B, const CanonicalLoop &L);

} // namespace plugin
} // namespace ferry

#endif

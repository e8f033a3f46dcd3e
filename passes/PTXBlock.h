//===- PTXBlock.h - Translates small blocks of inline PTX ------*- C++ -*-===//
///
/// \file
/// Inline PTX that is more than one fixed template (CUDA 13 libdevice's
/// multi-word carry chains, predicate blocks) is translated instruction by
/// instruction by a small PTX-subset translator: `.reg` declarations, vector
/// moves ({lo,hi}), integer add/sub/mul/mad with carry (.cc, addc, madc),
/// setp/selp, rcp/rsqrt.approx, bfind, shf, bfe, bfi, lop3, cvta, fence and
/// membar, ld/st (global, shared, generic; cache hints; .acquire/.release),
/// atom and red. Anything outside the subset makes the whole block
/// untranslated (the final checker then rejects it).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_PTXBLOCK_H
#define FERRY_PASSES_PTXBLOCK_H

#include "llvm/IR/IRBuilder.h"

namespace ferry {

/// Emits IR for the inline-asm call \p CI before it; returns the value that
/// replaces the call (nullptr for void), or std::nullopt when the block uses
/// PTX outside the subset. Nothing is emitted in that case.
std::optional<llvm::Value *> translatePTXBlock(llvm::CallInst &CI);

} // namespace ferry

#endif

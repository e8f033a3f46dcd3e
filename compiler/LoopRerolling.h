//===- LoopRerolling.h - Undo NVPTX's runtime unrolling ---------*- C++ -*-===//
///
/// \file
/// Loops of clang's optimized NVVM output arrive runtime-unrolled for NVPTX;
/// on AMDGPU the unrolled bodies cost registers HIP's rolled loops do not
/// spend. See LoopRerolling.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_COMPILER_LOOPREROLLING_H
#define FERRY_COMPILER_LOOPREROLLING_H

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

/// Rolls back up the loops of \p M that LLVM's runtime unroller unrolled
/// automatically (not those a `#pragma unroll` asked for), where the body is
/// provably k copies of one iteration. Returns the number of loops rolled.
unsigned rerollRuntimeUnrolledLoops(llvm::Module &M);

} // namespace ferry

#endif

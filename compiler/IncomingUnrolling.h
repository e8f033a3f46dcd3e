//===- IncomingUnrolling.h - Keep NVPTX's unrolling decisions ---*- C++ -*-===//
///
/// \file
/// The loops of a translated module already went through clang's NVPTX
/// pipeline, whose unroller runtime-unrolls; see IncomingUnrolling.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_COMPILER_INCOMINGUNROLLING_H
#define FERRY_COMPILER_INCOMINGUNROLLING_H

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

/// Marks every loop of \p M `llvm.loop.unroll.runtime.disable`, so that the
/// AMDGPU pipeline does not runtime-unroll again what NVPTX's unrolled (full
/// and partial unrolling of constant trip counts stay allowed). Returns
/// whether a loop was marked.
bool keepIncomingUnrolling(llvm::Module &M);

} // namespace ferry

#endif

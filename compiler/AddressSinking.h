//===- AddressSinking.h - Addresses next to their accesses -------*- C++ -*-===//
///
/// \file
/// NVVM input arrives scheduled by clang's NVPTX pipeline; see
/// AddressSinking.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_COMPILER_ADDRESSSINKING_H
#define FERRY_COMPILER_ADDRESSSINKING_H

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

/// Moves the single-use address of each load and store (a getelementptr and
/// its single-use index extension) down to just before the access, within
/// its block. Returns whether anything moved.
bool sinkAddressesToAccesses(llvm::Module &M);

} // namespace ferry

#endif

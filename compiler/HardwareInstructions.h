//===- HardwareInstructions.h - IR operations one instruction does -*- C++ -*-===//
///
/// \file
/// Operations the translation keeps exact in IR that one AMDGPU instruction
/// computes with the same semantics; see HardwareInstructions.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_COMPILER_HARDWAREINSTRUCTIONS_H
#define FERRY_COMPILER_HARDWAREINSTRUCTIONS_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

/// Right before AMDGPU code generation for processor \p CPU: PTX's
/// saturating float -> 32-bit integer conversions become v_cvt_*, and the
/// calls of the translation's directed-rounding helpers the helper's
/// instructions inline. Returns whether anything changed.
bool useHardwareInstructions(llvm::Module &M, llvm::StringRef CPU);

} // namespace ferry

#endif

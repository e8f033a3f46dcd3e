//===- KernelCopies.h - Identical kernels compiled once ---------*- C++ -*-===//
///
/// \file
/// A template instantiated for types of one representation often gives
/// kernels that are the same function under other names (cub's radix sort:
/// 17 of its 46 kernels). Each is compiled once; see KernelCopies.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_COMPILER_KERNELCOPIES_H
#define FERRY_COMPILER_KERNELCOPIES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

/// A kernel taken out of its module because it is the same function as an
/// earlier kernel, its original.
struct KernelCopy {
  std::string Name;
  std::string Original;
};

/// Removes from \p M each AMDGPU kernel that is the same function as an
/// earlier kernel of \p M (the same instructions, constants, attributes and
/// metadata; the workgroup-memory variables that only the two kernels use
/// may differ by name), and returns what it removed. Nothing is removed
/// under -ferry-kernel-copies=0, from modules with debug information, or
/// kernels whose names assembly must quote.
std::vector<KernelCopy> removeKernelCopies(llvm::Module &M);

/// Appends \p Later, what removeKernelCopies found in the module it found
/// \p Earlier in (optimized since), to \p Earlier, and makes every
/// original a kernel the module still has.
void mergeKernelCopies(std::vector<KernelCopy> &Earlier, std::vector<KernelCopy> Later);

/// Adds to \p Asm, the AMDGPU assembly of the module removeKernelCopies
/// returned \p Copies for, each copy as its original's code, kernel
/// descriptor, resource summary and metadata under the copy's name.
llvm::Error addKernelCopies(std::string &Asm, llvm::ArrayRef<KernelCopy> Copies);

} // namespace ferry

#endif

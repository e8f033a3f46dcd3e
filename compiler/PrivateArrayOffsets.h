//===- PrivateArrayOffsets.h - Private arrays AMDGPU can promote -*- C++ -*-===//
///
/// \file
/// Offsets into private arrays folded into one in-bounds address; see
/// PrivateArrayOffsets.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_COMPILER_PRIVATEARRAYOFFSETS_H
#define FERRY_COMPILER_PRIVATEARRAYOFFSETS_H

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

/// Rewrites each `gep T, (gep T, %alloca, C), %i` of a private (addrspace 5)
/// array whose users only load from and store to it into
/// `gep inbounds T, %alloca, %i + C`, and drops the outer offsets left
/// unused. Returns how many addresses were rewritten.
unsigned foldPrivateArrayOffsets(llvm::Module &M);

} // namespace ferry

#endif

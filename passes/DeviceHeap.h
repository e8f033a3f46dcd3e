//===- DeviceHeap.h - Device malloc and free on AMDGPU -----------*- C++ -*-===//
///
/// \file
/// The translation of CUDA's device heap (see DeviceHeap.cpp).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_DEVICEHEAP_H
#define FERRY_PASSES_DEVICEHEAP_H

namespace llvm {
class Module;
}

namespace ferry {

/// Calls of the declared `malloc` and `free` of the translated module \p M
/// go to Ferry's allocator, linked into \p M with its heap. Returns whether
/// \p M changed.
bool lowerDeviceHeap(llvm::Module &M);

/// For PTX, whose driver has `malloc` and `free` but no C++ operators: calls
/// of operator new/delete (which clang leaves in CUDA device code) become
/// calls of `malloc`/`free`. Returns whether \p M changed.
bool lowerCxxAllocationToC(llvm::Module &M);

} // namespace ferry

#endif

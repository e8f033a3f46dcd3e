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

} // namespace ferry

#endif

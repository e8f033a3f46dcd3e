//===- ferry/Offload.h - Packaging device images ----------------*- C++ -*-===//
///
/// \file
/// Device images in LLVM's OffloadBinary format (.llvm.offloading), so that
/// `llvm-objdump-19 --offloading` lists what Ferry embedded.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_OFFLOAD_H
#define FERRY_OFFLOAD_H

#include "ferry/DeviceTarget.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace llvm {
class GlobalVariable;
class Module;
} // namespace llvm

namespace ferry {

struct DeviceImage {
  ImageKind Kind;
  std::string Triple; ///< "amdgcn-amd-amdhsa", "nvptx64-nvidia-cuda"
  std::string Arch;   ///< target ID ("gfx90a:xnack-") or "sm_80"
  std::string Bytes;
  /// ImageKind::DeviceIR only: what the runtime compiles it into
  /// (FERRY_DEFERRED_KERNELS, ..._LINKED_KERNELS or ..._ROUTINES,
  /// ferry/DeferredCompile.h), packaged under FERRY_DEFERRED_KEY.
  std::string Role = {};
  /// A CUDA program's AMD images: the sm_NN whose device code they were
  /// translated from, packaged under FERRY_CUDA_ARCH_KEY
  /// (ferry/PackageKeys.h); empty otherwise.
  std::string CudaArch = {};
  /// More string keys of its entry (the device link's, ferry/PackageKeys.h).
  std::vector<std::pair<std::string, std::string>> Strings = {};
};

/// The runtime's name of an image of kind \p K: "object" (code objects and
/// relocatable objects), "ptx" or "bitcode" (ferry_image_desc::kind, and the
/// kind ferry_compile_deferred hands its sink).
const char *runtimeKindName(ImageKind K);

/// Packages \p Images as concatenated, 8-byte aligned OffloadBinary entries.
std::string packageImages(llvm::ArrayRef<DeviceImage> Images);

/// Places \p Package in \p Host's .llvm.offloading section.
llvm::GlobalVariable *embedImages(llvm::Module &Host, llvm::StringRef Package);

/// Embeds \p Package and adds a constructor (priority 101) that hands it to
/// the runtime: `ferry_register_images(package, size)` (<ferry/runtime.h>).
/// The runtime reads the images without LLVM.
void emitImageRegistration(llvm::Module &Host, llvm::StringRef Package);

} // namespace ferry

#endif

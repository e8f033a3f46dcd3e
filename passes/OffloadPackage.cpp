//===- OffloadPackage.cpp - Device images in LLVM's OffloadBinary format --===//
///
/// \file
/// Several device images (AMDGPU code objects, PTX) packaged as concatenated
/// OffloadBinary entries, the layout of clang's .llvm.offloading section, so
/// that `llvm-objdump --offloading` lists them; and their embedding into a
/// host module.
///
//===----------------------------------------------------------------------===//
#include "ferry/Offload.h"

#include "llvm/IR/Module.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace ferry {

std::string packageImages(ArrayRef<DeviceImage> Images) {
  std::string Package;
  for (const DeviceImage &I : Images) {
    object::OffloadBinary::OffloadingImage Entry;
    Entry.TheImageKind = I.Kind == DeviceImage::PTX ? object::IMG_PTX
                         : I.Kind == DeviceImage::Bitcode ? object::IMG_Bitcode
                                                          : object::IMG_Object;
    Entry.TheOffloadKind = object::OFK_OpenMP;
    Entry.Flags = 0;
    Entry.StringData["triple"] = I.Triple;
    Entry.StringData["arch"] = I.Arch;
    Entry.StringData["producer"] = "ferry";
    Entry.Image = MemoryBuffer::getMemBuffer(I.Bytes, "", /*RequiresNull=*/false);
    SmallString<0> Binary = object::OffloadBinary::write(Entry);
    // Entries are 8-byte aligned one after the other.
    Package.append(Binary.begin(), Binary.end());
    Package.resize(alignTo(Package.size(), object::OffloadBinary::getAlignment()), '\0');
  }
  return Package;
}

void embedImages(Module &Host, StringRef Package) {
  embedBufferInModule(Host, MemoryBufferRef(Package, "ferry-images"),
                      ".llvm.offloading", Align(object::OffloadBinary::getAlignment()));
}

} // namespace ferry

//===- OffloadPackage.cpp - Device images in LLVM's OffloadBinary format --===//
///
/// \file
/// Several device images (AMDGPU code objects, PTX) packaged as concatenated
/// OffloadBinary entries, the layout of clang's .llvm.offloading section, so
/// that `llvm-objdump --offloading` lists them; their embedding into a host
/// module; and the constructor that registers them with the runtime.
///
//===----------------------------------------------------------------------===//
#include "ferry/Offload.h"
#include "ferry/DeferredCompile.h"
#include "ferry/ImageDigest.h"
#include "ferry/PackageKeys.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace ferry {

const char *runtimeKindName(ImageKind K) {
  return K == ImageKind::PTX                                          ? "ptx"
         : K == ImageKind::Cubin                                      ? "cubin"
         : K == ImageKind::TranslatedIR || K == ImageKind::DeviceIR ? "bitcode"
                                                                      : "object";
}

std::string packageImages(ArrayRef<DeviceImage> Images) {
  std::string Package;
  for (const DeviceImage &I : Images) {
    object::OffloadBinary::OffloadingImage Entry;
    // Code objects and relocatable objects are both ELF: the runtime tells
    // them apart by the ELF type.
    Entry.TheImageKind = I.Kind == ImageKind::PTX   ? object::IMG_PTX
                         : I.Kind == ImageKind::Cubin ? object::IMG_Cubin
                         : I.Kind == ImageKind::TranslatedIR || I.Kind == ImageKind::DeviceIR
                             ? object::IMG_Bitcode
                             : object::IMG_Object;
    Entry.TheOffloadKind = object::OFK_OpenMP;
    Entry.Flags = 0;
    Entry.StringData["triple"] = I.Triple;
    Entry.StringData["arch"] = I.Arch;
    Entry.StringData["producer"] = "ferry";
    if (I.Kind == ImageKind::DeviceIR)
      Entry.StringData[FERRY_DEFERRED_KEY] = I.Role;
    if (!I.CudaArch.empty())
      Entry.StringData[FERRY_CUDA_ARCH_KEY] = I.CudaArch;
    for (const auto &[Key, Value] : I.Strings)
      Entry.StringData[Key] = Value;
    char Digest[26];
    ferry_image_digest_text(I.Bytes.data(), I.Bytes.size(), Digest);
    Entry.StringData[FERRY_DIGEST_KEY] = Digest;
    Entry.Image = MemoryBuffer::getMemBuffer(I.Bytes, "", /*RequiresNull=*/false);
    SmallString<0> Binary = object::OffloadBinary::write(Entry);
    // Entries are 8-byte aligned one after the other.
    Package.append(Binary.begin(), Binary.end());
    Package.resize(alignTo(Package.size(), object::OffloadBinary::getAlignment()), '\0');
  }
  return Package;
}

GlobalVariable *embedImages(Module &Host, StringRef Package) {
  LLVMContext &Ctx = Host.getContext();
  Constant *Data = ConstantDataArray::getString(Ctx, Package, /*AddNull=*/false);
  auto *GV = new GlobalVariable(Host, Data->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Data,
                                "__ferry_image_package");
  GV->setSection(".llvm.offloading");
  GV->setAlignment(Align(object::OffloadBinary::getAlignment()));
  appendToCompilerUsed(Host, {GV});
  return GV;
}

void emitImageRegistration(Module &Host, StringRef Package) {
  GlobalVariable *GV = embedImages(Host, Package);
  LLVMContext &Ctx = Host.getContext();
  IntegerType *SizeTy = Type::getIntNTy(Ctx, Host.getDataLayout().getPointerSizeInBits());
  FunctionCallee Register = Host.getOrInsertFunction(
      "ferry_register_images", Type::getInt32Ty(Ctx), PointerType::get(Ctx, 0), SizeTy);
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::InternalLinkage,
                                    "__ferry_register_images", Host);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Ctor));
  B.CreateCall(Register, {GV, ConstantInt::get(SizeTy, Package.size())});
  B.CreateRetVoid();
  appendToGlobalCtors(Host, Ctor, /*Priority=*/101);
}

} // namespace ferry

//===- TranslationPasses.h - The NVVM->AMDGPU translation passes -*- C++ -*-===//
///
/// \file
/// One pass per concern, composed in this order by the nvvm-to-amdgpu
/// pipeline (Translate.cpp):
///   NVVMReflectPass       fold __nvvm_reflect (then SCCP + SimplifyCFG)
///   LowerPTXAsmPass       inline PTX templates -> IR
///   AtomicScopesPass      CUDA's relaxed device-scope atomics
///   LowerNVVMIntrinsicsPass  NVVMIntrinsics.def
///   LowerLibdevicePass    Libdevice.def (__nv_* -> ocml / LLVM)
///   KernelABIPass         kernels, parameters, launch bounds
///   RetargetModulePass    triple, datalayout, attributes, globals, flags
///   ByvalArgumentsPass    byval struct parameters of device functions
///                         passed by value (in registers)
///   PrivateAllocasPass    allocas -> addrspace(5)
///   DeviceServicesPass    vprintf, __assertfail -> buffered printf, trap;
///                         malloc, free -> Ferry's device heap
///   VerifyTranslatedPass  nothing NVVM survives
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_TRANSLATIONPASSES_H
#define FERRY_PASSES_TRANSLATIONPASSES_H

#include "TranslateTarget.h"

#include "llvm/IR/PassManager.h"

namespace ferry {

/// Declares a module pass that runs for a TranslateTarget.
#define FERRY_TRANSLATION_PASS(CLASS)                                          \
  class CLASS : public llvm::PassInfoMixin<CLASS> {                            \
  public:                                                                      \
    explicit CLASS(TranslateTarget T) : T(std::move(T)) {}                     \
    llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &); \
    static bool isRequired() { return true; }                                  \
                                                                               \
  private:                                                                     \
    TranslateTarget T;                                                         \
  };

FERRY_TRANSLATION_PASS(NVVMReflectPass)
FERRY_TRANSLATION_PASS(LowerPTXAsmPass)
FERRY_TRANSLATION_PASS(AtomicScopesPass)
FERRY_TRANSLATION_PASS(LowerNVVMIntrinsicsPass)
FERRY_TRANSLATION_PASS(LowerLibdevicePass)
FERRY_TRANSLATION_PASS(KernelABIPass)
FERRY_TRANSLATION_PASS(RetargetModulePass)
FERRY_TRANSLATION_PASS(ByvalArgumentsPass)
FERRY_TRANSLATION_PASS(PrivateAllocasPass)
FERRY_TRANSLATION_PASS(DeviceServicesPass)

#undef FERRY_TRANSLATION_PASS

/// Calls of C math functions by their C names (`hypot`, `cbrt`: CCCL's
/// cuda::std:: under nvcc's macros, `__builtin_*`) and of LLVM's math
/// intrinsics that GPU backends do not select for every type (`llvm.sin`,
/// `llvm.exp`, `llvm.pow` of double: "Cannot select fsin") become calls of
/// libdevice's functions, which both targets have. True if any changed.
bool redirectMathToLibdevice(llvm::Module &M);

/// Whether libdevice function \p Name has a translation; \p Target (if
/// given) receives what it becomes or why it is rejected.
bool isLibdeviceFunctionMapped(llvm::StringRef Name, std::string *Target);

/// "{ add.f16 $0,$1,$2;\n}" -> "add.f16 $0,$1,$2": the form the emulator's
/// table of inline-PTX templates uses.
std::string normalizePTX(llvm::StringRef Text);

/// Adds the whole translation for \p T to \p MPM.
void buildTranslationPipeline(llvm::ModulePassManager &MPM,
                              const TranslateTarget &T);

} // namespace ferry

#endif

//===- RetargetModule.cpp - The module becomes an AMDGPU module -----------===//
///
/// \file
/// Map §0: triple and datalayout; NVPTX function attributes replaced by the
/// target's (a leftover target-cpu=sm_80 crashes AMDGPU codegen); the
/// ptx_device calling convention becomes C; globals in
/// the generic address space moved to global (1) or constant (4) memory;
/// device variables made visible to the loader; dynamic shared memory aligned
/// to 16 bytes as CUDA guarantees; NVVM module flags and named metadata
/// replaced by the code-object-version flag.
///
//===----------------------------------------------------------------------===//
#include "TranslationPasses.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-retarget"

using namespace llvm;

namespace ferry {

/// The datalayout clang 19 uses for AMDGPU (HIP).
static const char AMDGPUDataLayout[] =
    "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-"
    "p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-"
    "v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-"
    "n32:64-S32-A5-G1-ni:7:8:9";

static void retargetFunction(Function &F, const TranslateTarget &T) {
  // NVVM's device-function convention is C's; AMDGPU aborts on it.
  if (F.getCallingConv() == CallingConv::PTX_Device)
    F.setCallingConv(CallingConv::C);
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I);
        CB && CB->getCallingConv() == CallingConv::PTX_Device)
      CB->setCallingConv(CallingConv::C);
  const bool FTZ = F.getFnAttribute("nvptx-f32ftz").getValueAsString() == "true";
  // "frame-pointer"="all" (clang's default for CUDA device code) makes
  // every AMDGPU function set up s33 and costs SGPRs; HIP omits it.
  for (StringRef A : {"target-cpu", "target-features", "tune-cpu", "nvptx-f32ftz",
                      "frame-pointer"})
    F.removeFnAttr(A);
  if (FTZ && !F.hasFnAttribute("denormal-fp-math-f32"))
    F.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
  if (F.isDeclaration())
    return;
  // Code objects are shared objects: an exported device function with
  // default visibility would be preemptible, and lld rejects the direct
  // calls to it. Protected keeps it exported (for device-function libraries)
  // and non-preemptible.
  if (!F.hasLocalLinkage() && F.hasDefaultVisibility())
    F.setVisibility(GlobalValue::ProtectedVisibility);
  F.addFnAttr("target-cpu", T.Processor);
  F.addFnAttr("target-features", T.featureString());
}

/// Moves a generic-address-space global to global or constant memory; its
/// users see a flat pointer to it, as before.
static void moveToSpecificSpace(GlobalVariable &GV) {
  const unsigned AS = GV.isConstant() ? 4 : 1;
  auto *New = new GlobalVariable(
      *GV.getParent(), GV.getValueType(), GV.isConstant(), GV.getLinkage(),
      GV.hasInitializer() ? GV.getInitializer() : nullptr, "", &GV,
      GV.getThreadLocalMode(), AS, GV.isExternallyInitialized());
  New->copyAttributesFrom(&GV);
  New->takeName(&GV);
  // Not preemptible, as the variables of retargetGlobals: code refers to it
  // PC-relative (vtables, string tables of C++ code).
  if (!New->hasLocalLinkage() && New->hasDefaultVisibility())
    New->setVisibility(GlobalValue::ProtectedVisibility);
  SmallVector<std::pair<unsigned, MDNode *>, 2> MDs;
  GV.getAllMetadata(MDs);
  for (auto &[Kind, MD] : MDs)
    New->setMetadata(Kind, MD);
  GV.replaceAllUsesWith(ConstantExpr::getAddrSpaceCast(New, GV.getType()));
  GV.eraseFromParent();
}

/// CUDA's builtin variables (threadIdx, blockIdx, blockDim, gridDim,
/// warpSize: objects of clang's `__cuda_builtin_*_t` types), which clang
/// declares and never defines: code compiled at -O0 still passes their
/// address to their conversion operators (`dim3 t = threadIdx;`), which
/// read the special registers, not the object. An undefined weak symbol
/// would stay in the code object (and an emulated image would not load).
static bool isCudaBuiltinVariable(const GlobalVariable &GV) {
  auto *T = dyn_cast<StructType>(GV.getValueType());
  return GV.isDeclaration() && T && T->hasName() && T->isSized() &&
         T->getName().starts_with("struct.__cuda_builtin_");
}

static void retargetGlobals(Module &M) {
  SmallVector<GlobalVariable *, 8> Generic;
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm."))
      continue;
    if (isCudaBuiltinVariable(GV)) { // an object nothing reads
      GV.setInitializer(Constant::getNullValue(GV.getValueType()));
      GV.setLinkage(GlobalValue::InternalLinkage);
    }
    const unsigned AS = GV.getAddressSpace();
    if (AS == 0) {
      Generic.push_back(&GV);
      continue;
    }
    // __device__ and __constant__ variables: the loader must see them.
    if ((AS == 1 || AS == 4) && !GV.hasLocalLinkage() &&
        GV.getVisibility() == GlobalValue::DefaultVisibility)
      GV.setVisibility(GlobalValue::ProtectedVisibility);
    // A zero initializer of a shared variable, which NVPTX drops (shared
    // memory starts undefined; checkNVVMInput refuses others): AMDGPU
    // refuses any.
    if (AS == 3 && GV.hasInitializer() && GV.getInitializer()->isNullValue())
      GV.setInitializer(UndefValue::get(GV.getValueType()));
    // extern __shared__: CUDA guarantees 16-byte alignment of dynamic shared
    // memory; AMDGPU aligns it to the largest declared alignment.
    if (AS == 3 && GV.isDeclaration() && GV.getAlign().valueOrOne() < Align(16))
      GV.setAlignment(Align(16));
  }
  for (GlobalVariable *GV : Generic)
    moveToSpecificSpace(*GV);
}

/// Drops the NVVM module flags (nvvm-reflect-ftz is consumed by the reflect
/// pass) and sets amdhsa_code_object_version.
static void retargetModuleFlags(Module &M, const TranslateTarget &T) {
  if (NamedMDNode *Flags = M.getModuleFlagsMetadata()) {
    SmallVector<MDNode *, 8> Keep;
    for (MDNode *Flag : Flags->operands()) {
      auto *Key = Flag->getNumOperands() > 1 ? dyn_cast<MDString>(Flag->getOperand(1)) : nullptr;
      // "frame-pointer" would give functions the backend creates a frame
      // pointer again (see retargetFunction).
      if (Key && (Key->getString() == "nvvm-reflect-ftz" ||
                  Key->getString() == "amdhsa_code_object_version" ||
                  Key->getString() == "frame-pointer"))
        continue;
      Keep.push_back(Flag);
    }
    Flags->clearOperands();
    for (MDNode *Flag : Keep)
      Flags->addOperand(Flag);
  }
  M.addModuleFlag(Module::Error, "amdhsa_code_object_version",
                  T.CodeObjectVersion * 100);
  for (StringRef Name : {"nvvmir.version", "nvvm.internalize.after.link",
                         "nvvm.annotations"})
    if (NamedMDNode *N = M.getNamedMetadata(Name))
      M.eraseNamedMetadata(N);
}

PreservedAnalyses RetargetModulePass::run(Module &M, ModuleAnalysisManager &) {
  if (!M.getModuleInlineAsm().empty())
    M.getContext().emitError(
        "module-level inline assembly (PTX) cannot be translated to AMDGPU");
  M.setTargetTriple("amdgcn-amd-amdhsa");
  M.setDataLayout(AMDGPUDataLayout);
  for (Function &F : M)
    if (!F.isIntrinsic())
      retargetFunction(F, T);
  retargetGlobals(M);
  retargetModuleFlags(M, T);
  return PreservedAnalyses::none();
}

} // namespace ferry

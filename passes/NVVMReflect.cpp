//===- NVVMReflect.cpp - Fold __nvvm_reflect ------------------------------===//
///
/// \file
/// libdevice and CUDA headers ask the compiler about the target with
/// __nvvm_reflect("name") / llvm.nvvm.reflect. For AMDGPU: __CUDA_FTZ is the
/// module's nvvm-reflect-ftz flag, __CUDA_ARCH the SM the IR was written for
/// (TranslateTarget::CudaArch), __CUDA_PREC_SQRT 1 (CUDA's default
/// -prec-sqrt=true; LLVM 19's own NVVMReflect folds it to 0; PTX under
/// --use_fast_math: TranslateTarget::PrecSqrt), anything else
/// 0. Also Ferry's own question, __ferry_target_is_amdgpu() (its device
/// library's acc_on_device): 1 for AMDGPU, 0 for PTX.
/// The pipeline runs SCCP and SimplifyCFG next, so that branches for other
/// architectures disappear before any intrinsic in them is looked at.
///
//===----------------------------------------------------------------------===//
#include "TranslationPasses.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-nvvm-reflect"

using namespace llvm;

namespace ferry {

PreservedAnalyses NVVMReflectPass::run(Module &M, ModuleAnalysisManager &) {
  unsigned FTZ = 0;
  if (auto *Flag = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag("nvvm-reflect-ftz")))
    FTZ = unsigned(Flag->getZExtValue());
  bool Changed = false;
  for (StringRef Name : {"__nvvm_reflect", "llvm.nvvm.reflect"}) {
    Function *F = M.getFunction(Name);
    if (!F)
      continue;
    for (User *U : make_early_inc_range(F->users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI)
        continue;
      StringRef Query;
      getConstantStringInfo(CI->getArgOperand(0), Query);
      uint64_t Value = StringSwitch<uint64_t>(Query)
                           .Case("__CUDA_FTZ", FTZ)
                           .Case("__CUDA_ARCH", T.CudaArch)
                           .Case("__CUDA_PREC_SQRT", T.PrecSqrt)
                           .Default(0);
      CI->replaceAllUsesWith(ConstantInt::get(CI->getType(), Value));
      CI->eraseFromParent();
      Changed = true;
    }
    if (F->use_empty())
      F->eraseFromParent();
  }
  if (Function *F = M.getFunction("__ferry_target_is_amdgpu")) {
    for (User *U : make_early_inc_range(F->users()))
      if (auto *CI = dyn_cast<CallInst>(U)) {
        CI->replaceAllUsesWith(ConstantInt::get(CI->getType(), T.ForAMDGPU));
        CI->eraseFromParent();
        Changed = true;
      }
    if (F->use_empty())
      F->eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry

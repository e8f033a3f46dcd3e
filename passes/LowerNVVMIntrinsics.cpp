//===- LowerNVVMIntrinsics.cpp - llvm.nvvm.* calls to AMDGPU IR -----------===//
///
/// \file
/// Replaces every call of an llvm.nvvm.* function by the lowering its row in
/// NVVMIntrinsics.def names. Overloaded intrinsics are looked up by their
/// base name; names LLVM does not know (libNVVM's shfl.sync.i32, CUDA's
/// tanh.approx.f32) by their full name. Names with no row are left for the
/// final checker, which rejects them.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "TranslationPasses.h"

#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-lower-nvvm-intrinsics"

using namespace llvm;

namespace ferry {

/// The name a function is looked up by in the table.
static StringRef lookupName(const Function &F) {
  if (Intrinsic::ID ID = F.getIntrinsicID())
    return Intrinsic::getBaseName(ID);
  return F.getName();
}

PreservedAnalyses LowerNVVMIntrinsicsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!F.getName().starts_with("llvm.nvvm."))
      continue;
    StringRef Name = lookupName(F);
    const IntrinsicRow *Row = findIntrinsicRow(Name);
    if (!Row)
      continue;
    Changed |= lowerDirectCalls(F, [&](CallInst &CI) {
      IntrinsicLowering L(CI, Name, T);
      L.replaceCall(Row->Handler    ? Row->Handler(L, Row->Arg)
                    : Row->Diagnose ? Row->Diagnose(L, Row->Arg)
                                    : L.fail(Row->Reason));
    });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry

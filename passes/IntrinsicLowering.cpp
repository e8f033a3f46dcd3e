//===- IntrinsicLowering.cpp - Lowering one NVVM call ---------------------===//
///
/// \file
/// The table lookup and the helpers shared by every handler family.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "ModuleHelpers.h"
#include "Untranslatable.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {

static const IntrinsicRow Rows[] = {
#define FERRY_NVVM(NAME, HANDLER, ARG)                                         \
  {NAME, &HANDLER, #HANDLER, int(ARG), "", false},
#define FERRY_NVVM_PREFIX(PREFIX, HANDLER, ARG)                                \
  {PREFIX, &HANDLER, #HANDLER, int(ARG), "", true},
#define FERRY_NVVM_REJECT(NAME, WHY) {NAME, nullptr, "", 0, WHY, true},
#define FERRY_NVVM_REJECT_WITH(PREFIX, DIAGNOSE, WHY)                          \
  {PREFIX, nullptr, "", 0, WHY, true, &DIAGNOSE},
#include "NVVMIntrinsics.def"
};

ArrayRef<IntrinsicRow> intrinsicRows() { return Rows; }

const IntrinsicRow *findIntrinsicRow(StringRef Name) {
  const IntrinsicRow *Best = nullptr;
  for (const IntrinsicRow &R : Rows) {
    if (!R.IsPrefix) {
      if (R.Name == Name)
        return &R;
      continue;
    }
    if (Name.starts_with(R.Name) && (!Best || R.Name.size() > Best->Name.size()))
      Best = &R;
  }
  return Best;
}

Value *IntrinsicLowering::fail(const Twine &Why) {
  Failed = true;
  reportUntranslatable(CI, "'" + Name + "' cannot be translated to AMDGPU: " + Why);
  return nullptr;
}

void IntrinsicLowering::replaceCall(Value *Result) {
  if (Failed)
    Result = CI.getType()->isVoidTy() ? nullptr : PoisonValue::get(CI.getType());
  if (Result)
    CI.replaceAllUsesWith(Result);
  CI.eraseFromParent();
}

std::optional<uint64_t> IntrinsicLowering::constArg(unsigned I) const {
  // At -O0 the constant a caller passes reaches an inlined wrapper's
  // operand through the wrapper's spilled parameter.
  if (auto *C = dyn_cast<ConstantInt>(spilledValue(arg(I))))
    return C->getZExtValue();
  return std::nullopt;
}

Value *IntrinsicLowering::callLibrary(StringRef Fn, Type *Ret,
                                      ArrayRef<Value *> Args) {
  SmallVector<Type *, 4> Params;
  for (Value *A : Args)
    Params.push_back(A->getType());
  FunctionCallee Callee =
      module().getOrInsertFunction(Fn, FunctionType::get(Ret, Params, false));
  return B.CreateCall(Callee, Args);
}

Value *IntrinsicLowering::loadKernelState(unsigned Offset, Type *Ty,
                                          bool DispatchPacket) {
  Value *Base = B.CreateIntrinsic(DispatchPacket
                                      ? Intrinsic::amdgcn_dispatch_ptr
                                      : Intrinsic::amdgcn_implicitarg_ptr,
                                  {}, {});
  Value *Ptr = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset);
  LoadInst *L = B.CreateAlignedLoad(Ty, Ptr, Align(Ty->getPrimitiveSizeInBits() / 8));
  L->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(ctx(), {}));
  return L;
}

bool lowerDirectCalls(Function &F, function_ref<void(CallInst &)> Lower) {
  bool Changed = false;
  for (User *U : make_early_inc_range(F.users())) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || CI->getCalledFunction() != &F)
      continue;
    Lower(*CI);
    Changed = true;
  }
  if (F.use_empty())
    F.eraseFromParent();
  return Changed;
}

} // namespace ferry

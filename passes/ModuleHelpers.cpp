//===- ModuleHelpers.cpp - Functions the translator adds to a module ------===//
///
/// \file
/// Implementation of getOrCreateHelper, spilledValue and
/// inlineParameterWrappers.
///
//===----------------------------------------------------------------------===//
#include "ModuleHelpers.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace ferry {

Function *getOrCreateHelper(Module &M, StringRef Name, FunctionType *Ty,
                            bool Convergent,
                            function_ref<void(Function &)> Build) {
  if (Function *F = M.getFunction(Name))
    return F;
  Function *F = Function::Create(Ty, GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(Attribute::AlwaysInline);
  F->addFnAttr(Attribute::NoUnwind);
  if (Convergent)
    F->addFnAttr(Attribute::Convergent);
  Build(*F);
  return F;
}

/// The value \p V holds, where it is reloaded from a local that one store
/// fills (clang's unoptimized spill of a parameter); else \p V.
Value *spilledValue(Value *V) {
  V = V->stripPointerCasts();
  auto *Load = dyn_cast<LoadInst>(V);
  auto *Slot = Load ? dyn_cast<AllocaInst>(Load->getPointerOperand()->stripPointerCasts())
                    : nullptr;
  if (!Slot)
    return V;
  StoreInst *Only = nullptr;
  SmallVector<Value *, 4> Work{Slot};
  while (!Work.empty())
    for (User *U : Work.pop_back_val()->users()) {
      if (isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U))
        Work.push_back(U);
      else if (auto *S = dyn_cast<StoreInst>(U); S && S->getValueOperand() != Slot && !Only)
        Only = S;
      else if (!isa<LoadInst>(U) && !(isa<IntrinsicInst>(U) &&
                                      cast<IntrinsicInst>(U)->isLifetimeStartOrEnd()))
        return V;
    }
  return Only ? Only->getValueOperand()->stripPointerCasts() : V;
}

bool inlineParameterWrappers(Function &Callee, unsigned ArgNo, unsigned Levels) {
  bool Any = false;
  for (unsigned Level = 0; Level < Levels; ++Level) {
    SmallSetVector<Function *, 4> Wrappers;
    for (User *U : Callee.users())
      if (auto *Call = dyn_cast<CallBase>(U);
          Call && Call->getCalledFunction() == &Callee && ArgNo < Call->arg_size())
        if (auto *A = dyn_cast<Argument>(spilledValue(Call->getArgOperand(ArgNo)));
            A && A->getParent()->getCallingConv() != CallingConv::AMDGPU_KERNEL &&
            A->getParent()->getCallingConv() != CallingConv::PTX_Kernel)
          Wrappers.insert(A->getParent());
    bool Inlined = false;
    for (Function *W : Wrappers) {
      SmallVector<CallBase *, 4> Calls;
      for (User *U : W->users())
        if (auto *Call = dyn_cast<CallBase>(U); Call && Call->getCalledFunction() == W)
          Calls.push_back(Call);
      for (CallBase *Call : Calls) {
        InlineFunctionInfo Info;
        Inlined |= InlineFunction(*Call, Info).isSuccess();
      }
      if (W->use_empty() && W->isDiscardableIfUnused())
        W->eraseFromParent();
    }
    Any |= Inlined;
    if (!Inlined)
      break;
  }
  return Any;
}

} // namespace ferry

//===- PrivateAllocas.cpp - Stack objects live in addrspace(5) ------------===//
///
/// \file
/// NVVM allocas are in the generic address space; on AMDGPU an alloca must be
/// in the private address space 5 (an addrspace(0) alloca passes the
/// verifier but crashes instruction selection). Each one is recreated in
/// addrspace(5) and cast back to a flat pointer for its users;
/// InferAddressSpaces later turns the flat accesses into private ones.
/// Lifetime markers are recreated on the private alloca itself: LLVM 19's
/// InferAddressSpaces leaves them on the flat cast, and that cast keeps
/// AMDGPUPromoteAlloca from turning the alloca into a vector in registers
/// (libdevice's sin/cos argument reduction array went to LDS and scratch).
///
//===----------------------------------------------------------------------===//
#include "TranslationPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-private-allocas"

using namespace llvm;

namespace ferry {

/// Moves the lifetime markers of \p Old onto \p New (its private twin).
static void moveLifetimeMarkers(AllocaInst *Old, AllocaInst *New) {
  for (User *U : make_early_inc_range(Old->users())) {
    auto *II = dyn_cast<IntrinsicInst>(U);
    if (!II || !II->isLifetimeStartOrEnd() || II->getArgOperand(1) != Old)
      continue;
    IRBuilder<> B(II);
    auto *Size = cast<ConstantInt>(II->getArgOperand(0));
    CallInst *Marker = II->getIntrinsicID() == Intrinsic::lifetime_start
                           ? B.CreateLifetimeStart(New, Size)
                           : B.CreateLifetimeEnd(New, Size);
    Marker->setDebugLoc(II->getDebugLoc());
    II->eraseFromParent();
  }
}

PreservedAnalyses PrivateAllocasPass::run(Module &M, ModuleAnalysisManager &) {
  constexpr unsigned Private = 5;
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<AllocaInst *, 16> Generic;
    for (Instruction &I : instructions(F))
      if (auto *A = dyn_cast<AllocaInst>(&I); A && A->getAddressSpace() != Private)
        Generic.push_back(A);
    for (AllocaInst *A : Generic) {
      auto *New = new AllocaInst(A->getAllocatedType(), Private, A->getArraySize(),
                                 A->getAlign(), A->getName(), A->getIterator());
      New->setDebugLoc(A->getDebugLoc());
      moveLifetimeMarkers(A, New);
      auto *Cast = new AddrSpaceCastInst(New, A->getType(), A->getName() + ".flat",
                                         A->getIterator());
      A->replaceAllUsesWith(Cast);
      A->eraseFromParent();
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry

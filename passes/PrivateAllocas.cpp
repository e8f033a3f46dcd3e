//===- PrivateAllocas.cpp - Stack objects live in addrspace(5) ------------===//
///
/// \file
/// NVVM allocas are in the generic address space; on AMDGPU an alloca must be
/// in the private address space 5 (an addrspace(0) alloca passes the
/// verifier but crashes instruction selection). Each one is recreated in
/// addrspace(5) and cast back to a flat pointer for its users;
/// InferAddressSpaces later turns the flat accesses into private ones.
///
//===----------------------------------------------------------------------===//
#include "TranslationPasses.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-private-allocas"

using namespace llvm;

namespace ferry {

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

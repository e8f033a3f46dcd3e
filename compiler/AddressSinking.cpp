//===- AddressSinking.cpp - Addresses next to their accesses --------------===//
///
/// \file
/// The optimized IR keeps the order in which the incoming NVVM computed
/// things, and the AMDGPU machine scheduler mostly follows it. A 64-bit
/// address computed early (stencil_1d: the output address before the
/// division whose result is stored there) holds two VGPRs across everything
/// in between, where HIP's order (the same instructions) computes it last.
/// Each load and store therefore gets its address -- a getelementptr used
/// only by it, and an index sign/zero extension used only by that -- moved
/// down to just before it, within the block. The operands those use stay
/// where they are: a 32-bit index then lives a little longer instead of a
/// 64-bit address.
///
//===----------------------------------------------------------------------===//
#include "AddressSinking.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {

/// \p I when it is an instruction of \p BB used only once.
static Instruction *singleUseIn(Value *V, BasicBlock *BB) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || I->getParent() != BB || !I->hasOneUse() || isa<PHINode>(I))
    return nullptr;
  return I;
}

bool sinkAddressesToAccesses(Module &M) {
  bool Changed = false;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB) {
        Value *Ptr = getLoadStorePointerOperand(&I);
        auto *GEP = dyn_cast_or_null<GetElementPtrInst>(
            Ptr ? singleUseIn(Ptr, &BB) : nullptr);
        if (!GEP || GEP->getNextNode() == &I)
          continue;
        GEP->moveBefore(&I);
        for (Use &Index : GEP->indices())
          if (auto *Ext = dyn_cast_or_null<CastInst>(singleUseIn(Index, &BB)))
            if (isa<SExtInst, ZExtInst>(Ext))
              Ext->moveBefore(GEP);
        Changed = true;
      }
  return Changed;
}

} // namespace ferry

//===- PrivateArrayOffsets.cpp - Private arrays AMDGPU can promote --------===//
///
/// \file
/// AMDGPU keeps a private array out of scratch memory (in registers, or in
/// LDS for the work-group) only when every address into it is provably in
/// bounds: AMDGPUPromoteAlloca gives up at the first `getelementptr`
/// without `inbounds`. clang's NVPTX pipeline leaves such an address where a
/// loop indexes an array with an offset (`v[i - 1]`): LICM hoists
/// `gep i8, %v, -1` out of the loop (not in bounds: it points before the
/// array) and the loop adds `i` to it. HeCBench's n-queens kernel
/// (`char vertice[20]`, read at `vertice[i - 1]` and `vertice[i - 2]`) kept
/// its array in 24 bytes of scratch per work-item for that; HIP, whose
/// pipeline never hoists the offset, has it in LDS. Ferry folds the two
/// steps back into one address, `gep inbounds %v, i - 1`, which is in bounds
/// wherever it is loaded from or stored to (any other access would be
/// undefined), so only addresses used by loads and stores are folded.
///
//===----------------------------------------------------------------------===//
#include "PrivateArrayOffsets.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {

/// Whether \p V is only the address of loads and stores.
static bool onlyAccessed(const Value *V) {
  for (const User *U : V->users()) {
    if (const auto *L = dyn_cast<LoadInst>(U); L && !L->isVolatile())
      continue;
    if (const auto *S = dyn_cast<StoreInst>(U);
        S && !S->isVolatile() && S->getPointerOperand() == V && S->getValueOperand() != V)
      continue;
    return false;
  }
  return true;
}

/// `gep T, Base, Offset` with one index, Base a private array.
static bool isSimpleOffset(const GetElementPtrInst *G) {
  return G && G->getNumIndices() == 1 && G->getPointerAddressSpace() == 5;
}

unsigned foldPrivateArrayOffsets(Module &M) {
  unsigned Folded = 0;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    SmallVector<AllocaInst *, 4> Arrays;
    for (Instruction &I : F.getEntryBlock())
      if (auto *A = dyn_cast<AllocaInst>(&I); A && A->getAddressSpace() == 5)
        Arrays.push_back(A);
    for (AllocaInst *A : Arrays) {
      SmallVector<GetElementPtrInst *, 4> Offsets;
      for (User *U : A->users())
        if (auto *G = dyn_cast<GetElementPtrInst>(U);
            isSimpleOffset(G) && !G->isInBounds() && G->getPointerOperand() == A &&
            isa<ConstantInt>(G->getOperand(1)))
          Offsets.push_back(G);
      for (GetElementPtrInst *Outer : Offsets) {
        SmallVector<GetElementPtrInst *, 4> Inner;
        for (User *U : Outer->users()) {
          auto *G = dyn_cast<GetElementPtrInst>(U);
          if (!isSimpleOffset(G) || G->getPointerOperand() != Outer ||
              G->getSourceElementType() != Outer->getSourceElementType() ||
              G->getOperand(1)->getType() != Outer->getOperand(1)->getType() ||
              !onlyAccessed(G))
            continue;
          Inner.push_back(G);
        }
        for (GetElementPtrInst *G : Inner) {
          IRBuilder<> B(G);
          Value *Index = B.CreateAdd(G->getOperand(1), Outer->getOperand(1),
                                     G->getName() + ".index");
          Value *Address = B.CreateInBoundsGEP(G->getSourceElementType(), A, Index,
                                               G->getName());
          G->replaceAllUsesWith(Address);
          G->eraseFromParent();
          ++Folded;
        }
        if (Outer->use_empty())
          Outer->eraseFromParent();
      }
    }
  }
  return Folded;
}

} // namespace ferry

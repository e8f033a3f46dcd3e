//===- IncomingUnrolling.cpp - Keep NVPTX's unrolling decisions -----------===//
///
/// \file
/// clang's NVPTX pipeline runtime-unrolls loops whose trip count is known
/// only at run time (a `j += blockDim.y` tile loop becomes a 2x body with a
/// remainder). The AMDGPU pipeline then finds the trip count already
/// computed, so expanding it looks cheap, and runtime-unrolls the unrolled
/// body again: transpose_padded's tile loops went from two loads each (HIP's
/// code, where the same loops stay rolled) to seven, with 21 VGPRs against
/// HIP's 8 and five times the code. Loops that arrive from NVVM therefore
/// keep NVPTX's runtime unrolling and get no second one; full unrolling (which
/// AMDGPU wants more of for loops over private arrays) is untouched.
///
/// Nor are they vectorized again: a CUDA thread's loop is written for one
/// lane, and the loop vectorizer, which finds nothing to do for NVPTX, widens
/// it for gfx90a's packed f32 arithmetic by running two iterations at once:
/// a grid-stride loop (HeCBench's moe-sum, `for (i = tid; i < n; i +=
/// stride)`) then gathers each operand with scalar loads, 54 VGPRs against
/// HIP's 22 (30 without the second vectorization).
///
//===----------------------------------------------------------------------===//
#include "IncomingUnrolling.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace ferry {

bool keepIncomingUnrolling(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    DominatorTree DT(F);
    LoopInfo LI(DT);
    for (Loop *L : LI.getLoopsInPreorder()) {
      if (!L->getLoopLatch())
        continue;
      addStringMetadataToLoop(L, "llvm.loop.unroll.runtime.disable");
      addStringMetadataToLoop(L, "llvm.loop.vectorize.enable", 0);
      Changed = true;
    }
  }
  return Changed;
}

} // namespace ferry

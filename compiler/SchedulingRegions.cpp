//===- SchedulingRegions.cpp - Bounded machine-scheduling regions ---------===//
///
/// \file
/// The AMDGPU machine scheduler works on regions between scheduling
/// boundaries (calls, terminators, barriers), and the cost of building and
/// scheduling a region grows faster than its size: a block of about 15 000
/// instructions (a kernel whose loops `#pragma unroll` flattened, 1 024
/// inlined sin/exp) spends 9.5 of its 10.4 s of code generation there, for
/// gfx90a as for HIP's own compile of the same source once its math is
/// inlined. Ferry therefore cuts each basic block of more than
/// `-ferry-sched-block-size` instructions (default 4000, and at least twice
/// the region size) into regions of `-ferry-sched-region-size` (default 500)
/// with `llvm.amdgcn.sched.barrier(0)`, which nothing is scheduled across:
/// the scheduler still reorders freely inside a region, and ordinary
/// kernels, whose blocks are far smaller, are untouched. Blocks of a few
/// thousand instructions stay whole: cutting LULESH's force kernel `fb`
/// (a block of 1 000-2 000) raised its scratch from 172 to 324 bytes
/// (HIP: 148), for a compile time that is 0.5 s either way.
/// Measured on that kernel (gfx90a, llc -O3): 11.4 s -> 3.9 s of
/// compilation; scratch 388 -> 404 bytes (the regions keep their own
/// pressure); see test/codegen/scheduling-regions.test.
///
//===----------------------------------------------------------------------===//
#include "SchedulingRegions.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<unsigned> RegionSize(
    "ferry-sched-region-size", cl::init(500),
    cl::desc("Instructions per machine-scheduling region in basic blocks of more than "
             "twice as many (AMDGPU; 0: blocks stay whole)"));

static cl::opt<unsigned> BlockSize(
    "ferry-sched-block-size", cl::init(4000),
    cl::desc("Basic blocks of more instructions than this (and than twice "
             "-ferry-sched-region-size) are cut into scheduling regions (AMDGPU)"));

namespace ferry {

unsigned boundSchedulingRegions(Module &M) {
  const unsigned Window = RegionSize;
  if (Window == 0)
    return 0;
  const int64_t Cut = std::max<int64_t>(2 * int64_t(Window), BlockSize);
  unsigned Barriers = 0;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (BasicBlock &BB : F) {
      if (BB.sizeWithoutDebug() <= Cut)
        continue;
      SmallVector<Instruction *, 16> Cuts;
      unsigned Count = 0;
      for (Instruction &I : make_range(BB.getFirstNonPHIIt(), BB.end())) {
        if (I.isDebugOrPseudoInst() || I.isTerminator())
          continue;
        if (++Count % Window == 0)
          Cuts.push_back(I.getNextNode());
      }
      for (Instruction *Before : Cuts) {
        IRBuilder<> B(Before);
        B.CreateIntrinsic(Intrinsic::amdgcn_sched_barrier, {}, {B.getInt32(0)});
        ++Barriers;
      }
    }
  }
  return Barriers;
}

} // namespace ferry

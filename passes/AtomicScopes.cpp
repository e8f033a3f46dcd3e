//===- AtomicScopes.cpp - CUDA atomics are relaxed and device-scoped ------===//
///
/// \file
/// LLVM <= 19 NVPTX lowers every atomicrmw/cmpxchg to a relaxed, device-scope
/// `atom`, whatever ordering the IR says; CUDA documents atomics as relaxed.
/// AMDGPU takes IR literally (system scope + seq_cst = cache writeback and
/// invalidate per atomic), so the faithful and fast translation is
/// syncscope("agent") monotonic, with explicit fences ordering memory.
/// NVPTX scope names become AMDGPU ones for fences and atomic loads/stores.
/// Float atomics get "amdgpu-unsafe-fp-atomics" (native instructions; valid
/// on coarse-grained device memory) unless the target disables it.
///
//===----------------------------------------------------------------------===//
#include "TranslationPasses.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-atomic-scopes"

using namespace llvm;

namespace ferry {

/// The AMDGPU scope for an NVPTX one; \p Default for the system scope.
static SyncScope::ID mapScope(LLVMContext &Ctx, SyncScope::ID S,
                              SyncScope::ID Default) {
  if (S == SyncScope::System)
    return Default;
  if (S == SyncScope::SingleThread)
    return S;
  SmallVector<StringRef, 8> Names;
  Ctx.getSyncScopeNames(Names);
  StringRef Name = S < Names.size() ? Names[S] : "";
  if (Name == "block" || Name == "cta")
    return Ctx.getOrInsertSyncScopeID("workgroup");
  if (Name == "cluster" || Name == "device" || Name == "gpu")
    return Ctx.getOrInsertSyncScopeID("agent");
  return S;
}

PreservedAnalyses AtomicScopesPass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  const SyncScope::ID Agent = Ctx.getOrInsertSyncScopeID("agent");
  bool Changed = false;
  for (Function &F : M) {
    bool FloatAtomics = false;
    for (Instruction &I : instructions(F)) {
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
        RMW->setSyncScopeID(mapScope(Ctx, RMW->getSyncScopeID(), Agent));
        RMW->setOrdering(AtomicOrdering::Monotonic);
        FloatAtomics |= RMW->isFloatingPointOperation();
        Changed = true;
      } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
        CX->setSyncScopeID(mapScope(Ctx, CX->getSyncScopeID(), Agent));
        CX->setSuccessOrdering(AtomicOrdering::Monotonic);
        CX->setFailureOrdering(AtomicOrdering::Monotonic);
        Changed = true;
      } else if (auto *Fence = dyn_cast<FenceInst>(&I)) {
        Fence->setSyncScopeID(
            mapScope(Ctx, Fence->getSyncScopeID(), SyncScope::System));
      } else if (auto *LI = dyn_cast<LoadInst>(&I); LI && LI->isAtomic()) {
        LI->setSyncScopeID(mapScope(Ctx, LI->getSyncScopeID(), SyncScope::System));
      } else if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->isAtomic()) {
        SI->setSyncScopeID(mapScope(Ctx, SI->getSyncScopeID(), SyncScope::System));
      }
    }
    if (FloatAtomics && T.UnsafeFPAtomics)
      F.addFnAttr("amdgpu-unsafe-fp-atomics", "true");
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry

//===- Synchronization.cpp - Barriers and fences on AMDGPU ----------------===//
///
/// \file
/// Handlers for barriers and memory fences (map §2). s_barrier alone orders
/// no memory, so every block barrier is release fence, s_barrier, acquire
/// fence at workgroup scope, like HIP's __syncthreads.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"

#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;

namespace ferry {

static void fencedBarrier(IntrinsicLowering &L, StringRef Scope,
                          Intrinsic::ID Barrier) {
  SyncScope::ID S = L.ctx().getOrInsertSyncScopeID(Scope);
  L.B.CreateFence(AtomicOrdering::Release, S);
  L.B.CreateIntrinsic(Barrier, {}, {});
  L.B.CreateFence(AtomicOrdering::Acquire, S);
}

/// barrier0 (Arg 0); barrier.sync / bar.sync (Arg 1) with barrier id 0.
Value *lowerBlockBarrier(IntrinsicLowering &L, int HasId) {
  if (HasId) {
    std::optional<uint64_t> Id = L.constArg(0);
    if (!Id)
      return L.fail("the barrier id is not a constant");
    if (*Id != 0)
      return L.fail("named barrier " + Twine(*Id) +
                    ": AMDGPU has a single workgroup barrier");
  }
  fencedBarrier(L, "workgroup", Intrinsic::amdgcn_s_barrier);
  return nullptr;
}

/// barrier0.popc/and/or: a block barrier that also reduces a predicate,
/// through ockl's workgroup reductions (they contain the barrier).
Value *lowerBarrierReduce(IntrinsicLowering &L, int Op) {
  static const char *const Fns[] = {"__ockl_wgred_add_i32", "__ockl_wgred_and_i32",
                                    "__ockl_wgred_or_i32"};
  Value *Pred = L.B.CreateZExt(
      L.B.CreateICmpNE(L.arg(0), ConstantInt::get(L.arg(0)->getType(), 0)),
      L.B.getInt32Ty());
  Value *R = L.callLibrary(Fns[Op], L.B.getInt32Ty(), {Pred});
  cast<CallInst>(R)->addFnAttr(Attribute::Convergent);
  return R;
}

/// bar.warp.sync (__syncwarp): the lanes of a wave execute in lockstep, so
/// only compiler motion and memory visibility inside the wave matter.
Value *lowerWarpBarrier(IntrinsicLowering &L, int) {
  fencedBarrier(L, "wavefront", Intrinsic::amdgcn_wave_barrier);
  return nullptr;
}

static void fenceAt(IntrinsicLowering &L, int Scope) {
  static const char *const Scopes[] = {"workgroup", "agent", ""};
  SyncScope::ID S = Scope == 2 ? SyncScope::System
                               : L.ctx().getOrInsertSyncScopeID(Scopes[Scope]);
  L.B.CreateFence(AtomicOrdering::SequentiallyConsistent, S);
}

/// membar.cta (0), membar.gl (1), membar.sys (2), fence.sc.cluster (1).
Value *lowerFence(IntrinsicLowering &L, int Scope) {
  fenceAt(L, Scope);
  return nullptr;
}

/// libNVVM llvm.nvvm.membar(i32 flags): flags & 15 is 0 GLOBAL, 1 CTA,
/// 2 SYSTEM, 4 CLUSTER.
Value *lowerFenceFlags(IntrinsicLowering &L, int) {
  std::optional<uint64_t> Flags = L.constArg(0);
  if (!Flags)
    return L.fail("the membar flags are not a constant");
  switch (*Flags & 15) {
  case 0:
  case 4:
    fenceAt(L, 1);
    return nullptr;
  case 1:
    fenceAt(L, 0);
    return nullptr;
  case 2:
    fenceAt(L, 2);
    return nullptr;
  default:
    return L.fail("unknown membar flags " + Twine(*Flags));
  }
}

/// Cluster barriers for clusters of one block: arrive releases, wait is the
/// block barrier with an acquire.
Value *lowerClusterBarrier(IntrinsicLowering &L, int Wait) {
  SyncScope::ID S = L.ctx().getOrInsertSyncScopeID("workgroup");
  if (!Wait) {
    L.B.CreateFence(AtomicOrdering::Release, S);
    return nullptr;
  }
  L.B.CreateIntrinsic(Intrinsic::amdgcn_s_barrier, {}, {});
  L.B.CreateFence(AtomicOrdering::Acquire, S);
  return nullptr;
}

} // namespace ferry

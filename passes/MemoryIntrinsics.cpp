//===- MemoryIntrinsics.cpp - Atomics, loads, address spaces, misc --------===//
///
/// \file
/// Handlers for the NVVM atomic intrinsics (map §4), the read-only loads and
/// address-space intrinsics (§5) and the miscellaneous rows of §8.
/// Atomics follow CUDA's contract as NVPTX implements it: relaxed; device
/// scope unless the intrinsic names cta (workgroup) or sys (system).
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "ModuleHelpers.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {

/// atomic.load.inc.32 / atomic.load.dec.32 (atomicInc/atomicDec): CUDA's
/// wrap-around semantics are exactly LLVM's uinc_wrap / udec_wrap.
Value *lowerAtomicIntrinsic(IntrinsicLowering &L, int) {
  auto Op = L.Name.contains(".inc.") ? AtomicRMWInst::UIncWrap
                                     : AtomicRMWInst::UDecWrap;
  return L.B.CreateAtomicRMW(Op, L.arg(0), L.arg(1), MaybeAlign(),
                             AtomicOrdering::Monotonic,
                             L.ctx().getOrInsertSyncScopeID("agent"));
}

/// llvm.nvvm.atomic.<op>.gen.<i|f>.<cta|sys> (atomicAdd_block, ..._system).
/// max/min are signed even for the unsigned CUDA builtins, because clang
/// maps both to these intrinsics and NVPTX emits signed atom.max.
Value *lowerScopedAtomic(IntrinsicLowering &L, int) {
  SmallVector<StringRef, 4> Parts;
  L.Name.drop_front(strlen("llvm.nvvm.atomic.")).split(Parts, '.');
  if (Parts.size() < 4 || Parts[1] != "gen")
    return L.fail("unknown atomic intrinsic");
  StringRef Op = Parts[0], Kind = Parts[2], Scope = Parts[3];
  SyncScope::ID S = Scope == "cta" ? L.ctx().getOrInsertSyncScopeID("workgroup")
                    : Scope == "sys" ? SyncScope::System
                                     : L.ctx().getOrInsertSyncScopeID("agent");
  if (Op == "cas") {
    Value *Pair = L.B.CreateAtomicCmpXchg(L.arg(0), L.arg(1), L.arg(2),
                                          MaybeAlign(), AtomicOrdering::Monotonic,
                                          AtomicOrdering::Monotonic, S);
    return L.B.CreateExtractValue(Pair, 0);
  }
  std::optional<AtomicRMWInst::BinOp> BinOp;
  if (Op == "add")
    BinOp = Kind == "f" ? AtomicRMWInst::FAdd : AtomicRMWInst::Add;
  else if (Op == "exch")
    BinOp = AtomicRMWInst::Xchg;
  else if (Op == "max")
    BinOp = AtomicRMWInst::Max;
  else if (Op == "min")
    BinOp = AtomicRMWInst::Min;
  else if (Op == "inc")
    BinOp = AtomicRMWInst::UIncWrap;
  else if (Op == "dec")
    BinOp = AtomicRMWInst::UDecWrap;
  else if (Op == "and")
    BinOp = AtomicRMWInst::And;
  else if (Op == "or")
    BinOp = AtomicRMWInst::Or;
  else if (Op == "xor")
    BinOp = AtomicRMWInst::Xor;
  if (!BinOp)
    return L.fail("unknown atomic operation '" + Op + "'");
  if (*BinOp == AtomicRMWInst::FAdd && L.T.UnsafeFPAtomics)
    L.CI.getFunction()->addFnAttr("amdgpu-unsafe-fp-atomics", "true");
  return L.B.CreateAtomicRMW(*BinOp, L.arg(0), L.arg(1), MaybeAlign(),
                             AtomicOrdering::Monotonic, S);
}

/// ldg/ldu (__ldg): a load the kernel promises never aliases a store, from
/// global memory.
Value *lowerInvariantLoad(IntrinsicLowering &L, int) {
  Value *Ptr = L.arg(0);
  if (Ptr->getType()->getPointerAddressSpace() != 1)
    Ptr = L.B.CreateAddrSpaceCast(Ptr, L.B.getPtrTy(1));
  std::optional<uint64_t> A = L.constArg(1);
  LoadInst *Load = L.B.CreateAlignedLoad(L.retType(), Ptr, MaybeAlign(A ? *A : 0));
  Load->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(L.ctx(), {}));
  return Load;
}

/// llvm.nvvm.ptr.<from>.to.<to>: an addrspacecast.
Value *lowerPointerCast(IntrinsicLowering &L, int) {
  StringRef Rest = L.Name.drop_front(strlen("llvm.nvvm.ptr."));
  StringRef To = Rest.split(".to.").second.split('.').first;
  unsigned AS = StringSwitch<unsigned>(To)
                    .Case("gen", 0)
                    .Case("global", 1)
                    .Case("shared", 3)
                    .Cases("constant", "param", 4)
                    .Case("local", 5)
                    .Default(~0u);
  if (AS == ~0u)
    return L.fail("unknown address space '" + To + "'");
  return L.B.CreateAddrSpaceCast(L.arg(0), L.B.getPtrTy(AS));
}

/// isspacep.<space>(ptr): the flat-address aperture checks.
Value *lowerIsSpace(IntrinsicLowering &L, int AS) {
  IRBuilder<> &B = L.B;
  Value *P = L.arg(0);
  if (P->getType()->getPointerAddressSpace() != 0)
    P = B.CreateAddrSpaceCast(P, B.getPtrTy(0));
  auto Is = [&](Intrinsic::ID ID) { return B.CreateIntrinsic(ID, {}, {P}); };
  switch (AS) {
  case 3:
    return Is(Intrinsic::amdgcn_is_shared);
  case 5:
    return Is(Intrinsic::amdgcn_is_private);
  case 1:
    return B.CreateNot(B.CreateOr(Is(Intrinsic::amdgcn_is_shared),
                                  Is(Intrinsic::amdgcn_is_private)));
  default: // constant memory is not distinguishable from global on AMDGPU
    return B.getFalse();
  }
}

/// nanosleep(ns): s_sleep in steps of 16 units (one unit is 64 clocks,
/// about 32 ns at 2 GHz). A hint, in both models.
Value *lowerNanosleep(IntrinsicLowering &L, int) {
  LLVMContext &Ctx = L.ctx();
  Type *I32 = Type::getInt32Ty(Ctx);
  Function *F = getOrCreateHelper(
      L.module(), "__ferry_nanosleep",
      FunctionType::get(Type::getVoidTy(Ctx), {I32}, false),
      /*Convergent=*/false, [&](Function &F) {
        auto *Entry = BasicBlock::Create(Ctx, "entry", &F);
        auto *Loop = BasicBlock::Create(Ctx, "sleep", &F);
        auto *Exit = BasicBlock::Create(Ctx, "done", &F);
        IRBuilder<> B(Entry);
        Value *Units = B.CreateLShr(F.getArg(0), 9); // ns / 512 = 16-unit steps
        B.CreateCondBr(B.CreateICmpEQ(Units, B.getInt32(0)), Exit, Loop);
        B.SetInsertPoint(Loop);
        PHINode *N = B.CreatePHI(I32, 2);
        B.CreateIntrinsic(Intrinsic::amdgcn_s_sleep, {}, {B.getInt32(16)});
        Value *N2 = B.CreateSub(N, B.getInt32(1));
        B.CreateCondBr(B.CreateICmpEQ(N2, B.getInt32(0)), Exit, Loop);
        N->addIncoming(Units, Entry);
        N->addIncoming(N2, Loop);
        B.SetInsertPoint(Exit);
        B.CreateRetVoid();
      });
  L.B.CreateCall(F, {L.B.CreateZExtOrTrunc(L.arg(0), I32)});
  return nullptr;
}

/// Hints with no AMDGPU meaning (setmaxnreg).
Value *lowerDrop(IntrinsicLowering &, int) { return nullptr; }

/// cp.async's commit.group, wait.group and wait.all: every copy completed
/// where it was issued (lowerCpAsync).
Value *lowerCpAsyncWait(IntrinsicLowering &, int) { return nullptr; }

/// llvm.nvvm.cp.async.{ca,cg}.shared.global.<Bytes>(dst, src) and the .s
/// forms (dst, src, src_size): the copy at once, src_size bytes of src and
/// the rest of the Bytes zeroed (one schedule of the asynchronous copy).
Value *lowerCpAsync(IntrinsicLowering &L, int Bytes) {
  IRBuilder<> &B = L.B;
  Value *Size = B.getInt32(Bytes);
  if (L.CI.arg_size() > 2)
    Size = B.CreateIntrinsic(Intrinsic::umin, {B.getInt32Ty()},
                             {B.CreateZExtOrTrunc(L.arg(2), B.getInt32Ty()), Size});
  B.CreateMemCpy(L.arg(0), Align(Bytes), L.arg(1), Align(Bytes), Size);
  if (L.CI.arg_size() > 2)
    B.CreateMemSet(B.CreateGEP(B.getInt8Ty(), L.arg(0), Size), B.getInt8(0),
                   B.CreateSub(B.getInt32(Bytes), Size), Align(1));
  return nullptr;
}

/// compiler.error / compiler.warn (a message for the translator to report).
Value *lowerCompilerMessage(IntrinsicLowering &L, int IsError) {
  StringRef Message;
  getConstantStringInfo(L.arg(0), Message);
  if (IsError)
    return L.fail(Twine("compiler.error: ") + Message);
  reportUntranslatable(L.CI, Twine("compiler.warn: ") + Message, DS_Warning);
  return nullptr;
}

} // namespace ferry

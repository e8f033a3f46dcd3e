//===- PTXBarrierOps.cpp - Inline-PTX mbarrier objects ---------------------===//
///
/// \file
/// PTX's `mbarrier` objects (sm_80: libcu++'s `cuda::barrier` in shared
/// memory, `cuda::memcpy_async` with a barrier, hand-written pipelines) on
/// AMD GPUs. An mbarrier is a 64-bit word in memory; Ferry's layout holds
/// the arrivals the current phase still waits for (bits 0-30), the count
/// each phase expects (bits 31-61) and the current phase's parity (bit 63).
/// An arrival changes it with one work-group-scope compare-and-swap: the
/// one that completes the phase puts the expected count back and flips the
/// parity in the same step. The state an arrival returns is the word as it
/// found it, so a wait on that state is over once the parity differs.
///
/// Translated: `mbarrier.init`, `.arrive` (with a count, `.noComplete`),
/// `.arrive_drop`, `.test_wait` and `.try_wait` (with or without
/// `.parity`; a try_wait does not suspend), `.pending_count`, `.inval`, in
/// shared memory (`.shared`, `.shared::cta`) or by generic address, with
/// any `.release`/`.acquire`/`.relaxed` and `.cta`/`.cluster` qualifiers
/// (work-group scope), and `cp.async.mbarrier.arrive{.noinc}` (Ferry's
/// cp.async copies are done when issued: without `.noinc` it changes
/// nothing, with it it is an arrival). Refused with a reason: transaction
/// counts (`expect_tx`, `complete_tx`: TMA) and cluster shared memory.
///
//===----------------------------------------------------------------------===//
#include "PTXTranslator.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {
namespace {

constexpr uint64_t CountMask = (uint64_t(1) << 31) - 1;
constexpr unsigned ExpectedShift = 31;
constexpr unsigned ParityShift = 63;

SyncScope::ID workgroup(IRBuilder<> &B) {
  return B.getContext().getOrInsertSyncScopeID("workgroup");
}

/// The mbarrier word at \p Ptr, read atomically with \p Order.
LoadInst *loadWord(IRBuilder<> &B, Value *Ptr, AtomicOrdering Order) {
  LoadInst *Word = B.CreateLoad(B.getInt64Ty(), Ptr, "mbar.word");
  Word->setAtomic(Order, workgroup(B));
  Word->setAlignment(Align(8));
  return Word;
}

/// An arrival of \p Count on the mbarrier at \p Ptr (\p Drop: arrive_drop,
/// which also lowers the count later phases expect); the word before it.
Value *arrive(PTXTranslator &T, Value *Ptr, Value *Count, bool Drop) {
  IRBuilder<> &B = T.B;
  LLVMContext &Ctx = B.getContext();
  Function *F = T.CI.getFunction();
  Type *I64 = B.getInt64Ty();
  const Align Al(8);
  Count = B.CreateZExtOrTrunc(Count, I64);
  Value *First = loadWord(B, Ptr, AtomicOrdering::Monotonic);
  BasicBlock *Before = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(Ctx, "mbar.arrive", F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "mbar.arrived", F);
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  PHINode *Old = B.CreatePHI(I64, 2, "mbar.old");
  Old->addIncoming(First, Before);
  Value *Pending = B.CreateAnd(Old, CountMask);
  Value *Expected = B.CreateAnd(B.CreateLShr(Old, ExpectedShift), CountMask);
  if (Drop)
    Expected = B.CreateSub(Expected, Count);
  Value *Left = B.CreateSub(Pending, Count);
  Value *Parity = B.CreateAnd(Old, uint64_t(1) << ParityShift);
  Value *ExpectedBits = B.CreateShl(Expected, ExpectedShift);
  // The phase completes: its expected count again, the other parity.
  Value *Next = B.CreateSelect(
      B.CreateICmpULE(Pending, Count),
      B.CreateOr(B.CreateXor(Parity, uint64_t(1) << ParityShift),
                 B.CreateOr(ExpectedBits, Expected)),
      B.CreateOr(B.CreateOr(Parity, ExpectedBits), Left));
  AtomicCmpXchgInst *CAS =
      B.CreateAtomicCmpXchg(Ptr, Old, Next, Al, AtomicOrdering::AcquireRelease,
                            AtomicOrdering::Monotonic, workgroup(B));
  Value *Seen = B.CreateExtractValue(CAS, 0);
  Old->addIncoming(Seen, Loop);
  B.CreateCondBr(B.CreateExtractValue(CAS, 1), Done, Loop);
  B.SetInsertPoint(Done);
  return Old;
}

/// Whether the phase the state \p State (or, \p ByParity, the phase of that
/// parity) arrived in is complete at the mbarrier at \p Ptr.
Value *phaseComplete(PTXTranslator &T, Value *Ptr, Value *State, bool ByParity) {
  IRBuilder<> &B = T.B;
  Type *I64 = B.getInt64Ty();
  Value *Word = loadWord(B, Ptr, AtomicOrdering::Acquire);
  Value *Now = B.CreateLShr(Word, ParityShift);
  Value *Then = ByParity ? B.CreateAnd(B.CreateZExtOrTrunc(State, I64), 1)
                         : B.CreateLShr(State, ParityShift);
  return B.CreateICmpNE(Now, Then);
}

/// The state space of the mbarrier operand: 3 (shared) or 0 (generic);
/// std::nullopt after fail().
std::optional<unsigned> mbarrierSpace(PTXTranslator &T, const PTXStatement &S) {
  if (hasPart(S, "shared::cluster")) {
    T.fail("mbarrier objects in a cluster's shared memory are not translated (AMD GPUs have "
           "no thread-block clusters)");
    return std::nullopt;
  }
  return hasPart(S, "shared") || hasPart(S, "shared::cta") ? 3u : 0u;
}

} // namespace

bool ptxMbarrier(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  Type *I64 = B.getInt64Ty(), *I32 = B.getInt32Ty();
  const StringRef Op = S.Parts.size() > 1 ? S.Parts[1] : "";
  if (Op == "expect_tx" || Op == "complete_tx" || hasPart(S, "expect_tx"))
    return T.fail("mbarrier transaction counts (expect_tx, complete_tx: the Tensor Memory "
                  "Accelerator's bulk copies) are not translated");
  if (Op == "pending_count") {
    if (S.Operands.size() != 2)
      return T.fail("mbarrier.pending_count takes count, state");
    Value *State = T.read(S, 1, I64);
    if (!State)
      return false;
    return T.write(S.Operands[0], B.CreateTrunc(B.CreateAnd(State, CountMask), I32));
  }
  std::optional<unsigned> AS = mbarrierSpace(T, S);
  if (!AS)
    return false;
  const unsigned AddrOp = Op == "init" || Op == "inval" ? 0 : 1;
  if (S.Operands.size() <= AddrOp || S.Operands[AddrOp].K != PTXOperand::Address)
    return T.fail("mbarrier." + Op + " needs the barrier's [address]");
  Value *Ptr = T.address(S.Operands[AddrOp], *AS);
  if (!Ptr)
    return false;
  if (Op == "init" || Op == "inval") {
    Value *Word = B.getInt64(0);
    if (Op == "init") {
      if (S.Operands.size() != 2)
        return T.fail("mbarrier.init takes [address], count");
      Value *Count = T.read(S, 1, I32);
      if (!Count)
        return false;
      Value *C = B.CreateAnd(B.CreateZExt(Count, I64), CountMask);
      Word = B.CreateOr(B.CreateShl(C, ExpectedShift), C);
    }
    StoreInst *St = B.CreateStore(Word, Ptr);
    St->setAtomic(AtomicOrdering::Release, workgroup(B));
    St->setAlignment(Align(8));
    return true;
  }
  if (Op == "arrive" || Op == "arrive_drop") {
    Value *Count = S.Operands.size() > 2 ? T.read(S, 2, I32) : B.getInt32(1);
    if (!Count)
      return false;
    return T.write(S.Operands[0], arrive(T, Ptr, Count, Op == "arrive_drop"));
  }
  if (Op == "test_wait" || Op == "try_wait") {
    const bool ByParity = hasPart(S, "parity");
    if (S.Operands.size() < 3)
      return T.fail("mbarrier." + Op + " takes waitComplete, [address], state (or phaseParity)");
    Value *State = T.read(S, 2, ByParity ? I32 : I64);
    if (!State)
      return false;
    return T.write(S.Operands[0], phaseComplete(T, Ptr, State, ByParity));
  }
  return T.fail("mbarrier." + Op +
                " is not translated (translated: init, arrive, arrive_drop, test_wait, "
                "try_wait, pending_count, inval)");
}

bool ptxCpAsyncMbarrierArrive(PTXTranslator &T, const PTXStatement &S) {
  std::optional<unsigned> AS = mbarrierSpace(T, S);
  if (!AS)
    return false;
  if (S.Operands.size() != 1 || S.Operands[0].K != PTXOperand::Address)
    return T.fail("cp.async.mbarrier.arrive takes [address]");
  Value *Ptr = T.address(S.Operands[0], *AS);
  if (!Ptr)
    return false;
  // Without .noinc the pending count goes up by one and the copies'
  // completion takes it down again: nothing, the copies being done.
  if (hasPart(S, "noinc"))
    arrive(T, Ptr, T.B.getInt32(1), /*Drop=*/false);
  return true;
}

} // namespace ferry

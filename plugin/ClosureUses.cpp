//===- ClosureUses.cpp - The closure bytes a region's code reads ----------===//
///
/// \file
/// See ClosureUses.h.
///
//===----------------------------------------------------------------------===//
#include "ClosureUses.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

class ReadsFinder {
public:
  explicit ReadsFinder(const DataLayout &DL) : DL(DL) {}

  /// Follows \p V, the closure's address plus \p Offset.
  void walk(const Value *V, int64_t Offset);

  bool Escapes = false;
  std::vector<std::pair<uint64_t, uint64_t>> Reads;

private:
  void read(int64_t Offset, uint64_t Bytes) {
    if (Offset < 0)
      Escapes = true;
    else
      Reads.emplace_back(uint64_t(Offset), uint64_t(Offset) + Bytes);
  }
  void walkCall(const CallBase &Call, const Value *V, int64_t Offset);
  void walkSpill(const AllocaInst &Slot, int64_t Offset);

  const DataLayout &DL;
  DenseSet<std::pair<const Value *, int64_t>> Seen;
};

void ReadsFinder::walk(const Value *V, int64_t Offset) {
  // (A bound on the work: an unusual region is taken as reading all.)
  if (Escapes || !Seen.insert({V, Offset}).second)
    return;
  if (Seen.size() > 4096) {
    Escapes = true;
    return;
  }
  for (const User *U : V->users()) {
    if (Escapes)
      return;
    if (const auto *GEP = dyn_cast<GEPOperator>(U)) {
      APInt Delta(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
      if (GEP->getPointerOperand() != V || !GEP->accumulateConstantOffset(DL, Delta))
        Escapes = true; // a variable offset (or the closure as an index)
      else
        walk(GEP, Offset + Delta.getSExtValue());
    } else if (isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U)) {
      walk(U, Offset);
    } else if (const auto *L = dyn_cast<LoadInst>(U)) {
      read(Offset, DL.getTypeStoreSize(L->getType()));
    } else if (const auto *S = dyn_cast<StoreInst>(U)) {
      if (S->getValueOperand() != V)
        continue; // a store into the closure's bytes
      // clang's spill of a pointer parameter (`%this.addr`), read back.
      if (const auto *Slot = dyn_cast<AllocaInst>(S->getPointerOperand()))
        walkSpill(*Slot, Offset);
      else
        Escapes = true;
    } else if (const auto *Call = dyn_cast<CallBase>(U)) {
      walkCall(*Call, V, Offset);
    } else if (!isa<ICmpInst>(U)) {
      Escapes = true; // phi, select, ptrtoint, return, ...
    }
  }
}

void ReadsFinder::walkSpill(const AllocaInst &Slot, int64_t Offset) {
  for (const User *U : Slot.users()) {
    if (const auto *L = dyn_cast<LoadInst>(U); L && L->getType()->isPointerTy())
      walk(L, Offset);
    else if (const auto *S = dyn_cast<StoreInst>(U); S && S->getPointerOperand() == &Slot)
      continue; // (whatever else is stored there is followed where it comes from)
    else if (const auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
      continue;
    else
      Escapes = true;
  }
}

void ReadsFinder::walkCall(const CallBase &Call, const Value *V, int64_t Offset) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&Call)) {
    if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
      return;
    if (const auto *MT = dyn_cast<MemTransferInst>(II)) {
      const auto *Len = dyn_cast<ConstantInt>(MT->getLength());
      if (MT->getRawSource() != V)
        return; // (a copy into the closure's bytes reads none)
      // A copy into a local (the body lambda the chunk copies, a struct a C
      // region's block copies): the local's bytes are the closure's, what
      // reads them reads the closure (bytes around the copy taken for the
      // closure's around it: more read, never fewer).
      if (const auto *Local = dyn_cast<AllocaInst>(MT->getRawDest()); Local && Len)
        walk(Local, Offset);
      else if (Len)
        read(Offset, Len->getZExtValue());
      else
        Escapes = true;
      return;
    }
    if (isa<MemSetInst>(II))
      return;
    Escapes = true;
    return;
  }
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->isDeclaration() || Callee->isVarArg()) {
    Escapes = true;
    return;
  }
  for (unsigned I = 0; I < Call.arg_size() && I < Callee->arg_size(); ++I)
    if (Call.getArgOperand(I) == V) // (by value too: a copy of the bytes)
      walk(Callee->getArg(I), Offset);
}

} // namespace

std::optional<std::vector<std::pair<uint64_t, uint64_t>>>
closureReads(Function &Chunk, const DataLayout &DL) {
  if (Chunk.isDeclaration() || Chunk.arg_empty())
    return std::nullopt;
  ReadsFinder Finder(DL);
  Finder.walk(Chunk.getArg(0), 0);
  if (Finder.Escapes)
    return std::nullopt;
  return std::move(Finder.Reads);
}

} // namespace plugin
} // namespace ferry

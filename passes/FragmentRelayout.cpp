//===- FragmentRelayout.cpp - Fragments moved between warp layouts --------===//
///
/// \file
/// See FragmentRelayout.h.
///
//===----------------------------------------------------------------------===//
#include "FragmentRelayout.h"
#include "WarpBuilder.h"

#include "llvm/ADT/SmallSet.h"

#include <cassert>

using namespace llvm;

namespace ferry {

namespace {

bool isWide(ArrayRef<Value *> Frag) {
  return Frag[0]->getType()->getPrimitiveSizeInBits() == 32;
}

/// Register \p Word of \p Frag as an i32.
Value *registerBits(IRBuilder<> &B, ArrayRef<Value *> Frag, unsigned Word) {
  if (isWide(Frag))
    return B.CreateBitCast(Frag[Word], B.getInt32Ty());
  auto Half = [&](Value *E) {
    return B.CreateZExt(B.CreateBitCast(E, B.getInt16Ty()), B.getInt32Ty());
  };
  return B.CreateOr(Half(Frag[2 * Word]), B.CreateShl(Half(Frag[2 * Word + 1]), 16));
}

uint64_t constantOf(Value *V) {
  auto *C = dyn_cast<ConstantInt>(V);
  assert(C && "a fragment source must fold to a constant for a constant lane");
  return C ? C->getZExtValue() : 0;
}

} // namespace

Value *gatherFragmentElement(IRBuilder<> &B, const TranslateTarget &T, ArrayRef<Value *> Frag,
                             const FragmentSourceFn &Where) {
  const bool Wide = isWide(Frag);
  Type *Ty = Frag[0]->getType();
  // The registers some lane of the warp reads.
  SmallSet<unsigned, 4> Words;
  IRBuilder<> Fold(B.getContext());
  for (unsigned L = 0; L < 32; ++L) {
    FragmentSource S = Where(Fold, Fold.getInt32(L));
    if (S.Valid && !constantOf(S.Valid))
      continue;
    const unsigned Slot = unsigned(constantOf(S.Slot));
    Words.insert(Wide ? Slot : Slot / 2);
  }
  if (Words.empty())
    return Constant::getNullValue(Ty);

  WarpBuilder W(B, T);
  FragmentSource S = Where(B, W.lane32());
  Value *Word = Wide ? S.Slot : B.CreateLShr(S.Slot, 1);
  Value *Bits = nullptr;
  for (unsigned I : Words) {
    Value *Read = W.readLane32(S.Lane, registerBits(B, Frag, I));
    Bits = Bits ? B.CreateSelect(B.CreateICmpEQ(Word, B.getInt32(I)), Read, Bits) : Read;
  }
  Value *E;
  if (Wide) {
    E = B.CreateBitCast(Bits, Ty);
  } else {
    Value *Shift = B.CreateShl(B.CreateAnd(S.Slot, 1), 4);
    E = B.CreateBitCast(B.CreateTrunc(B.CreateLShr(Bits, Shift), B.getInt16Ty()), Ty);
  }
  return S.Valid ? B.CreateSelect(S.Valid, E, Constant::getNullValue(Ty)) : E;
}

} // namespace ferry

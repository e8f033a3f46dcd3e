//===- WarpBuilder.cpp - CUDA warps on AMDGPU waves -----------------------===//
///
/// \file
/// Implementation of WarpBuilder.
///
//===----------------------------------------------------------------------===//
#include "WarpBuilder.h"

#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;

namespace ferry {

Value *WarpBuilder::waveLane() {
  Value *Lo = B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_lo, {},
                                {B.getInt32(-1), B.getInt32(0)});
  if (!T.isWave64())
    return Lo;
  return B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_hi, {}, {B.getInt32(-1), Lo});
}

Value *WarpBuilder::lane32() {
  Value *L = waveLane();
  return T.isWave64() ? B.CreateAnd(L, 31, "lane32") : L;
}

Value *WarpBuilder::warpBase() {
  return T.isWave64() ? B.CreateAnd(waveLane(), 32, "warpbase") : B.getInt32(0);
}

Value *WarpBuilder::upperWarp() {
  if (!T.isWave64())
    return B.getFalse();
  return B.CreateIntrinsic(Intrinsic::amdgcn_inverse_ballot, {B.getInt64Ty()},
                           {B.getInt64(0xffffffff00000000ull)}, nullptr,
                           "upperwarp");
}

Value *WarpBuilder::perWarp(function_ref<Value *(BallotFn Ballot)> F) {
  if (!T.isWave64())
    return F([&](Value *Pred) {
      return B.CreateIntrinsic(Intrinsic::amdgcn_ballot, {B.getInt32Ty()}, {Pred});
    });
  // One ballot.i64 per predicate, shared by both warps.
  SmallVector<std::pair<Value *, Value *>, 2> Waves;
  auto Wave = [&](Value *Pred) {
    for (auto &[P, W] : Waves)
      if (P == Pred)
        return W;
    Value *W = B.CreateIntrinsic(Intrinsic::amdgcn_ballot, {B.getInt64Ty()}, {Pred});
    Waves.push_back({Pred, W});
    return W;
  };
  Value *Lo = F([&](Value *Pred) {
    return B.CreateTrunc(Wave(Pred), B.getInt32Ty(), "ballot.lo");
  });
  // readfirstlane of the (uniform) upper half is a no-op in instruction
  // selection, but keeps InstCombine from folding 'hi != 0' into
  // 'ballot >u 0xffffffff', which gfx9 can only compare in VALU.
  Value *Hi = F([&](Value *Pred) {
    Value *Half = B.CreateTrunc(B.CreateLShr(Wave(Pred), 32), B.getInt32Ty());
    return B.CreateIntrinsic(Intrinsic::amdgcn_readfirstlane, {B.getInt32Ty()},
                             {Half}, nullptr, "ballot.hi");
  });
  Value *Upper = upperWarp();
  if (!Lo->getType()->isIntegerTy(1))
    return B.CreateSelect(Upper, Hi, Lo);
  // Lo ^ (Upper & (Hi ^ Lo)): lane-mask operations (s_xor/s_and_b64), where
  // a select of two i1 would become v_cndmasks.
  return B.CreateXor(Lo, B.CreateAnd(Upper, B.CreateXor(Hi, Lo)));
}

Value *WarpBuilder::ballot32(Value *Pred) {
  return perWarp([&](BallotFn Ballot) { return Ballot(Pred); });
}

Value *WarpBuilder::readLane32(Value *SrcLane32, Value *V) {
  Value *Src = T.isWave64() ? B.CreateOr(warpBase(), SrcLane32) : SrcLane32;
  Value *Addr = B.CreateShl(Src, 2);
  Value *Bits = B.CreateBitCast(V, B.getInt32Ty());
  Value *R = B.CreateIntrinsic(Intrinsic::amdgcn_ds_bpermute, {}, {Addr, Bits});
  return B.CreateBitCast(R, V->getType());
}

Value *WarpBuilder::readLane(Value *SrcLane32, Value *V) {
  Type *Ty = V->getType();
  if (Ty->getPrimitiveSizeInBits() == 32)
    return readLane32(SrcLane32, V);
  // 64-bit: two 32-bit reads.
  Value *Bits = B.CreateBitCast(V, B.getInt64Ty());
  Value *Lo = readLane32(SrcLane32, B.CreateTrunc(Bits, B.getInt32Ty()));
  Value *Hi =
      readLane32(SrcLane32, B.CreateTrunc(B.CreateLShr(Bits, 32), B.getInt32Ty()));
  Value *Joined =
      B.CreateOr(B.CreateZExt(Lo, B.getInt64Ty()),
                 B.CreateShl(B.CreateZExt(Hi, B.getInt64Ty()), 32));
  return B.CreateBitCast(Joined, Ty);
}

} // namespace ferry

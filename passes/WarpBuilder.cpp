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

Value *WarpBuilder::ballot32(Value *Pred) {
  if (!T.isWave64())
    return B.CreateIntrinsic(Intrinsic::amdgcn_ballot, {B.getInt32Ty()}, {Pred});
  Value *Wave = B.CreateIntrinsic(Intrinsic::amdgcn_ballot, {B.getInt64Ty()}, {Pred});
  Value *Half = B.CreateLShr(Wave, B.CreateZExt(warpBase(), B.getInt64Ty()));
  return B.CreateTrunc(Half, B.getInt32Ty(), "ballot32");
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

//===- SpecialRegisters.cpp - PTX special registers on AMDGPU -------------===//
///
/// \file
/// Handlers for llvm.nvvm.read.ptx.sreg.* (map §1). Block and grid sizes come
/// from the code object v5 implicit kernel arguments (block counts at +0/4/8,
/// u16 group sizes at +12/14/16) or, for code object v4, from the HSA
/// dispatch packet (u16 workgroup sizes at +4/6/8, grid sizes in work-items
/// at +12/16/20). CUDA grids are uniform, so no remainder is involved.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "WarpBuilder.h"

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/MDBuilder.h"

using namespace llvm;

namespace ferry {

static Value *fitTo(IntrinsicLowering &L, Value *V) {
  return L.B.CreateZExtOrTrunc(V, L.retType());
}

Value *lowerConstant(IntrinsicLowering &L, int Value) {
  return ConstantInt::get(L.retType(), Value);
}

Value *lowerWorkItemId(IntrinsicLowering &L, int Dim) {
  static const Intrinsic::ID IDs[] = {Intrinsic::amdgcn_workitem_id_x,
                                      Intrinsic::amdgcn_workitem_id_y,
                                      Intrinsic::amdgcn_workitem_id_z};
  return fitTo(L, L.B.CreateIntrinsic(IDs[Dim], {}, {}));
}

Value *lowerWorkGroupId(IntrinsicLowering &L, int Dim) {
  static const Intrinsic::ID IDs[] = {Intrinsic::amdgcn_workgroup_id_x,
                                      Intrinsic::amdgcn_workgroup_id_y,
                                      Intrinsic::amdgcn_workgroup_id_z};
  return fitTo(L, L.B.CreateIntrinsic(IDs[Dim], {}, {}));
}

/// \p V, a load of kernel state, in [Lo, Hi) (the ranges NVPTX's special
/// registers have, which known bits then keep: a grid-size trip count is
/// not negative).
static Value *inRange(Value *V, uint64_t Lo, uint64_t Hi) {
  if (auto *Load = dyn_cast<LoadInst>(V)) {
    Type *Ty = Load->getType();
    MDBuilder MDB(Load->getContext());
    Load->setMetadata(LLVMContext::MD_range,
                      MDB.createRange(APInt(Ty->getIntegerBitWidth(), Lo),
                                      APInt(Ty->getIntegerBitWidth(), Hi)));
    Load->setMetadata(LLVMContext::MD_noundef, MDNode::get(Load->getContext(), {}));
  }
  return V;
}

/// The block size in dimension \p Dim (1 to 1024, 64 for z), as an i32.
static Value *blockDim(IntrinsicLowering &L, int Dim) {
  const bool V4 = L.T.CodeObjectVersion < 5;
  Value *Size = inRange(L.loadKernelState((V4 ? 4 : 12) + 2 * Dim, L.B.getInt16Ty(),
                                          /*DispatchPacket=*/V4),
                        1, Dim == 2 ? 65 : 1025);
  return L.B.CreateZExt(Size, L.B.getInt32Ty(), "ntid");
}

Value *lowerBlockDim(IntrinsicLowering &L, int Dim) {
  return fitTo(L, blockDim(L, Dim));
}

Value *lowerGridDim(IntrinsicLowering &L, int Dim) {
  // (CUDA's grid: 1 to 2^31 - 1 blocks in x, 65535 in y and z.)
  if (L.T.CodeObjectVersion >= 5)
    return fitTo(L, inRange(L.loadKernelState(4 * Dim, L.B.getInt32Ty(), false), 1,
                            Dim == 0 ? 2147483648u : 65536));
  Value *Items = L.loadKernelState(12 + 4 * Dim, L.B.getInt32Ty(), true);
  return fitTo(L, L.B.CreateUDiv(Items, blockDim(L, Dim), "nctaid"));
}

Value *lowerLaneId(IntrinsicLowering &L, int) {
  return fitTo(L, WarpBuilder(L.B, L.T).lane32());
}

/// %lanemask_{eq,lt,le,gt,ge}: masks of lanes relative to this one, by lane
/// number only (PTX does not AND them with the active lanes).
Value *lowerLaneMask(IntrinsicLowering &L, int Kind) {
  IRBuilder<> &B = L.B;
  Value *Lane = WarpBuilder(B, L.T).lane32();
  Value *One = B.getInt32(1), *All = B.getInt32(-1);
  switch (Kind) {
  case 0: // eq
    return B.CreateShl(One, Lane);
  case 1: // lt
    return B.CreateSub(B.CreateShl(One, Lane), One);
  case 2: // le: (2 << l) - 1 wraps to all ones at l = 31
    return B.CreateSub(B.CreateShl(B.getInt32(2), Lane), One);
  case 3: // gt: ~0 << l << 1
    return B.CreateShl(B.CreateShl(All, Lane), One);
  default: // ge
    return B.CreateShl(All, Lane);
  }
}

/// %warpid as the warp's index in the block: flat thread id / 32.
Value *lowerWarpId(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  Value *X = B.CreateIntrinsic(Intrinsic::amdgcn_workitem_id_x, {}, {});
  Value *Y = B.CreateIntrinsic(Intrinsic::amdgcn_workitem_id_y, {}, {});
  Value *Z = B.CreateIntrinsic(Intrinsic::amdgcn_workitem_id_z, {}, {});
  Value *Flat = B.CreateAdd(
      X, B.CreateMul(blockDim(L, 0),
                     B.CreateAdd(Y, B.CreateMul(blockDim(L, 1), Z))));
  return fitTo(L, B.CreateLShr(Flat, 5, "warpid"));
}

Value *lowerClock(IntrinsicLowering &L, int) {
  // llvm.readcyclecounter: s_memtime on gfx9/10, SHADER_CYCLES on gfx11
  // (20 bits). llvm.amdgcn.s.memtime would crash instruction selection there.
  return fitTo(L, L.B.CreateIntrinsic(Intrinsic::readcyclecounter, {}, {}));
}

Value *lowerGlobalTimer(IntrinsicLowering &L, int) {
  // The constant-rate counter runs at 100 MHz on the supported GPUs.
  Value *Ticks = L.B.CreateIntrinsic(Intrinsic::readsteadycounter, {}, {});
  return fitTo(L, L.B.CreateMul(Ticks, L.B.getInt64(10), "globaltimer"));
}

Value *lowerGridId(IntrinsicLowering &L, int) {
  return fitTo(L, L.B.CreateIntrinsic(Intrinsic::amdgcn_dispatch_id, {}, {}));
}

} // namespace ferry

//===- WarpBuilder.h - CUDA warps on AMDGPU waves --------------*- C++ -*-===//
///
/// \file
/// The building blocks of every warp operation, for both strategies of
/// shared/nvvm-amdgpu-map.md §3.0:
///  - Wave32 (gfx10+): a CUDA warp is a wave; lane = mbcnt.lo(-1, 0).
///  - Emu32 (wave64): lanes 0-31 of a wave are one CUDA warp, 32-63 the next;
///    lane32 = lane & 31, base = lane & 32, and every mask is the 32-bit
///    slice of ballot.i64 that belongs to the lane's half. ballot.i32 is
///    never emitted on wave64 (it crashes instruction selection).
///    The slices are taken with scalar operations and each lane selects its
///    own by the constant lane mask of the upper half (inverse.ballot), so a
///    vote costs no 64-bit VALU shift: perWarp() builds the work on the
///    ballots once per CUDA warp of the wave, where it stays in SGPRs.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_WARPBUILDER_H
#define FERRY_PASSES_WARPBUILDER_H

#include "TranslateTarget.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

namespace ferry {

class WarpBuilder {
public:
  WarpBuilder(llvm::IRBuilder<> &B, const TranslateTarget &T) : B(B), T(T) {}

  /// The lane in the hardware wave (0..63 or 0..31).
  llvm::Value *waveLane();
  /// The lane in the CUDA warp (0..31).
  llvm::Value *lane32();
  /// The first hardware lane of this lane's CUDA warp (0 or 32).
  llvm::Value *warpBase();
  /// True in the lanes of the wave's second CUDA warp (hardware lanes 32-63
  /// on wave64), false everywhere on wave32.
  llvm::Value *upperWarp();
  /// The 32-bit ballot of one CUDA warp of the wave.
  using BallotFn = llvm::function_ref<llvm::Value *(llvm::Value *Pred)>;
  /// Builds \p F once per CUDA warp of the wave, with that warp's ballots,
  /// and gives each lane its own warp's result (wave64: a select on
  /// upperWarp()). F's operations on the (wave-uniform) ballots stay scalar.
  llvm::Value *perWarp(llvm::function_ref<llvm::Value *(BallotFn Ballot)> F);
  /// The 32-bit ballot of \p Pred over this lane's CUDA warp.
  llvm::Value *ballot32(llvm::Value *Pred);
  /// The active lanes of this lane's CUDA warp.
  llvm::Value *activeMask() { return ballot32(B.getTrue()); }
  /// Reads 32-bit \p Value from lane \p SrcLane32 of this CUDA warp.
  llvm::Value *readLane32(llvm::Value *SrcLane32, llvm::Value *V);
  /// Reads any 32- or 64-bit value (split into two reads when 64-bit).
  llvm::Value *readLane(llvm::Value *SrcLane32, llvm::Value *V);

private:
  llvm::IRBuilder<> &B;
  const TranslateTarget &T;
};

} // namespace ferry

#endif

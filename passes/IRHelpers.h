//===- IRHelpers.h - Exact integer and FP idioms in IR ---------*- C++ -*-===//
///
/// \file
/// Idioms shared by the NVVM-intrinsic and libdevice lowerings, so that
/// __umulhi and llvm.nvvm.mulhi.ui, __byte_perm and prmt, ... are one code.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_IRHELPERS_H
#define FERRY_PASSES_IRHELPERS_H

#include "llvm/IR/IRBuilder.h"

namespace ferry {

/// cvt.sat / __saturatef: clamp to [0, 1], NaN -> 0.
llvm::Value *emitSaturate(llvm::IRBuilder<> &B, llvm::Value *X);
/// The high half of the double-width product of \p A and \p C.
llvm::Value *emitMulHigh(llvm::IRBuilder<> &B, llvm::Value *A, llvm::Value *C,
                         bool Unsigned);
/// |A - C| + D, comparing signed or unsigned.
llvm::Value *emitAbsDiffAdd(llvm::IRBuilder<> &B, llvm::Value *A, llvm::Value *C,
                            llvm::Value *D, bool Unsigned);
/// Byte k of the result is byte Sel[4k+2:4k] of the 8 bytes C:A; with
/// \p SignReplicate, Sel[4k+3] replicates that byte's sign bit (PTX prmt).
llvm::Value *emitBytePermute(llvm::IRBuilder<> &B, llvm::Value *A, llvm::Value *C,
                             llvm::Value *Sel, bool SignReplicate);
/// PTX cvt to integer: round \p X with \p Round (roundeven, trunc, floor,
/// ceil), then convert saturating with NaN -> 0 (fpto[su]i.sat).
llvm::Value *emitRoundToInt(llvm::IRBuilder<> &B, llvm::Value *X,
                            llvm::Intrinsic::ID Round, llvm::Type *IntTy,
                            bool Unsigned);
/// PTX fns / __fns: the position of the |Offset|-th set bit of \p Mask
/// counting from bit \p Base (0..31) up (Offset > 0) or down (< 0), Base
/// itself if Offset is 0 and that bit is set; 0xffffffff where there is
/// none. A call of the module's helper __ferry_fns.
llvm::Value *emitFindNthSet(llvm::IRBuilder<> &B, llvm::Value *Mask, llvm::Value *Base,
                            llvm::Value *Offset);
/// An addrspace(5) slot of \p Ty in the entry block of \p B's function.
llvm::Value *emitPrivateSlot(llvm::IRBuilder<> &B, llvm::Type *Ty);

} // namespace ferry

#endif

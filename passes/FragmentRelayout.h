//===- FragmentRelayout.h - Fragments moved between warp layouts -*- C++ -*-===//
///
/// \file
/// mma.sync fragments have the layout the PTX ISA defines; the matrix
/// instructions of AMDGPU read and write other ones (WarpMatrixLayout.h).
/// A relayout gives each lane of a CUDA warp the element it needs in the
/// target layout, read with ds.bpermute from the lane holding it in the
/// source layout. A permute reads the same register in every lane, so an
/// element whose source slot depends on the reading lane takes one permute
/// per 32-bit register any lane of the warp reads it from (enumerated at
/// compile time by evaluating the layout formulas for lanes 0-31) and a
/// select.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_FRAGMENTRELAYOUT_H
#define FERRY_PASSES_FRAGMENTRELAYOUT_H

#include "TranslateTarget.h"

#include "llvm/IR/IRBuilder.h"

#include <functional>

namespace ferry {

/// Where a reading lane's element is in the source fragment: the lane of
/// the warp (0-31) and the slot holding it. \c Valid false: the element is
/// zero (padding of a dimension the source does not have); nullptr: always
/// valid.
struct FragmentSource {
  llvm::Value *Lane = nullptr, *Slot = nullptr, *Valid = nullptr;
};

/// The source of the element that lane \p Reader (0-31) needs. Built only
/// from the builder's arithmetic on \p Reader, so that it folds to
/// constants for a constant lane.
using FragmentSourceFn =
    std::function<FragmentSource(llvm::IRBuilder<> &, llvm::Value *Reader)>;

/// This lane's element: slot \c Slot of \p Frag in lane \c Lane of its warp
/// as \p Where says. \p Frag holds 16-bit elements (half, i16) in pairs per
/// register, or 32-bit ones (float, i32) one per register.
llvm::Value *gatherFragmentElement(llvm::IRBuilder<> &B, const TranslateTarget &T,
                                   llvm::ArrayRef<llvm::Value *> Frag,
                                   const FragmentSourceFn &Where);

} // namespace ferry

#endif

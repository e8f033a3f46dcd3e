//===- RoundedConversions.h - Conversions with a rounding mode -*- C++ -*-===//
///
/// \file
/// Integer -> floating point and narrowing floating point conversions in
/// the directed rounding modes PTX and libdevice name (.rz/.rm/.rp,
/// _rz/_rd/_ru), which AMDGPU has no instructions for: the round-to-nearest
/// result is compared exactly with the source and moved one ulp (on its
/// integer bits) when it lies on the wrong side. Used by the inline-PTX
/// `cvt` and by the libdevice conversions.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_ROUNDEDCONVERSIONS_H
#define FERRY_PASSES_ROUNDEDCONVERSIONS_H

#include "llvm/IR/IRBuilder.h"

namespace ferry {

enum class RoundingMode { Nearest, TowardZero, Down, Up };

/// "rn"/"rz"/"rm"/"rp" (PTX) or "rn"/"rz"/"rd"/"ru" (libdevice).
std::optional<RoundingMode> parseRoundingMode(llvm::StringRef Suffix);

/// Converts integer \p X (\p Signed) to floating type \p Ty, rounded as \p M.
llvm::Value *emitIntToFP(llvm::IRBuilder<> &B, llvm::Value *X, bool Signed,
                         llvm::Type *Ty, RoundingMode M);

/// Converts floating \p X to the narrower floating type \p Ty, rounded as
/// \p M (NaN stays NaN; overflow gives infinity or the largest finite value
/// as the mode says).
llvm::Value *emitFPTrunc(llvm::IRBuilder<> &B, llvm::Value *X, llvm::Type *Ty,
                         RoundingMode M);

/// PTX's .relu on a result (scalar or vector): negative values and -0 become +0,
/// NaN becomes the canonical NaN (all bits but the sign set: 0x7fff for
/// f16 and bf16, as CUDART_NAN_FP16 / CUDART_NAN_BF16).
llvm::Value *emitReluCanonical(llvm::IRBuilder<> &B, llvm::Value *X);

/// PTX's .satfinite on a rounded result (scalar or vector): an infinity
/// becomes the largest finite value of its sign; NaN stays NaN.
llvm::Value *emitSatFinite(llvm::IRBuilder<> &B, llvm::Value *X);

} // namespace ferry

#endif

//===- TranslateTarget.h - The AMDGPU target of a translation --*- C++ -*-===//
///
/// \file
/// A resolved ferry::TargetOptions: the processor with its target-ID
/// features, the warp strategy actually used and the code object version.
/// Every translation pass reads it; nothing else carries target state.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_TRANSLATETARGET_H
#define FERRY_PASSES_TRANSLATETARGET_H

#include "ferry/Translate.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace ferry {

/// How a CUDA warp maps onto the target's waves.
enum class WarpStrategy {
  Wave32, ///< a CUDA warp is a wave32 (gfx10+)
  Emu32,  ///< a wave64 holds two CUDA warps, each op confined to its half
};

struct TranslateTarget {
  std::string Processor;      ///< "gfx90a"
  std::string TargetID;       ///< "gfx90a:sramecc+:xnack-"
  std::optional<bool> Xnack;  ///< from the target ID; unset = any
  std::optional<bool> Sramecc;
  WarpStrategy Warp = WarpStrategy::Emu32;
  unsigned CodeObjectVersion = 5;
  unsigned IsaMajor = 9, IsaMinor = 0, IsaStepping = 10;
  /// Emit "amdgpu-unsafe-fp-atomics": native float atomics, valid on
  /// coarse-grained device memory (what Ferry's runtime allocates).
  bool UnsafeFPAtomics = true;
  /// The value __nvvm_reflect("__CUDA_ARCH") folds to (libdevice paths).
  unsigned CudaArch = 800;
  /// What __ferry_target_is_amdgpu() folds to: 1 when translating for
  /// AMDGPU, 0 for PTX (Ferry's device library asks, for acc_on_device).
  bool ForAMDGPU = true;
  /// What __nvvm_reflect("__CUDA_PREC_SQRT") folds to: CUDA's default
  /// -prec-sqrt=true; false for PTX under nvcc's --use_fast_math.
  bool PrecSqrt = true;

  bool isWave64() const { return Warp == WarpStrategy::Emu32; }
  unsigned waveSize() const { return isWave64() ? 64 : 32; }
  /// __oclc_ISA_version: 9010 for gfx90a, 11000 for gfx1100.
  unsigned isaVersion() const {
    return IsaMajor * 1000 + IsaMinor * 100 + IsaStepping;
  }
  /// The "target-features" string for functions of this target.
  std::string featureString() const;

  /// Validates \p Opts (known processor, supported features, warp mode).
  static llvm::Expected<TranslateTarget> resolve(const TargetOptions &Opts);
};

/// Parses `arch=gfx90a;wave=auto|32|emu32;cov=4|5` (the parameters of the
/// nvvm-to-amdgpu pipeline and of each translation pass).
llvm::Expected<TargetOptions> parseTargetParams(llvm::StringRef Params);

} // namespace ferry

#endif

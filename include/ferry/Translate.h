//===- ferry/Translate.h - NVVM-dialect IR to AMDGPU IR ---------*- C++ -*-===//
///
/// \file
/// The C++ API of Ferry's translator, for applications that build NVVM IR in
/// memory and want AMD GPUs. The only LLVM types here are Module and Error.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_TRANSLATE_H
#define FERRY_TRANSLATE_H

#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

/// How CUDA's 32-lane warps are run on the target.
enum class WaveMode {
  Auto,   ///< wave32 on gfx10+, EMU32 on wave64-only gfx9
  Wave32, ///< native wave32 (gfx10+ only)
  Emu32,  ///< two CUDA warps per wave64 (gfx9)
};

struct TargetOptions {
  /// Processor with optional target-ID features: "gfx90a", "gfx90a:xnack+".
  std::string Arch = "gfx90a";
  WaveMode Wave = WaveMode::Auto;
  /// AMDHSA code object version: 4 or 5.
  unsigned CodeObjectVersion = 5;
};

/// Translates \p M (NVVM dialect: nvptx64 triple, llvm.nvvm.* intrinsics,
/// __nv_* libdevice calls) in place into AMDGPU-dialect IR for \p Opts.
/// Everything that cannot be translated is reported in the returned error,
/// one line per construct, naming it, its function and source location.
llvm::Error translateToAMDGPU(llvm::Module &M, const TargetOptions &Opts);

} // namespace ferry

#endif

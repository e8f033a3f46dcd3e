//===- Lower.h - Code objects and PTX from NVVM IR --------------*- C++ -*-===//
///
/// \file
/// The last steps of Ferry's device pipeline, all inside the process: link
/// the device libraries, optimize, generate code, link with lld. Internal to
/// compiler/: everything else compiles through ferry::DeviceTarget
/// (ferry/DeviceTarget.h), which calls these.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_LOWER_H
#define FERRY_LOWER_H

#include "ferry/Translate.h"

#include "llvm/ADT/ArrayRef.h"

#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

struct CacheOptions;

/// What to build for AMD GPUs.
struct AMDGPUOptions {
  TargetOptions Target;
  /// Directory of ocml.bc, ockl.bc and oclc_*.bc. Empty: FERRY_DEVICE_LIB_PATH,
  /// else /opt/rocm/amdgcn/bitcode when present, else Debian's directory.
  std::string DeviceLibDir;
  unsigned OptLevel = 3;
  /// The NVVM input is the output of clang's optimizing NVPTX pipeline: its
  /// loops keep NVPTX's runtime unrolling (keepIncomingUnrolling).
  bool InputOptimized = false;
  /// Writes every stage (input, translated, linked, optimized IR, ISA,
  /// object, code object) here before the next one starts. Empty:
  /// FERRY_DUMP_DIR, else no dump.
  std::string DumpDir;
};

/// Where the device libraries are for \p Requested (see AMDGPUOptions).
std::string resolveDeviceLibDir(const std::string &Requested);

/// Translates NVVM module \p NVVM for Opts.Target and lowers it to an HSA
/// code object (an ELF shared object). \p NVVM is not modified.
llvm::Expected<std::string> compileToCodeObject(const llvm::Module &NVVM,
                                                const AMDGPUOptions &Opts);

/// As compileToCodeObject, stopping at the relocatable object (undefined
/// device functions allowed: the runtime links them from libraries).
llvm::Expected<std::string> compileToObject(const llvm::Module &NVVM,
                                            const AMDGPUOptions &Opts);

/// What to build for NVIDIA GPUs.
struct PTXOptions {
  std::string SM = "sm_80";
  /// libdevice.10.bc. Empty: $CUDA_PATH/nvvm/libdevice, else
  /// /usr/local/cuda/nvvm/libdevice.
  std::string LibdevicePath;
  unsigned OptLevel = 3;
  std::string DumpDir;
};

/// The libdevice file compileToPTX would use for \p Requested (see
/// PTXOptions), or "" when there is none.
std::string findLibdevice(const std::string &Requested);
/// Whether \p M calls libdevice functions it does not define.
bool needsLibdevice(const llvm::Module &M);

/// Links libdevice (when the module calls it), folds __nvvm_reflect,
/// optimizes and emits PTX. \p NVVM is not modified.
llvm::Expected<std::string> compileToPTX(const llvm::Module &NVVM,
                                         const PTXOptions &Opts);

/// SHA-256 of the names and contents (fileDigest) of the files in \p Paths
/// (a missing file counts as such), wherever they are.
/// Digests are remembered in the compile cache of \p Memo (fileDigest).
std::string digestFiles(llvm::ArrayRef<std::string> Paths, const CacheOptions &Memo);
/// digestFiles of the bitcode files in \p Dir.
std::string deviceLibraryDigest(const std::string &Dir, const CacheOptions &Memo);

/// Whether LLVM's NVPTX backend knows \p SM ("sm_80", "sm_90a"); the error
/// names it.
llvm::Error checkNVIDIAArch(const std::string &SM);

} // namespace ferry

#endif

//===- ferry/DeviceTarget.h - One device to compile NVVM IR for -*- C++ -*-===//
///
/// \file
/// The seam between NVVM-dialect IR and a device: a DeviceTarget names one
/// processor (an AMD target ID such as "gfx90a:xnack+" or an NVIDIA
/// architecture such as "sm_80", the spellings of clang's --offload-arch)
/// and turns a module into the images that processor's loaders take:
///
///   AMD     CodeObject    HSA code object (ROCR, comgr, the emulator)
///           Object        relocatable AMDGPU object, linked at load time
///           TranslatedIR  AMDGPU bitcode after translation (the emulator
///                         runs it; `ferry-translate --emit=bc`)
///   NVIDIA  PTX           PTX text (the CUDA driver)
///
/// The plugin's outliner, ferry-translate, the compile cache and the JIT API
/// (ferry/jit.h) all compile through it; nothing else decides by the shape
/// of a processor name.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_DEVICETARGET_H
#define FERRY_DEVICETARGET_H

#include "ferry/Translate.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

struct CacheOptions;

enum class Vendor { AMD, NVIDIA };

/// Cubin: NVIDIA native code, assembled from a PTX image by ptxas
/// (assemblePTX; no DeviceTarget compiles to it).
/// DeviceIR: the NVVM device module itself as bitcode, which the runtime
/// compiles for the device a program runs on (`-fplugin-arg-ferry-jit`,
/// ferry/DeferredCompile.h); no DeviceTarget compiles to it either.
enum class ImageKind { CodeObject, Object, TranslatedIR, PTX, Cubin, DeviceIR };

/// "hsaco", "object", "amdgpu-bc", "ptx", "cubin", "nvvm-bc" (messages and
/// cache keys).
llvm::StringRef imageKindName(ImageKind K);

struct DeviceOptions {
  unsigned OptLevel = 3;
  /// AMD: the NVVM input already went through clang's optimizing NVPTX
  /// pipeline (clang -O2 output, as ferry-translate is given): its loops keep
  /// the runtime unrolling NVPTX chose and are not runtime-unrolled again.
  /// Off for IR from a front end (the plugin's regions, the JIT).
  bool InputOptimized = false;
  /// Writes every stage (input, translated, linked, optimized IR, ISA or
  /// PTX, object, code object) here. Empty: FERRY_DUMP_DIR, else none.
  std::string DumpDir;
  /// AMD: directory of ocml.bc, ockl.bc and oclc_*.bc. Empty:
  /// FERRY_DEVICE_LIB_PATH, else /opt/rocm/amdgcn/bitcode when present, else
  /// Debian's directory.
  std::string DeviceLibDir;
  /// NVIDIA: libdevice.10.bc. Empty: $CUDA_PATH/nvvm/libdevice, else
  /// /usr/local/cuda/nvvm/libdevice.
  std::string LibdevicePath;
  /// AMD: how CUDA warps run, and the code object version (4 or 5).
  WaveMode Wave = WaveMode::Auto;
  unsigned CodeObjectVersion = 5;
};

class DeviceTarget {
public:
  /// The target for \p Arch: "gfxNNN" with optional ":feature+/-" target-ID
  /// features, or "sm_NN" / "sm_NNa". An unknown processor is an error that
  /// names it and says which spellings are accepted.
  static llvm::Expected<std::unique_ptr<DeviceTarget>> create(llvm::StringRef Arch,
                                                              DeviceOptions Opts = {});
  /// Whether \p Arch is spelled as a processor of some vendor (no check
  /// that LLVM knows it; create() does that).
  static bool isProcessorName(llvm::StringRef Arch);

  virtual ~DeviceTarget();

  Vendor vendor() const { return TheVendor; }
  /// As given to create() ("gfx90a:xnack+", "sm_80").
  const std::string &arch() const { return Arch; }
  const DeviceOptions &options() const { return Opts; }
  /// "amdgcn-amd-amdhsa" or "nvptx64-nvidia-cuda".
  llvm::StringRef triple() const;
  /// The image a loader takes as it is: CodeObject or PTX.
  ImageKind loadableKind() const {
    return TheVendor == Vendor::AMD ? ImageKind::CodeObject : ImageKind::PTX;
  }
  bool produces(ImageKind K) const;

  /// \p NVVM compiled into \p Kind; \p NVVM is not modified. Untranslatable
  /// constructs, missing device libraries and backend failures are errors
  /// naming the function and the stage.
  virtual llvm::Expected<std::string> compile(const llvm::Module &NVVM,
                                              ImageKind Kind) const = 0;

  /// What besides the module and the kind determines compile()'s output
  /// (the compile cache's key, ferry/Cache.h).
  struct Identity {
    std::string Processor; ///< canonical: "gfx90a:sramecc+:xnack-", "sm_80"
    std::string Options;   ///< every option that changes the code
    std::string Libraries; ///< digest of the device libraries linked in
  };
  /// (Digests of files are remembered in the compile cache of
  /// \p DigestMemo, fileDigest in ferry/Cache.h.)
  virtual Identity identity(const CacheOptions &DigestMemo) const = 0;

protected:
  DeviceTarget(Vendor V, std::string Arch, DeviceOptions Opts)
      : TheVendor(V), Arch(std::move(Arch)), Opts(std::move(Opts)) {}

private:
  Vendor TheVendor;
  std::string Arch;
  DeviceOptions Opts;
};

/// For programs that own their process (tools, JIT applications): installs
/// Ferry's LLVM fatal-error handler for good, so that a fatal error inside
/// LLVM during DeviceTarget::compile comes back in the returned error with
/// LLVM's message. Without it the error still comes back and the process goes
/// on, but the message goes where the process's own handler sends it (clang:
/// a diagnostic). Call it before any other code installs a handler.
void installFatalErrorHandler();

/// For processes that do nothing but compile device code (ferry-translate,
/// ferry-link, ferry-nvcc): LLVM's process-wide options set to what costs
/// less compile time for the same code. Today one: ValueTracking's
/// `dom-conditions-max-uses` 0 (LLVM's default 20), the walk over up to 20
/// uses of a value looking for a dominating `!= 0` test, which BasicAA runs
/// afresh for each of the schedulers' hundreds of thousands of alias queries
/// (a fifth of AMDGPU code generation of cub's radix sort) and which changed
/// no code object of bench/README.md's samples. Not for a process that
/// compiles other code through LLVM (clang with the plugin, a JIT
/// application), whose code it could change. Call it before the command line
/// is parsed, so that `-dom-conditions-max-uses=N` given there still wins.
/// The compile cache's keys name the value where it is not LLVM's default.
void useCompileOnlyProcessDefaults();

/// NVIDIA's PTX assembler: $FERRY_PTXAS, else $CUDA_PATH/bin/ptxas
/// (CUDA_PATH: /usr/local/cuda by default), else `ptxas` on the PATH; ""
/// where there is none (FERRY_PTXAS set to a missing file: none either).
std::string findPtxas();

/// \p PTX assembled by \p Ptxas for \p Arch ("sm_90"): the cubin's bytes,
/// or an error with ptxas's own message.
llvm::Expected<std::string> assemblePTX(llvm::StringRef PTX, llvm::StringRef Arch,
                                        llvm::StringRef Ptxas);

} // namespace ferry

#endif

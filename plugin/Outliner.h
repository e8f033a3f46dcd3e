//===- Outliner.h - Compute regions to device kernels ------------*- C++ -*-===//
///
/// \file
/// The module pass that gives each compute region of a translation unit its
/// device version. <ferry/acc/acc.h> leaves one annotated
/// `ferry::acc::device_region` per region, naming the host functions that
/// run the region's iterations (its chunk, and with reductions the init and
/// combine of the partial storage). The pass
///  1. clones those functions and everything they reach into one NVVM module
///     (nvptx64; invokes become calls, C math calls become libdevice calls),
///  2. wraps each region in a kernel with the region-kernel ABI of
///     <ferry/runtime.h> that calls Ferry's device library (ferry-device.bc),
///  3. compiles the module for each requested target (AMDGPU code objects
///     through translation and lowering, PTX for NVIDIA), embeds the images
///     and registers them from a constructor,
///  4. fills in each device_region: the kernel's name and the byte offsets
///     of the closure's pointers, which the runtime attaches at launch.
/// It runs at the start of the host pipeline, before the host optimizer has
/// touched the regions' code.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_OUTLINER_H
#define FERRY_PLUGIN_OUTLINER_H

#include "llvm/IR/PassManager.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class SourceManager;
} // namespace clang

namespace ferry {
namespace plugin {

class ClosureNames;

struct OutlineOptions {
  /// "gfx90a", "gfx942:xnack-", ... for AMD code objects, "sm_80" for PTX.
  /// Empty: no images compiled ahead of time (`targets=none`).
  std::vector<std::string> Targets;
  /// Also embed the device module as NVVM bitcode, for the runtime to
  /// compile for the device a program runs on (`-fplugin-arg-ferry-jit`;
  /// alone, without `targets=`, the only device code).
  bool Jit = false;
  /// Compile Targets when the program is linked, not now
  /// (`-fplugin-arg-ferry-device-link`, what `-foffload-lto` asks of
  /// ferry-clang++): the device module is embedded as with Jit, with the
  /// targets, cubins and EmbedIR for ferry-link (ferry/PackageKeys.h).
  bool DeviceLink = false;
  /// ferry-device.bc; empty: next to the plugin.
  std::string DeviceLibrary;
  bool Remarks = false;
  /// Also embed each AMD target's translated module as bitcode (what the
  /// emulated AMD device runs; `-fplugin-arg-ferry-embed-ir`).
  bool EmbedIR = false;
  /// NVIDIA architectures ("sm_80") whose native code (cubins, by ptxas
  /// from the PTX) is embedded beside the PTX where ptxas is found
  /// (`-fplugin-arg-ferry-cubins=`; defaultCubins()).
  std::vector<std::string> Cubins;
  /// The compilation's `-mllvm` options: compiling a code object runs lld in
  /// process, which resets every LLVM option of the process, so they are
  /// applied again after each device compilation.
  std::vector<std::string> BackendOptions;
  /// Where the remarks of `remarks` go, as clang's diagnostics at the
  /// constructs (the plugin's compilation); null: to stderr, as text (the
  /// pass run by itself).
  clang::DiagnosticsEngine *Diagnostics = nullptr;
  clang::SourceManager *Sources = nullptr;
  /// The names of the closures' pointers, which the plugin's AST pass
  /// records before code generation (null: none, the pass run by itself).
  std::shared_ptr<ClosureNames> Names;

  /// Whether regions get a device version at all (`targets=none` without
  /// `jit`: host code only).
  bool deviceCode() const { return Jit || !Targets.empty(); }
};

/// The documented default of `-fplugin-arg-ferry-targets=`.
const char *defaultTargets();

/// Parses a comma-separated target list ("none" for no device code); on a
/// bad entry returns false with the reason in \p Error.
bool parseTargets(llvm::StringRef List, std::vector<std::string> &Targets, std::string &Error);

/// The documented default of `-fplugin-arg-ferry-cubins=`: "sm_80,sm_90".
const char *defaultCubins();

/// Parses a comma-separated list of NVIDIA architectures ("none": no
/// cubins); on a bad entry returns false with the reason in \p Error.
bool parseCubins(llvm::StringRef List, std::vector<std::string> &Cubins, std::string &Error);

class OutlineRegionsPass : public llvm::PassInfoMixin<OutlineRegionsPass> {
public:
  explicit OutlineRegionsPass(OutlineOptions Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  OutlineOptions Opts;
};

} // namespace plugin
} // namespace ferry

#endif

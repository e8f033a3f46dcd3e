//===- NvccOptions.h - The nvcc command line ferry-nvcc accepts -*- C++ -*-===//
///
/// \file
/// ferry-nvcc reads nvcc's command line (the flags CUDA build systems pass)
/// into one Invocation: the inputs with their languages, the phase to stop
/// at, the GPU architectures, and the options for the host compiler, the
/// device compiler and the linker. An option it does not know is an error
/// that names it; options that only tune NVIDIA's own tools (ptxas, nvlink,
/// the front end) are accepted and have no effect, as documented in
/// docs/cuda.md.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_TOOLS_NVCC_NVCCOPTIONS_H
#define FERRY_TOOLS_NVCC_NVCCOPTIONS_H

#include <string>
#include <vector>

namespace ferry {
namespace nvcc {

enum class Language { Cuda, Cxx, C, Object };

struct Input {
  std::string Path;
  Language Lang;
};

enum class Phase {
  Link,         ///< the default: an executable (or -shared / -lib output)
  Compile,      ///< -c / -dc: objects
  Preprocess,   ///< -E
  Dependencies, ///< -M / -MM
  DeviceLink,   ///< -dlink
  Library,      ///< -lib: a static library
};

struct Invocation {
  std::vector<Input> Inputs;
  std::string Output;
  Phase Stop = Phase::Link;
  bool Shared = false;
  /// -rdc=true / -dc: device code links across files.
  bool RelocatableDevice = false;
  /// NVIDIA architectures of the PTX images, as numbers (80 for sm_80).
  std::vector<int> SMs;
  /// AMD processors (--offload-arch=gfx...), in order.
  std::vector<std::string> AmdTargets;
  bool AmdTargetsGiven = false;
  /// The sm_NN whose device code (its __CUDA_ARCH__) the AMD targets are
  /// compiled from: --amd-cuda-arch, else the highest of SMs below sm_89,
  /// else sm_80. AMD GPUs have none of the features sm_89 and sm_90 add
  /// (fp8 conversions, bulk copies and transaction barriers, clusters,
  /// warpgroup MMA), and libraries choose those paths by __CUDA_ARCH__
  /// (CUB's DeviceTransform behind thrust::transform).
  int AmdSM = 0;
  /// Options for both the device and the host compile (-I, -D, -std, -O, ...).
  std::vector<std::string> Common;
  /// Host compiler only (-Xcompiler, dependency options).
  std::vector<std::string> HostOnly;
  /// Device compiler only (--use_fast_math, ...).
  std::vector<std::string> DeviceOnly;
  /// The macros nvcc defines for options of its own (-G: __CUDACC_DEBUG__,
  /// --expt-relaxed-constexpr, --extended-lambda), as -D options of the
  /// CUDA compiles.
  std::vector<std::string> CudaMacros;
  /// Linker options (-L, -l, -Xlinker, ...), in command-line order; they
  /// follow the objects.
  std::vector<std::string> Link;
  unsigned OptLevel = 3;
  bool Verbose = false;      ///< -v / --verbose: print each command
  bool DryRun = false;       ///< --dryrun: print, do not run
  bool Run = false;          ///< --run: execute the linked program
  std::vector<std::string> RunArgs; ///< --run-args a,b: its arguments
  bool Keep = false;         ///< -keep: leave the intermediate files
  std::string KeepDir = "."; ///< -keep-dir: where (the current directory)
  bool Version = false, Help = false;
  /// What the command line asks that Ferry does differently, said once
  /// (not with -w): an architecture newer than clang 19's compiled as sm_90.
  std::vector<std::string> Warnings;
  /// ferry-clang++ on .cu files: clang's own options pass to both compiles.
  bool ClangMode = false;
};

/// The sm_NN of the device compiles: each of \p I's SMs (PTX) and its
/// AmdSM, sorted, each once.
std::vector<int> deviceCompileSMs(const Invocation &I);

/// Parses \p Args (without the program name). Returns "" or the error.
std::string parse(const std::vector<std::string> &Args, Invocation &Out);

/// Whether \p Args use clang's spellings where nvcc has its own or none
/// (`--cuda-gpu-arch` for `-arch`, `-x cuda` for `-x cu`, `-fgpu-rdc` for
/// `-rdc`, `-Wl,` for `-Xlinker`, `--cuda-path`, `-nocudalib`,
/// `-nocudainc`): how CMake drives a CUDA compiler it identifies as clang.
/// Such a command line is read in clang mode (Invocation::ClangMode).
bool usesClangCudaOptions(const std::vector<std::string> &Args);

/// The help text.
const char *helpText();

} // namespace nvcc
} // namespace ferry

#endif

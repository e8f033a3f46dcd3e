//===- ferry-nvcc.cpp - An nvcc-compatible driver for Ferry ---------------===//
///
/// \file
/// `ferry-nvcc -O3 -arch=sm_80 prog.cu -o prog` builds a whole CUDA program
/// the way nvcc does, for Ferry:
///
///   1. device: clang++ 19 compiles each .cu file for each sm_NN to NVVM IR
///      (`--cuda-device-only -nocudalib`);
///   2. Ferry compiles that IR in this process (libferry's DeviceTarget):
///      an HSA code object and its translated IR (for the emulated devices)
///      per AMD processor, PTX per sm_NN, packaged as OffloadBinary entries
///      behind a 16-byte header (runtime/cudart/CudaRuntime.h);
///   3. host: clang++ 19 compiles the file's host side with that package as
///      its "GPU binary" (`-fcuda-include-gpubinary`), so the module
///      constructor registers it, its kernels and variables with the CUDA
///      runtime as nvcc-built programs do;
///   4. link: against libferry-cudart (Ferry's CUDA runtime API) and
///      libferry-rt, with an rpath to them.
///
/// With -rdc=true (-dc) the device code links across files: the package
/// embedded in each object holds its NVVM bitcode instead ("FERRYRD1"), and
/// the link (or -dlink) links those modules, compiles the whole as in step 2
/// and adds an object defining the `__cudaRegisterLinkedBinary_<id>`
/// functions clang's -fgpu-rdc host code calls: they register the linked
/// package and then the file's kernels and variables against it.
///
/// C and C++ files are compiled by clang with the CUDA headers on the
/// include path, as nvcc's host compiler sees them. `ferry-clang++` on .cu
/// files runs this driver with clang's own options accepted.
///
//===----------------------------------------------------------------------===//
#include "LaunchBraces.h"
#include "ManagedVariables.h"
#include "NvccOptions.h"
#include "NvccSpellings.h"

#include "ferry/Cache.h"
#include "ferry/DeviceTarget.h"
#include "ferry/ImageDigest.h"
#include "ferry/Offload.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#ifndef FERRY_DEFAULT_CLANGXX
#error "FERRY_DEFAULT_CLANGXX must name the clang++-19 to run"
#endif
#ifndef FERRY_DEFAULT_CUDA_PATH
#error "FERRY_DEFAULT_CUDA_PATH must name the CUDA toolkit of libferry-cudart"
#endif

using namespace llvm;
using namespace ferry::nvcc;

namespace {

const char *Tool = "ferry-nvcc";

/// Where Ferry and the tools are.
struct Paths {
  std::string Clang, Cuda, Lib, Include;
};

/// The NVVM of a file (or of the device link), one module per sm_NN
/// compiled, and what each one makes.
struct DeviceModules {
  std::vector<std::unique_ptr<Module>> Modules;
  std::vector<int> SMs; ///< Modules[I]'s sm_NN
  std::vector<bool> Ptx; ///< whether Modules[I] makes PTX (else AMD code only)
  int AmdSM = 0; ///< the sm_NN whose module makes the AMD images

  /// The module the AMD images come from.
  const Module &amd() const {
    return *Modules[std::find(SMs.begin(), SMs.end(), AmdSM) - SMs.begin()];
  }
};

/// The string key of a relocatable-code package's entries that says what
/// the entry's NVVM makes at the device link: "ptx", "amd" or "ptx amd"
/// (Invocation::AmdSM: an architecture compiled only for the AMD targets).
/// Entries without it (older objects) make PTX, and the AMD images come
/// from the highest sm_NN then.
const char *const RdcUseKey = "ferry-nvcc-use";

/// What the device link reads from the objects' relocatable device code.
struct RelocatableDeviceCode {
  /// The NVVM of every object, linked, by sm_NN.
  std::map<int, std::unique_ptr<Module>> Linked;
  /// How many of the packages had each sm_NN.
  std::map<int, size_t> Count;
  /// The sm_NN whose entries make PTX (RdcUseKey), and those that make
  /// the AMD images.
  std::set<int> Ptx, Amd;
  /// The packages read (one per object built with -rdc).
  size_t Packages = 0;
  /// The __cudaRegisterLinkedBinary_<id> functions the objects call and
  /// those they define.
  std::set<std::string> Needed, Defined;
  /// By sm_NN, the object that defined each external symbol linked so far.
  std::map<int, std::map<std::string, std::string>> Definers;
  /// The errors of the last Linker run (LinkErrorCollector's).
  std::vector<std::string> LinkErrors;
};

/// Collects the device link's errors, so that ferry-nvcc names the objects:
/// LLVM's default handler prints the error alone and exits. Other
/// diagnostics go to the default handler.
class LinkErrorCollector final : public DiagnosticHandler {
public:
  explicit LinkErrorCollector(std::vector<std::string> &Errors) : Errors(Errors) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() != DS_Error)
      return false;
    std::string Text;
    raw_string_ostream OS(Text);
    DiagnosticPrinterRawOStream Printer(OS);
    DI.print(Printer);
    Errors.push_back(std::move(Text));
    return true;
  }

private:
  std::vector<std::string> &Errors;
};

int error(const Twine &Message) {
  errs() << Tool << ": error: " << Message << "\n";
  return 1;
}

class Driver {
public:
  Driver(Invocation Inv, Paths P) : Inv(std::move(Inv)), P(std::move(P)) {}
  ~Driver() {
    if (!Inv.Keep)
      for (const std::string &F : Temporaries)
        sys::fs::remove(F);
  }
  int run();
  int runProgram();

private:
  /// Runs \p Args (Args[0] the program); prints it first with -v.
  /// Runs \p Args (printed first with -v); \p Link: the final link, whose
  /// clang gets -v too.
  bool execute(const std::vector<std::string> &Args, bool Link = false);
  /// A new temporary file "<stem>-XXXXXX.<ext>", removed at the end.
  std::string temporary(StringRef Stem, StringRef Ext);
  /// Options every compile of the CUDA file \p In takes.
  std::vector<std::string> cudaCommon(const Input &In) const;
  /// Reads the .cu file \p In before it is compiled: where it or a header
  /// it includes from the program's own directories (prepareHeaders) has
  /// spellings only nvcc accepts (NvccSpellings.h), writes the copy that
  /// clang compiles instead and notes it in Remapped; warns where it has
  /// OpenACC directives. False on an error.
  bool prepareCudaSource(const Input &In);
  /// Notes in Remapped the copy of \p Path (its text \p Text) with nvcc's
  /// spellings rewritten, where any apply.
  bool remapRewritten(const std::string &Path, StringRef Text);
  /// The headers the file \p Path (its text \p Text) includes, and those
  /// they include, found in its directory and those of -iquote, -I and
  /// -isystem, except the toolkit's, Ferry's and the system's: each one
  /// read and given to remapRewritten once.
  bool prepareHeaders(const std::string &Path, StringRef Text);
  /// Compiles the .cu file \p In into the object \p Out (or preprocesses,
  /// with -E / -M).
  bool compileCuda(const Input &In, const std::string &Out);
  /// Compiles \p In's device side to NVVM, one module per sm_NN of
  /// deviceCompileSMs (the PTX architectures and the AMD targets' one).
  bool deviceModules(const Input &In, LLVMContext &Ctx, DeviceModules &D);
  /// The images of the NVVM modules \p D behind a "FERRYCU1" header: the
  /// package ferry-nvcc embeds. \p What names the source in messages.
  bool package(const DeviceModules &D, StringRef What, std::string &Package);
  /// The package of \p In: its images, or with -rdc its NVVM bitcode.
  /// \p Managed gets the initial values of the file's __managed__
  /// variables (ManagedVariables.h), \p HasManaged whether it has any.
  bool deviceImages(const Input &In, std::string &Package,
                    std::map<std::string, std::string> &Managed, bool &HasManaged);
  /// The host compile of a file with __managed__ variables: to bitcode,
  /// rewritten, then to the object \p Out.
  bool compileHostManaged(std::vector<std::string> Args, const std::string &Out,
                          const std::map<std::string, std::string> &Managed);
  /// The device link of relocatable device code: the objects' NVVM linked,
  /// compiled, and registered by an object written to \p Out (a temporary
  /// if empty; DeviceLinkObject names it). Sets \p Any to whether any
  /// object had relocatable device code.
  bool deviceLink(const std::vector<std::string> &Objects, const std::string &Out, bool &Any);
  /// The static libraries the link's -l options name (lib<name>.a, or the
  /// file of -l:<file>) found in its -L directories, as nvcc's device link
  /// takes them: their relocatable device code is linked too.
  std::vector<std::string> librariesToDeviceLink() const;
  /// The package of the linked device code \p Code: its modules, each
  /// sm_NN's, compiled (an empty package if there are none).
  bool linkedPackage(RelocatableDeviceCode &Code, std::string &Package);
  /// Writes \p Package and the registration functions \p Needed, and
  /// compiles them into the object \p Out (a temporary if empty), which
  /// DeviceLinkObject names then.
  bool compileRegistration(const std::string &Package, const std::set<std::string> &Needed,
                           const std::string &Out);
  bool compileHost(const Input &In, const std::string &Out);
  bool link(const std::vector<std::string> &Objects);
  /// The object name for \p In with -c and no -o: its stem + ".o".
  std::string objectName(const Input &In) const;

  Invocation Inv;
  Paths P;
  std::vector<std::string> Temporaries;
  std::string DeviceLinkObject;
  /// Files compiled from a rewritten copy: file -> copy.
  std::map<std::string, std::string> Remapped;
  /// The headers prepareHeaders has read (absolute paths).
  std::set<std::string> HeadersSeen;
};

bool Driver::execute(const std::vector<std::string> &Given, bool Link) {
  std::vector<std::string> Args = Given;
  // ferry-clang++ -v: clang's own -v output (CMake reads the device
  // architectures and the implicit link line from it); the link's in
  // either mode (CMake links a clang-identified CUDA compiler's test
  // programs without clang's options).
  if (Inv.Verbose && Args[0] == P.Clang && (Inv.ClangMode || Link))
    Args.insert(Args.begin() + 1, "-v");
  if (Inv.Verbose && !Inv.ClangMode) {
    errs() << "#$ ";
    for (const std::string &A : Args)
      errs() << (A.find(' ') == std::string::npos ? A : "\"" + A + "\"") << " ";
    errs() << "\n";
  }
  if (Inv.DryRun)
    return true;
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  std::string Message;
  int RC = sys::ExecuteAndWait(Args[0], Refs, std::nullopt, {}, 0, 0, &Message);
  if (RC < 0) {
    error("cannot run '" + Args[0] + "': " + Message);
    return false;
  }
  return RC == 0;
}

std::string Driver::temporary(StringRef Stem, StringRef Ext) {
  SmallString<128> Path;
  // -keep: named after the input, in the -keep-dir, as nvcc keeps them.
  if (Inv.Keep) {
    sys::fs::create_directories(Inv.KeepDir);
    sys::path::append(Path, Inv.KeepDir, Stem + "." + Ext);
    return std::string(Path);
  }
  if (std::error_code EC = sys::fs::createTemporaryFile(Stem, Ext, Path)) {
    error("cannot create a temporary file: " + EC.message());
    std::exit(1);
  }
  Temporaries.push_back(std::string(Path));
  return std::string(Path);
}

std::vector<std::string> Driver::cudaCommon(const Input &In) const {
  std::vector<std::string> A = {"--cuda-path=" + P.Cuda, "-Wno-unknown-cuda-version", "-Xclang",
                                "-target-sdk-version=12.5",
                                // CUDA 13 lacks a header clang 19's wrappers include.
                                "-isystem", P.Include + "/ferry/cuda",
                                // What clang 19's CUDA headers declare only.
                                "-include", "ferry_cuda_device.h"};
  if (sys::fs::is_directory(P.Cuda + "/include/cccl")) {
    A.push_back("-isystem");
    A.push_back(P.Cuda + "/include/cccl");
  }
  // clang's CUDA wrapper, included before the program, includes "cuda.h"
  // for CUDA_VERSION: a project's own cuda.h in an -I directory (darknet's
  // src/cuda.h) came first there, and every compile failed ("cuda.h did not
  // define CUDA_VERSION"). Then the toolkit's directory is searched first
  // for quoted includes; a file still finds a header of its own directory
  // first.
  for (size_t I = 0; I < Inv.Common.size(); ++I) {
    const std::string &O = Inv.Common[I];
    std::string Dir = O == "-I" && I + 1 < Inv.Common.size() ? Inv.Common[I + 1]
                      : O.size() > 2 && O.compare(0, 2, "-I") == 0 ? O.substr(2)
                                                                    : std::string();
    if (!Dir.empty() && sys::fs::exists(Dir + "/cuda.h")) {
      A.insert(A.end(), {"-iquote", P.Cuda + "/include"});
      break;
    }
  }
  // nvcc's own macros (clang defines __CUDACC__ and __CUDA_ARCH__): its
  // identity and version, which programs and libraries test, those of the
  // relocatable-code mode and of its options. Not in clang mode, where the
  // command line is clang's (CMake identifies the compiler by them).
  if (!Inv.ClangMode) {
    A.insert(A.end(),
             {"-D__NVCC__", "-D__CUDACC_VER_MAJOR__=" + std::to_string(FERRY_CUDA_VERSION_MAJOR),
              "-D__CUDACC_VER_MINOR__=" + std::to_string(FERRY_CUDA_VERSION_MINOR),
              "-D__CUDACC_VER_BUILD__=0"});
    A.insert(A.end(), Inv.CudaMacros.begin(), Inv.CudaMacros.end());
    // With relocatable device code CUB (and Thrust through it) dispatches
    // from device code too, through the device runtime that Ferry does
    // not have, and refuses the CDP1 interface the device compiles ask for
    // (below, "CUDA Dynamic Parallelism 1 is no longer supported"): its
    // algorithms stay host functions, as without -rdc.
    if (Inv.RelocatableDevice)
      A.insert(A.end(), {"-D__CUDACC_RDC__", "-DCUB_DISABLE_CDP"});
  }
  // `register int x;` under -std=c++17: nvcc accepts it (its host compiler
  // warns at most), clang refuses it by default. In clang mode too: CMake's
  // CUDA language builds nvcc's programs that way (Altis' MaxFlops).
  A.push_back("-Wno-register");
  // So are narrowing conversions in braces of values that are not constant
  // (nvcc: warning #2361-D; clang: an error by default) and a string
  // literal followed by a macro name ("[%s:%d] "msg"\n", which nvcc reads as
  // C++03 did): warnings, as nvcc's.
  A.insert(A.end(), {"-Wno-error=c++11-narrowing", "-Wno-reserved-user-defined-literal"});
  // A `#pragma unroll N` the optimizer cannot honour: nvcc is silent,
  // clang warns ("loop not unrolled", cuda-samples' MonteCarloMultiGPU).
  A.push_back("-Wno-pass-failed");
  if (Inv.RelocatableDevice)
    A.push_back("-fgpu-rdc");
  // One compilation-unit ID for the device and the host compile (the
  // clang driver makes up one for the device compile alone otherwise): the
  // names clang gives static device variables with -fgpu-rdc agree.
  SmallString<256> Abs(In.Path);
  sys::fs::make_absolute(Abs);
  A.insert(A.end(), {"-fuse-cuid=none", "-Xclang", "-cuid=" + utohexstr(xxh3_64bits(Abs.str()))});
  A.insert(A.end(), Inv.Common.begin(), Inv.Common.end());
  for (const auto &[File, Copy] : Remapped)
    A.insert(A.end(), {"-Xclang", "-remap-file", "-Xclang", File + ";" + Copy});
  return A;
}

bool Driver::prepareCudaSource(const Input &In) {
  if (Inv.DryRun)
    return true;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(In.Path);
  if (!Text)
    return !error("cannot read '" + In.Path + "': " + Text.getError().message());
  // nvcc ignores OpenACC; so do these compiles, which do not run Ferry's
  // OpenACC plugin: said, since a program built with `nvc++ -acc -cuda`
  // expects the directives to work.
  if (std::optional<unsigned> Line = firstOpenACCDirective((*Text)->getBuffer());
      Line && llvm::find(Inv.Common, "-w") == Inv.Common.end())
    errs() << Tool << ": warning: " << In.Path << ":" << *Line
           << ": OpenACC directives in a CUDA source are ignored (as nvcc ignores them; "
              "nvc++ -acc -cuda compiles them): Ferry compiles OpenACC in C and C++ files "
              "(ferry-clang, ferry-clang++), which link with CUDA files; move the OpenACC "
              "code into one\n";
  return remapRewritten(In.Path, (*Text)->getBuffer()) &&
         prepareHeaders(In.Path, (*Text)->getBuffer());
}

bool Driver::remapRewritten(const std::string &Path, StringRef Text) {
  std::optional<std::string> Rewritten = rewriteNvccSpellings(Text);
  if (!Rewritten)
    return true;
  StringRef Ext = sys::path::extension(Path);
  const std::string Copy = temporary(sys::path::stem(Path), Ext.empty() ? "h" : Ext.drop_front());
  std::error_code EC;
  raw_fd_ostream OS(Copy, EC, sys::fs::OF_None);
  if (EC)
    return !error("cannot write '" + Copy + "': " + EC.message());
  OS << *Rewritten;
  Remapped[Path] = Copy;
  return true;
}

/// The absolute, dot-free form of \p Path.
static std::string absolutePath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

bool Driver::prepareHeaders(const std::string &Path, StringRef Text) {
  // The program's include directories: -iquote ones for "" only, the
  // others for both; the toolkit's, Ferry's and the system's are not the
  // program's to rewrite.
  std::vector<std::string> QuoteDirs, Dirs;
  for (size_t I = 0; I < Inv.Common.size(); ++I)
    for (StringRef Flag : {"-iquote", "-I", "-isystem", "-idirafter"}) {
      StringRef O = Inv.Common[I];
      if (!O.starts_with(Flag) || (O == Flag && I + 1 == Inv.Common.size()))
        continue;
      StringRef Dir = O == Flag ? StringRef(Inv.Common[++I]) : O.drop_front(Flag.size());
      (Flag == "-iquote" ? QuoteDirs : Dirs).push_back(absolutePath(Dir));
      break;
    }
  const std::string Roots[] = {"/usr/include/", "/usr/lib/", absolutePath(P.Cuda) + "/",
                               absolutePath(P.Include) + "/"};
  auto IsForeign = [&](const std::string &Dir) {
    const std::string D = Dir + "/";
    return llvm::any_of(Roots, [&](const std::string &R) { return StringRef(D).starts_with(R); });
  };
  llvm::erase_if(QuoteDirs, IsForeign);
  llvm::erase_if(Dirs, IsForeign);
  // Breadth first from the source; a file read once, at most 4096.
  std::vector<std::pair<std::string, std::string>> Work = {{absolutePath(Path), Text.str()}};
  for (size_t W = 0; W < Work.size() && HeadersSeen.size() < 4096; ++W) {
    const std::string Dir = sys::path::parent_path(Work[W].first).str();
    const bool OwnDirIsProgram = !IsForeign(Dir);
    for (const IncludedName &N : includedNames(Work[W].second)) {
      std::vector<std::string> Search;
      if (N.Quoted) {
        if (OwnDirIsProgram)
          Search.push_back(Dir);
        Search.insert(Search.end(), QuoteDirs.begin(), QuoteDirs.end());
      }
      Search.insert(Search.end(), Dirs.begin(), Dirs.end());
      for (const std::string &D : Search) {
        std::string Header = absolutePath(D + "/" + N.Name);
        if (!sys::fs::is_regular_file(Header))
          continue;
        if (HeadersSeen.insert(Header).second) {
          ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Header);
          if (!Buf)
            break; // clang says why, if it is included at all
          if (!remapRewritten(Header, (*Buf)->getBuffer()))
            return false;
          Work.push_back({Header, (*Buf)->getBuffer().str()});
        }
        break;
      }
    }
  }
  return true;
}

std::string Driver::objectName(const Input &In) const {
  return sys::path::stem(In.Path).str() + ".o";
}

/// clang 19 with -fgpu-rdc renames a file's static device variable X to
/// X__static__<cuid> (so that files do not clash at the device link) but
/// leaves the kernels' uses on an external declaration of X: they are
/// pointed at the renamed definition.
static void resolveExternalizedStatics(Module &M) {
  for (GlobalVariable &Def : M.globals()) {
    const size_t At = Def.getName().find("__static__");
    if (Def.isDeclaration() || At == StringRef::npos)
      continue;
    GlobalVariable *Decl = M.getGlobalVariable(Def.getName().take_front(At), true);
    if (!Decl || !Decl->isDeclaration() || Decl->getType() != Def.getType())
      continue;
    Decl->replaceAllUsesWith(&Def);
    Decl->eraseFromParent();
  }
}

bool Driver::deviceModules(const Input &In, LLVMContext &Ctx, DeviceModules &D) {
  D.AmdSM = Inv.AmdSM;
  for (int SM : deviceCompileSMs(Inv)) {
    const std::string Bc =
        temporary(sys::path::stem(In.Path).str() + "-sm_" + std::to_string(SM), "bc");
    std::vector<std::string> Args = {
        P.Clang,     "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_" + std::to_string(SM),
        "-nocudalib"};
    std::vector<std::string> Common = cudaCommon(In);
    Args.insert(Args.end(), Common.begin(), Common.end());
    Args.insert(Args.end(), Inv.DeviceOnly.begin(), Inv.DeviceOnly.end());
    // Without -O nvcc still optimizes device code (-O applies to the host
    // side): the device compile gets Inv.OptLevel's default, -O3, where
    // clang's own default (-O0, every function optnone) would leave the
    // kernels unoptimized while Ferry takes the IR for optimized.
    if (none_of(Inv.Common, [](const std::string &A) { return StringRef(A).starts_with("-O"); }))
      Args.push_back("-O" + std::to_string(Inv.OptLevel));
    if (Inv.OptLevel == 0) // readable, optimizable IR: Ferry optimizes it
      Args.insert(Args.end(), {"-Xclang", "-disable-O0-optnone"});
    // No `noundef` on arguments and results, as nvcc's code does not
    // assume it: warp code passes a value only one lane set through a
    // shuffle (`if (lane == 0) i = atomicAdd(&pos, 1); i = __shfl_sync(m,
    // i, 0);`), and with `noundef` LLVM infers `lane == 0` and makes every
    // lane take the atomic. (Not in clang mode, whose command is clang's.)
    if (!Inv.ClangMode)
      Args.insert(Args.end(), {"-Xclang", "-no-enable-noundef-analysis"});
    // The device runtime's functions as the extern "C" declarations of
    // CUDA's CDP1 interface, not CDP2's static definitions: a template
    // argument that names one (`cuda_memory_resource<..., cudaFree>` of
    // thrust::universal_vector) mangled as `_ZL8cudaFreePv` in the device
    // compile and `_Z8cudaFree` in the host's, so the host registered
    // kernels its image did not have. (Ferry has no device runtime: device
    // code calling them fails to link either way.)
    Args.push_back("-DCUDA_FORCE_CDP1_IF_SUPPORTED");
    Args.insert(Args.end(), {"-emit-llvm", "-c", In.Path, "-o", Bc});
    const bool AmdOnly = std::find(Inv.SMs.begin(), Inv.SMs.end(), SM) == Inv.SMs.end();
    if (!execute(Args)) {
      // A compile the command line did not ask for: say why it is there.
      if (AmdOnly)
        errs() << Tool << ": note: sm_" << SM
               << " is the architecture of the AMD targets' device code (the highest -arch "
                  "below sm_89, else sm_80; --amd-cuda-arch=sm_NN names another)\n";
      return false;
    }
    if (Inv.DryRun)
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Bc);
    if (!Buf)
      return !error("cannot read '" + Bc + "': " + Buf.getError().message());
    Expected<std::unique_ptr<Module>> M = parseBitcodeFile(**Buf, Ctx);
    if (!M)
      return !error(In.Path + ": " + toString(M.takeError()));
    if (Inv.RelocatableDevice)
      resolveExternalizedStatics(**M);
    D.Modules.push_back(std::move(*M));
    D.SMs.push_back(SM);
    D.Ptx.push_back(!AmdOnly);
  }
  return true;
}

/// \p Body behind the 16-byte header: \p Magic and the size.
static std::string withHeader(StringRef Magic, const std::string &Body) {
  std::string Out(Magic);
  uint64_t Size = Body.size();
  for (int Byte = 0; Byte < 8; ++Byte)
    Out.push_back(char((Size >> (8 * Byte)) & 0xff));
  return Out + Body;
}

bool Driver::package(const DeviceModules &D, StringRef What, std::string &Package) {
  // AMD code comes from the module of D.AmdSM. A file without device code
  // has no images (the runtime registers an empty package).
  std::vector<ferry::DeviceImage> Images;
  const Module &Amd = D.amd();
  const std::string AmdSM = "sm_" + std::to_string(D.AmdSM);
  bool HasDeviceCode = false;
  for (const GlobalValue &GV : Amd.global_values())
    HasDeviceCode |= !GV.isDeclaration();
  if (HasDeviceCode) {
    ferry::CompileCache Cache;
    auto Compile = [&](StringRef Arch, const Module &M, ferry::ImageKind Kind) {
      ferry::DeviceOptions O;
      O.OptLevel = Inv.OptLevel;
      O.InputOptimized = Inv.OptLevel > 0;
      Expected<std::unique_ptr<ferry::DeviceTarget>> T = ferry::DeviceTarget::create(Arch, O);
      if (!T)
        return !error(toString(T.takeError()));
      Expected<std::string> Bytes = Cache.compile(**T, M, Kind);
      if (!Bytes) {
        // One line per problem, each naming the file.
        SmallVector<StringRef, 8> Lines;
        std::string Text = toString(Bytes.takeError());
        StringRef(Text).split(Lines, '\n', -1, false);
        for (StringRef Line : Lines)
          error(What + ": " + Line);
        return false;
      }
      if (Inv.Keep) {
        // Each image as a file of its own: <stem>.<arch>.{hsaco,amdgpu.bc,ptx}.
        const char *Ext = Kind == ferry::ImageKind::PTX            ? "ptx"
                          : Kind == ferry::ImageKind::TranslatedIR ? "amdgpu.bc"
                                                                   : "hsaco";
        std::error_code EC;
        // ("device link" -> device-link.gfx90a.amdgpu.bc, as the link's
        // other files are named.)
        std::string Stem = sys::path::stem(What).str();
        std::replace(Stem.begin(), Stem.end(), ' ', '-');
        raw_fd_ostream OS(temporary(Stem + "." + (*T)->arch(), Ext), EC,
                          sys::fs::OF_None);
        if (!EC)
          OS << *Bytes;
      }
      Images.push_back({Kind, (*T)->triple().str(), (*T)->arch(), std::move(*Bytes)});
      if (Kind != ferry::ImageKind::PTX)
        Images.back().CudaArch = AmdSM;
      return true;
    };
    for (const std::string &Arch : Inv.AmdTargets)
      if (!Compile(Arch, Amd, ferry::ImageKind::CodeObject) ||
          !Compile(Arch, Amd, ferry::ImageKind::TranslatedIR))
        return false;
    for (size_t I = 0; I < D.Modules.size(); ++I)
      if (D.Ptx[I] &&
          !Compile("sm_" + std::to_string(D.SMs[I]), *D.Modules[I], ferry::ImageKind::PTX))
        return false;
  }
  Package = withHeader("FERRYCU1", ferry::packageImages(Images));
  return true;
}

bool Driver::deviceImages(const Input &In, std::string &Package,
                          std::map<std::string, std::string> &Managed, bool &HasManaged) {
  LLVMContext Ctx;
  DeviceModules D;
  HasManaged = false;
  if (!deviceModules(In, Ctx, D))
    return false;
  if (Inv.DryRun)
    return true;
  // __managed__ variables: reached through the pointer the runtime sets.
  HasManaged = !managedVariables(*D.Modules.back()).empty();
  for (std::unique_ptr<Module> &M : D.Modules) {
    std::string Problem;
    Managed = lowerDeviceManaged(*M, Problem, /*Rewrite=*/!Inv.RelocatableDevice);
    if (!Problem.empty())
      return !error(In.Path + ": " + StringRef(Problem).rtrim());
  }
  if (!Inv.RelocatableDevice)
    return package(D, In.Path, Package);
  // Relocatable device code: the NVVM itself, linked at the device link.
  std::string Body;
  for (size_t I = 0; I < D.Modules.size(); ++I) {
    std::string Bytes;
    raw_string_ostream OS(Bytes);
    WriteBitcodeToFile(*D.Modules[I], OS);
    OS.flush();
    object::OffloadBinary::OffloadingImage Entry;
    Entry.TheImageKind = object::IMG_Bitcode;
    Entry.TheOffloadKind = object::OFK_Cuda;
    // Every field set: the object's bytes are the same each compile.
    Entry.Flags = 0;
    Entry.StringData["triple"] = "nvptx64-nvidia-cuda";
    const std::string Arch = "sm_" + std::to_string(D.SMs[I]);
    Entry.StringData["arch"] = Arch;
    Entry.StringData[RdcUseKey] = !D.Ptx[I]             ? "amd"
                                  : D.SMs[I] == D.AmdSM ? "ptx amd"
                                                        : "ptx";
    Entry.StringData["producer"] = "ferry-nvcc";
    char Digest[26];
    ferry_image_digest_text(Bytes.data(), Bytes.size(), Digest);
    Entry.StringData[FERRY_DIGEST_KEY] = Digest;
    Entry.Image = MemoryBuffer::getMemBuffer(Bytes, "", false);
    SmallString<0> Binary = object::OffloadBinary::write(Entry);
    Body.append(Binary.begin(), Binary.end());
    Body.resize(alignTo(Body.size(), object::OffloadBinary::getAlignment()), '\0');
  }
  Package = withHeader("FERRYRD1", Body);
  return true;
}

/// The __cudaRegisterLinkedBinary_<id> functions \p Obj calls and defines.
static void collectRegistrations(object::ObjectFile &Obj, RelocatableDeviceCode &Code) {
  for (const object::SymbolRef &Sym : Obj.symbols()) {
    Expected<StringRef> N = Sym.getName();
    Expected<uint32_t> Flags = Sym.getFlags();
    if (!N || !Flags) {
      consumeError(N.takeError());
      consumeError(Flags.takeError());
      continue;
    }
    if (N->starts_with("__cudaRegisterLinkedBinary_"))
      (*Flags & object::SymbolRef::SF_Undefined ? Code.Needed : Code.Defined).insert(N->str());
  }
}

/// Reports that the device code of the object \p Name for sm_\p SM does not
/// link with the objects before it: each of the Linker's errors, with the
/// object that defined the symbol it names (demangled beside it).
static bool reportLinkErrors(const std::string &Name, int SM, const RelocatableDeviceCode &Code) {
  const std::string Link = "device link for sm_" + std::to_string(SM) + ": " + Name;
  if (Code.LinkErrors.empty())
    return !error(Link + " does not link with the other objects");
  const auto Definers = Code.Definers.find(SM);
  for (std::string Text : Code.LinkErrors) {
    std::string Other = "the other objects";
    if (Definers != Code.Definers.end())
      for (const auto &[Symbol, Object] : Definers->second) {
        const std::string Quoted = "'" + Symbol + "'";
        const size_t At = Text.find(Quoted);
        if (At == std::string::npos)
          continue;
        Other = Object;
        const std::string Readable = demangle(Symbol);
        if (Readable != Symbol)
          Text.insert(At + Quoted.size(), " (" + Readable + ")");
        break;
      }
    error(Link + " does not link with " + Other + ": " + Text);
  }
  return false;
}

/// Links the NVVM entries of the package body \p Body (OffloadBinary
/// images, one per sm_NN) into \p Code. \p Name names the object.
static bool linkEntries(StringRef Body, const std::string &Name, LLVMContext &Ctx,
                        RelocatableDeviceCode &Code) {
  for (size_t E = 0; E + 24 <= Body.size();) {
    // A copy: OffloadBinary wants its bytes 8-byte aligned, which an
    // archive member's need not be.
    const uint64_t EntrySize = support::endian::read64le(Body.data() + E + 8);
    std::unique_ptr<MemoryBuffer> Copy =
        MemoryBuffer::getMemBufferCopy(Body.substr(E, EntrySize), Name);
    Expected<std::unique_ptr<object::OffloadBinary>> Bin =
        object::OffloadBinary::create(Copy->getMemBufferRef());
    if (!Bin)
      return !error(Name + ": " + toString(Bin.takeError()));
    const int SM = std::atoi((*Bin)->getArch().drop_front(3).str().c_str());
    const StringRef Use = (*Bin)->getString(RdcUseKey);
    if (Use.empty() || Use.contains("ptx"))
      Code.Ptx.insert(SM);
    if (Use.contains("amd"))
      Code.Amd.insert(SM);
    Expected<std::unique_ptr<Module>> M =
        parseBitcodeFile(MemoryBufferRef((*Bin)->getImage(), Name), Ctx);
    if (!M)
      return !error(Name + ": " + toString(M.takeError()));
    std::vector<std::string> Defines;
    for (const GlobalValue &GV : (*M)->global_values())
      if (!GV.isDeclaration() && !GV.hasLocalLinkage())
        Defines.push_back(GV.getName().str());
    std::unique_ptr<Module> &L = Code.Linked[SM];
    Code.LinkErrors.clear();
    if (!L)
      L = std::move(*M);
    else if (Linker::linkModules(*L, std::move(*M)))
      return reportLinkErrors(Name, SM, Code);
    for (std::string &Symbol : Defines)
      Code.Definers[SM].try_emplace(std::move(Symbol), Name);
    ++Code.Count[SM];
    E += alignTo(EntrySize, object::OffloadBinary::getAlignment());
  }
  return true;
}

/// Links the packages of a __nv_relfatbin section's contents \p Data
/// ("FERRYRD1" headers, 8-byte aligned) into \p Code.
static bool linkPackages(StringRef Data, const std::string &Name, LLVMContext &Ctx,
                         RelocatableDeviceCode &Code) {
  for (size_t Off = 0; Off + 16 <= Data.size();) {
    StringRef Rest = Data.substr(Off);
    if (!Rest.starts_with("FERRYRD1")) {
      if (Rest.starts_with(StringRef("\0\0\0\0\0\0\0\0", 8))) {
        Off += 8; // alignment between objects' packages
        continue;
      }
      return !error(Name + ": its relocatable device code was not built by ferry-nvcc "
                           "(rebuild it with ferry-nvcc -rdc=true)");
    }
    uint64_t Size = support::endian::read64le(Rest.data() + 8);
    if (Size > Rest.size() - 16)
      return !error(Name + ": its relocatable device code is cut short");
    ++Code.Packages;
    if (!linkEntries(Rest.substr(16, Size), Name, Ctx, Code))
      return false;
    Off += alignTo(16 + Size, 8);
  }
  return true;
}

/// Reads the object \p Obj (named \p Name in messages) into \p Code.
static bool readObject(object::ObjectFile &Obj, const std::string &Name, LLVMContext &Ctx,
                       RelocatableDeviceCode &Code) {
  collectRegistrations(Obj, Code);
  for (const object::SectionRef &Sec : Obj.sections()) {
    Expected<StringRef> SN = Sec.getName();
    if (!SN || *SN != "__nv_relfatbin") {
      consumeError(SN.takeError());
      continue;
    }
    Expected<StringRef> Data = Sec.getContents();
    if (!Data)
      return !error(Name + ": " + toString(Data.takeError()));
    if (!linkPackages(*Data, Name, Ctx, Code))
      return false;
  }
  return true;
}

/// Reads every object member of the archive \p Buf (the file \p Path).
static bool readArchive(MemoryBufferRef Buf, const std::string &Path, LLVMContext &Ctx,
                        RelocatableDeviceCode &Code) {
  Expected<std::unique_ptr<object::Archive>> A = object::Archive::create(Buf);
  if (!A)
    return !error(Path + ": " + toString(A.takeError()));
  Error Err = Error::success();
  for (const object::Archive::Child &C : (*A)->children(Err)) {
    Expected<MemoryBufferRef> MB = C.getMemoryBufferRef();
    if (!MB) {
      consumeError(MB.takeError());
      continue;
    }
    Expected<std::unique_ptr<object::ObjectFile>> Obj = object::ObjectFile::createObjectFile(*MB);
    if (!Obj) {
      consumeError(Obj.takeError());
      continue;
    }
    if (!readObject(**Obj, Path + "(" + MB->getBufferIdentifier().str() + ")", Ctx, Code))
      return false;
  }
  if (Err)
    return !error(Path + ": " + toString(std::move(Err)));
  return true;
}

/// Reads the link input \p Path, an object or an archive, into \p Code;
/// other files (and those it cannot read) are the linker's.
static bool readLinkInput(const std::string &Path, LLVMContext &Ctx, RelocatableDeviceCode &Code) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return true; // not ours to read (a -l library): the linker says
  file_magic Magic = identify_magic((*Buf)->getBuffer());
  if (Magic == file_magic::archive)
    return readArchive((*Buf)->getMemBufferRef(), Path, Ctx, Code);
  if (Magic != file_magic::elf_relocatable)
    return true;
  Expected<std::unique_ptr<object::ObjectFile>> Obj =
      object::ObjectFile::createObjectFile((*Buf)->getMemBufferRef());
  if (!Obj) {
    consumeError(Obj.takeError());
    return true;
  }
  return readObject(**Obj, Path, Ctx, Code);
}

bool Driver::linkedPackage(RelocatableDeviceCode &Code, std::string &Package) {
  // Every object must carry each sm_NN the link packages.
  DeviceModules D;
  for (auto &[SM, M] : Code.Linked) {
    if (Code.Count[SM] != Code.Packages)
      return !error("device link: not every object has device code for sm_" + std::to_string(SM) +
                    ": compile them all with the same -arch");
    D.SMs.push_back(SM);
    D.Ptx.push_back(Code.Ptx.count(SM) != 0);
    D.Modules.push_back(std::move(M));
  }
  // __managed__ variables, now that every file's uses are in one module.
  for (size_t I = 0; I < D.Modules.size(); ++I) {
    std::string Problem;
    lowerDeviceManaged(*D.Modules[I], Problem);
    if (!Problem.empty())
      return !error("device link for sm_" + std::to_string(D.SMs[I]) + ": " +
                    StringRef(Problem).rtrim());
  }
  if (D.Modules.empty()) {
    Package = withHeader("FERRYCU1", "");
    return true;
  }
  D.AmdSM = Code.Amd.empty() ? D.SMs.back() : *Code.Amd.rbegin();
  return package(D, "device link", Package);
}

/// The C source of the device link object: the package (the file
/// \p PackageFile), and the registration functions clang's -fgpu-rdc host
/// code calls, \p Needed, one per file of the program.
static std::string registrationSource(const std::string &PackageFile,
                                      const std::set<std::string> &Needed) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "/* ferry-nvcc device link */\n"
     << "__asm__(\".section .ferry_cuda_package,\\\"a\\\",@progbits\\n"
     << ".p2align 3\\n__ferry_linked_package:\\n.incbin \\\"" << PackageFile
     << "\\\"\\n__ferry_linked_package_end:\\n.previous\");\n"
     << "extern const char __ferry_linked_package[], __ferry_linked_package_end[];\n"
     << "void __ferry_cuda_register_linked(void (*)(void **), const void *, const void *);\n";
  for (const std::string &F : Needed)
    OS << "void " << F << "(void (*Callback)(void **), void *Wrapper, void *Id, void *Dummy) {\n"
       << "  (void)Wrapper; (void)Id; (void)Dummy;\n"
       << "  __ferry_cuda_register_linked(Callback, __ferry_linked_package, "
          "__ferry_linked_package_end);\n}\n";
  return Text;
}

bool Driver::compileRegistration(const std::string &Package, const std::set<std::string> &Needed,
                                 const std::string &Out) {
  const std::string PackageFile = temporary("device-link", "ferrypkg");
  const std::string Source = temporary("device-link", "c");
  std::error_code EC;
  {
    raw_fd_ostream OS(PackageFile, EC, sys::fs::OF_None);
    if (EC)
      return !error("cannot write '" + PackageFile + "': " + EC.message());
    OS << Package;
  }
  raw_fd_ostream OS(Source, EC, sys::fs::OF_Text);
  if (EC)
    return !error("cannot write '" + Source + "': " + EC.message());
  OS << registrationSource(PackageFile, Needed);
  OS.close();
  DeviceLinkObject = Out.empty() ? temporary("device-link", "o") : Out;
  std::vector<std::string> Args = {P.Clang, "-x",   "c",  "-c",
                                   "-fPIC", Source, "-o", DeviceLinkObject};
  return execute(Args);
}

std::vector<std::string> Driver::librariesToDeviceLink() const {
  std::vector<std::string> Dirs, Found;
  for (const std::string &A : Inv.Link)
    if (StringRef(A).starts_with("-L"))
      Dirs.push_back(A.substr(2));
  for (const std::string &A : Inv.Link) {
    StringRef Name = A;
    if (!Name.consume_front("-l"))
      continue;
    const std::string File = Name.starts_with(":") ? Name.drop_front().str() : ("lib" + Name + ".a").str();
    for (const std::string &D : Dirs)
      if (sys::fs::is_regular_file(D + "/" + File)) {
        Found.push_back(D + "/" + File);
        break;
      }
  }
  return Found;
}

bool Driver::deviceLink(const std::vector<std::string> &Objects, const std::string &Out,
                        bool &Any) {
  Any = false;
  LLVMContext Ctx;
  RelocatableDeviceCode Code;
  Ctx.setDiagnosticHandler(std::make_unique<LinkErrorCollector>(Code.LinkErrors));
  if (!Inv.DryRun)
    for (const std::string &Path : Objects)
      if (!readLinkInput(Path, Ctx, Code))
        return false;
  for (const std::string &D : Code.Defined)
    Code.Needed.erase(D);
  Any = !Code.Needed.empty();
  if (!Any && Inv.Stop != Phase::DeviceLink)
    return true;
  std::string Package;
  if (!linkedPackage(Code, Package))
    return false;
  return compileRegistration(Package, Code.Needed, Out);
}

bool Driver::compileCuda(const Input &In, const std::string &Out) {
  std::vector<std::string> Args = {P.Clang, "-x", "cuda", "--cuda-host-only"};
  for (int SM : Inv.SMs)
    Args.push_back("--cuda-gpu-arch=sm_" + std::to_string(SM));
  std::vector<std::string> Common = cudaCommon(In);
  Args.insert(Args.end(), Common.begin(), Common.end());
  Args.insert(Args.end(), Inv.HostOnly.begin(), Inv.HostOnly.end());
  if (Inv.Stop == Phase::Preprocess || Inv.Stop == Phase::Dependencies) {
    // (-M and -MM run the preprocessor alone: nothing more to ask, and
    // -fsyntax-only drew "argument unused during compilation".)
    if (Inv.Stop == Phase::Preprocess)
      Args.push_back("-E");
    Args.push_back(In.Path);
    if (!Out.empty())
      Args.insert(Args.end(), {"-o", Out});
    return execute(Args);
  }
  std::string Package;
  std::map<std::string, std::string> Managed;
  bool HasManaged;
  if (!deviceImages(In, Package, Managed, HasManaged))
    return false;
  const std::string PackageFile = temporary(sys::path::stem(In.Path), "ferrypkg");
  if (!Inv.DryRun) {
    std::error_code EC;
    raw_fd_ostream OS(PackageFile, EC, sys::fs::OF_None);
    if (EC)
      return !error("cannot write '" + PackageFile + "': " + EC.message());
    OS << Package;
  }
  Args.insert(Args.end(),
              {"-Xclang", "-fcuda-include-gpubinary", "-Xclang", PackageFile, "-c", In.Path});
  if (HasManaged)
    return compileHostManaged(Args, Out, Managed);
  Args.insert(Args.end(), {"-o", Out});
  return execute(Args);
}

bool Driver::compileHostManaged(std::vector<std::string> Args, const std::string &Out,
                                const std::map<std::string, std::string> &Managed) {
  const std::string Bc = temporary(sys::path::stem(Out).str() + "-host", "bc");
  Args.insert(Args.end(), {"-emit-llvm", "-o", Bc});
  if (!execute(Args))
    return false;
  if (!Inv.DryRun) {
    LLVMContext Ctx;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Bc);
    if (!Buf)
      return !error("cannot read '" + Bc + "': " + Buf.getError().message());
    Expected<std::unique_ptr<Module>> M = parseBitcodeFile(**Buf, Ctx);
    if (!M)
      return !error(Bc + ": " + toString(M.takeError()));
    lowerHostManaged(**M, Managed);
    std::error_code EC;
    raw_fd_ostream OS(Bc, EC, sys::fs::OF_None);
    if (EC)
      return !error("cannot write '" + Bc + "': " + EC.message());
    WriteBitcodeToFile(**M, OS);
  }
  // Code generation of the rewritten module, with the host's code options.
  std::vector<std::string> Codegen = {P.Clang, "-c", "-Wno-unused-command-line-argument",
                                      "-O" + std::to_string(Inv.OptLevel)};
  for (const std::string &A : Inv.HostOnly)
    if (A.compare(0, 2, "-f") == 0 || A.compare(0, 2, "-m") == 0 || A == "-g")
      Codegen.push_back(A);
  Codegen.insert(Codegen.end(), {Bc, "-o", Out});
  return execute(Codegen);
}

bool Driver::compileHost(const Input &In, const std::string &Out) {
  std::vector<std::string> Args = {P.Clang};
  if (In.Lang == Language::C)
    Args.insert(Args.end(), {"-x", "c"});
  else
    Args.insert(Args.end(), {"-x", "c++"});
  // nvcc's host compiler sees the CUDA headers, and __NVCC__ (nvcc's
  // identity, in C and C++ compiles too; not clang's).
  Args.insert(Args.end(), {"-isystem", P.Cuda + "/include"});
  if (!Inv.ClangMode)
    Args.push_back("-D__NVCC__");
  // nvcc's host compiler (GCC) warns about C's implicit function
  // declarations and implicit int, which clang refuses (Rodinia's C files).
  if (!Inv.ClangMode && In.Lang == Language::C)
    Args.insert(Args.end(), {"-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
                             "-Wno-error=int-conversion"});
  for (const std::string &A : Inv.Common)
    if (!(In.Lang == Language::C && A.compare(0, 5, "-std=") == 0))
      Args.push_back(A);
  Args.insert(Args.end(), Inv.HostOnly.begin(), Inv.HostOnly.end());
  if (Inv.Stop == Phase::Preprocess)
    Args.push_back("-E");
  else if (Inv.Stop != Phase::Dependencies) // (-M, -MM: the preprocessor alone)
    Args.push_back("-c");
  Args.push_back(In.Path);
  if (!Out.empty())
    Args.insert(Args.end(), {"-o", Out});
  return execute(Args);
}

bool Driver::link(const std::vector<std::string> &Objects) {
  if (Inv.Stop == Phase::Library) {
    std::vector<std::string> Args = {sys::path::parent_path(P.Clang).str() + "/llvm-ar", "rcs",
                                     Inv.Output.empty() ? "a.a" : Inv.Output};
    if (!sys::fs::exists(Args[0]))
      Args[0] = "ar";
    Args.insert(Args.end(), Objects.begin(), Objects.end());
    return execute(Args);
  }
  // Ferry's directories before the program's: NVIDIA's runtime library
  // names resolve to Ferry's (lib/ferry-cuda), wherever the toolkit's
  // libraries are searched too (CMake's clang-CUDA mode adds its lib64).
  std::vector<std::string> Args = {P.Clang, "-L" + P.Lib + "/ferry-cuda", "-L" + P.Lib};
  if (Inv.Shared)
    Args.push_back("-shared");
  Args.insert(Args.end(), Objects.begin(), Objects.end());
  Args.insert(Args.end(), Inv.Link.begin(), Inv.Link.end());
  for (const std::string &A : Inv.HostOnly)
    if (A == "-fopenmp" || A == "-pthread" || A.compare(0, 6, "-fuse-") == 0 ||
        A.compare(0, 10, "-fsanitize") == 0 || A == "-fPIC" || A == "-rdynamic")
      Args.push_back(A);
  Args.insert(Args.end(), {"-lferry-cudart", "-lferry-rt", "-Wl,-rpath," + P.Lib,
                           "-o", Inv.Output.empty() ? "a.out" : Inv.Output});
  return execute(Args, /*Link=*/true);
}

int Driver::run() {
  if (Inv.Inputs.empty())
    return error("no input files");
  const bool OneOutput = Inv.Stop == Phase::Compile || Inv.Stop == Phase::Preprocess ||
                         Inv.Stop == Phase::Dependencies;
  size_t Sources = 0;
  for (const Input &In : Inv.Inputs)
    Sources += In.Lang != Language::Object;
  if (OneOutput && !Inv.Output.empty() && Sources > 1)
    return error("-o with -c, -E or -M and several source files");
  std::vector<std::string> Objects;
  for (const Input &In : Inv.Inputs) {
    if (In.Lang == Language::Object) {
      if (!OneOutput)
        Objects.push_back(In.Path);
      continue;
    }
    if (!Inv.DryRun && !sys::fs::exists(In.Path))
      return error("cannot find '" + In.Path + "'");
    std::string Out =
        OneOutput ? (Inv.Output.empty() && Inv.Stop == Phase::Compile ? objectName(In) : Inv.Output)
                  : temporary(sys::path::stem(In.Path), "o");
    const bool Ok = In.Lang == Language::Cuda ? prepareCudaSource(In) && compileCuda(In, Out)
                                              : compileHost(In, Out);
    if (!Ok)
      return 1;
    Objects.push_back(Out);
  }
  if (OneOutput)
    return 0;
  // Relocatable device code: its device link, done here, or all there is
  // to do with -dlink.
  std::vector<std::string> DeviceInputs = Objects;
  for (std::string &Archive : librariesToDeviceLink())
    DeviceInputs.push_back(std::move(Archive));
  if (Inv.Stop == Phase::DeviceLink) {
    bool Any;
    return deviceLink(DeviceInputs, Inv.Output.empty() ? "a_dlink.o" : Inv.Output, Any) ? 0 : 1;
  }
  if (Inv.Stop == Phase::Link) {
    bool Any;
    if (!deviceLink(DeviceInputs, "", Any))
      return 1;
    if (Any)
      Objects.push_back(DeviceLinkObject);
  }
  if (!link(Objects))
    return 1;
  return Inv.Run ? runProgram() : 0;
}

/// --run: the linked program with --run-args, its exit status ferry-nvcc's
/// (nvcc's; Makefiles probe the device's architecture this way).
int Driver::runProgram() {
  SmallString<256> Program(Inv.Output.empty() ? "a.out" : Inv.Output);
  sys::fs::make_absolute(Program);
  std::vector<std::string> Args{std::string(Program)};
  Args.insert(Args.end(), Inv.RunArgs.begin(), Inv.RunArgs.end());
  if (Inv.Verbose)
    errs() << "#$ " << join(Args, " ") << "\n";
  if (Inv.DryRun)
    return 0;
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  std::string Message;
  const int RC = sys::ExecuteAndWait(Args[0], Refs, std::nullopt, {}, 0, 0, &Message);
  if (RC < 0)
    return error("cannot run '" + Args[0] + "': " + Message);
  return RC;
}

std::string selfDirectory(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&error));
  return sys::path::parent_path(Exe).str();
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  ferry::installFatalErrorHandler();
  ferry::useCompileOnlyProcessDefaults();
  std::vector<std::string> Args(argv + 1, argv + argc);
  Invocation Inv;
  if (!Args.empty() && Args[0] == "--ferry-clang-mode") {
    Inv.ClangMode = true;
    Tool = "ferry-clang++";
    Args.erase(Args.begin());
  } else {
    // clang's CUDA spellings, which nvcc has not (what CMake passes to a
    // CUDA compiler it identifies as clang): clang's options accepted.
    Inv.ClangMode = usesClangCudaOptions(Args);
  }
  if (std::string Problem = parse(Args, Inv); !Problem.empty())
    return error(Problem);
  if (std::find(Inv.Common.begin(), Inv.Common.end(), "-w") == Inv.Common.end())
    for (const std::string &W : Inv.Warnings)
      errs() << Tool << ": warning: " << W << "\n";
  if (Inv.Help) {
    outs() << helpText();
    return 0;
  }
  if (Inv.Version) {
    // "clang version": what CMake recognizes a clang-based CUDA compiler by;
    // "release X.Y": what CMake's FindCUDA and Makefiles read nvcc's CUDA
    // version from (nvcc's own line).
    outs() << "ferry-nvcc: Ferry's nvcc-compatible driver (clang version " LLVM_VERSION_STRING
              ", CUDA runtime API of CUDA "
           << CUDART_VERSION_TEXT << ")\nCuda compilation tools, release " << CUDART_VERSION_TEXT
           << ", V" << CUDART_VERSION_TEXT << " (the CUDA runtime API Ferry implements)\n";
    return 0;
  }
  Paths P;
  const std::string Prefix = selfDirectory(argv[0]) + "/..";
  P.Lib = Prefix + "/lib";
  P.Include = Prefix + "/include";
  const char *Clang = std::getenv("FERRY_CLANGXX");
  P.Clang = Clang && *Clang ? Clang : FERRY_DEFAULT_CLANGXX;
  if (ErrorOr<std::string> Found = sys::findProgramByName(P.Clang))
    P.Clang = *Found;
  const char *Cuda = std::getenv("CUDA_PATH");
  P.Cuda = Cuda && *Cuda ? Cuda : FERRY_DEFAULT_CUDA_PATH;
  if (!sys::fs::exists(P.Cuda + "/include/cuda_runtime.h"))
    return error("no CUDA toolkit headers at '" + P.Cuda +
                 "' (cuda_runtime.h): set CUDA_PATH to the toolkit ferry-nvcc should use");
  return Driver(std::move(Inv), std::move(P)).run();
}

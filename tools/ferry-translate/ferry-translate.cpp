//===- ferry-translate.cpp - NVVM IR in, AMDGPU IR or device images out ---===//
///
/// \file
/// A thin command line over Ferry's device pipeline:
///   ferry-translate in.{ll,bc} --offload-arch=gfx90a --emit=ll|bc|obj|hsaco -o out
///   ferry-translate in.ll --cuda-arch=sm_80 --emit=ptx -o out.ptx
///   ferry-translate in.ll --offload-arch=gfx90a,gfx1100 --cuda-arch=sm_90
///                   --emit=offload -o images.bin
/// Silent on success; every problem is an error message and a non-zero exit.
///
//===----------------------------------------------------------------------===//
#include "ferry/Cache.h"
#include "ferry/DeviceTarget.h"
#include "ferry/Offload.h"
#include "ferry/Translate.h"

#include "CodeObjectStats.h"
#include "Lower.h"
#include "Coverage.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace {

cl::OptionCategory Category("ferry-translate options");

cl::opt<std::string> Input(cl::Positional, cl::desc("<input .ll or .bc>"),
                           cl::cat(Category));
cl::opt<bool> PrintCoverage(
    "print-coverage",
    cl::desc("Print which NVVM intrinsics and libdevice functions are "
             "translated (Markdown) and exit"),
    cl::cat(Category));
cl::opt<std::string> Output("o", cl::desc("Output file ('-' for stdout)"),
                            cl::value_desc("file"), cl::init("-"),
                            cl::cat(Category));
cl::list<std::string> Arches("offload-arch", cl::CommaSeparated,
                             cl::desc("Target processor(s), AMD or NVIDIA, as clang's "
                                      "--offload-arch: gfx90a,gfx1100:xnack-,sm_80"),
                             cl::value_desc("gfx...|sm_..."), cl::cat(Category));
cl::list<std::string> CudaArches("cuda-arch", cl::CommaSeparated,
                                 cl::desc("NVIDIA architecture(s) for PTX, e.g. sm_80 "
                                          "(the same as --offload-arch=sm_80)"),
                                 cl::value_desc("sm_..."), cl::cat(Category));
enum class EmitKind { LL, BC, Obj, Hsaco, PTX, Offload, Host };
cl::opt<EmitKind> Emit(
    "emit", cl::desc("What to write"),
    cl::values(clEnumValN(EmitKind::LL, "ll", "translated AMDGPU IR (text)"),
               clEnumValN(EmitKind::BC, "bc", "translated AMDGPU IR (bitcode)"),
               clEnumValN(EmitKind::Obj, "obj", "relocatable AMDGPU object"),
               clEnumValN(EmitKind::Hsaco, "hsaco", "HSA code object"),
               clEnumValN(EmitKind::PTX, "ptx", "PTX"),
               clEnumValN(EmitKind::Offload, "offload",
                          "all images in LLVM's OffloadBinary format"),
               clEnumValN(EmitKind::Host, "host",
                          "host IR (text) embedding the images with a "
                          "constructor that registers them with the runtime")),
    cl::init(EmitKind::LL), cl::cat(Category));
cl::opt<ferry::WaveMode> Wave(
    "wave", cl::desc("How CUDA warps run on the target"),
    cl::values(clEnumValN(ferry::WaveMode::Auto, "auto",
                          "wave32 on gfx10+, emu32 on gfx9 (default)"),
               clEnumValN(ferry::WaveMode::Wave32, "32", "native wave32"),
               clEnumValN(ferry::WaveMode::Emu32, "emu32",
                          "two CUDA warps per wave64")),
    cl::init(ferry::WaveMode::Auto), cl::cat(Category));
cl::opt<unsigned> CodeObjectVersion("code-object-version",
                                    cl::desc("AMDHSA code object version (4 or 5)"),
                                    cl::init(5), cl::cat(Category));
cl::opt<unsigned> OptLevel("O", cl::desc("Optimization level (0-3)"), cl::init(3),
                           cl::Prefix, cl::cat(Category));
cl::opt<std::string> DeviceLibDir(
    "device-lib-dir", cl::desc("ROCm device libraries (default: "
                               "FERRY_DEVICE_LIB_PATH, /opt/rocm, Debian's)"),
    cl::cat(Category));
cl::opt<std::string> LibdevicePath("libdevice", cl::desc("CUDA libdevice.10.bc"),
                                   cl::cat(Category));
cl::opt<std::string> DumpDir("dump-dir",
                             cl::desc("Write every stage here (or FERRY_DUMP_DIR)"),
                             cl::cat(Category));
cl::opt<bool> SkipPTXWithoutLibdevice(
    "skip-ptx-without-libdevice",
    cl::desc("Leave out the PTX images (with a note) when the module needs "
             "libdevice and no CUDA toolkit provides it"),
    cl::cat(Category));
cl::opt<bool> InputOptimized(
    "input-optimized",
    cl::desc("The input is clang's optimized NVVM output (-O1 and up): its loops "
             "keep NVPTX's runtime unrolling on AMD (default; =false for "
             "unoptimized IR)"),
    cl::init(true), cl::cat(Category));
cl::opt<bool> UseCache("cache",
                       cl::desc("Use the compile cache (FERRY_CACHE_DIR; "
                                "FERRY_CACHE=0 disables it)"),
                       cl::cat(Category));

/// --stats: per-kernel resources of the code objects. LLVM's library owns a
/// "-stats" option of its own, so this one is taken off argv before LLVM's
/// parser runs (see main).
bool Stats = false;

/// The options, copied right after parsing: lld (run in process) resets every
/// cl::opt of the process when it parses its own command line.
struct Config {
  std::string Input, Output, DeviceLibDir, LibdevicePath, DumpDir;
  std::vector<std::string> Arches, CudaArches;
  EmitKind Emit;
  ferry::WaveMode Wave;
  unsigned CodeObjectVersion, OptLevel;
  bool Cache, SkipPTX, InputOptimized;
};
Config C;

bool OneImageKind(EmitKind K) { return K != EmitKind::Offload && K != EmitKind::Host; }

int fail(const Twine &Message) {
  WithColor::error(errs(), "ferry-translate") << Message << "\n";
  return 1;
}

/// One line per untranslatable construct, each prefixed with the input.
int failWith(Error E) {
  SmallVector<StringRef, 8> Lines;
  std::string Text = toString(std::move(E));
  StringRef(Text).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines)
    fail(C.Input + ": " + Line);
  return 1;
}

int writeOutput(StringRef Bytes, bool Text) {
  std::error_code EC;
  ToolOutputFile Out(C.Output, EC, Text ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC)
    return fail("cannot write '" + C.Output + "': " + EC.message());
  Out.os() << Bytes;
  Out.keep();
  return 0;
}

ferry::DeviceOptions deviceOptions() {
  ferry::DeviceOptions O;
  O.Wave = C.Wave;
  O.CodeObjectVersion = C.CodeObjectVersion;
  O.DeviceLibDir = C.DeviceLibDir;
  O.LibdevicePath = C.LibdevicePath;
  O.OptLevel = C.OptLevel;
  O.InputOptimized = C.InputOptimized;
  O.DumpDir = C.DumpDir;
  return O;
}

/// Parses the command line into the cl::opts, --stats taken off first.
void parseCommandLine(int argc, char **argv) {
  std::vector<char *> Args;
  for (int I = 0; I < argc; ++I) {
    if (I && (StringRef(argv[I]) == "--stats" || StringRef(argv[I]) == "-stats"))
      Stats = true;
    else
      Args.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(int(Args.size()), Args.data(),
                              "Ferry: NVVM-dialect IR to AMDGPU IR, HSA code "
                              "objects and PTX\n\n  --stats  print per-kernel "
                              "resources of the code objects\n");
}

/// The options as parsed, copied (see Config).
Config configFromOptions() {
  return {Input, Output, DeviceLibDir, LibdevicePath, DumpDir,
          std::vector<std::string>(Arches.begin(), Arches.end()),
          std::vector<std::string>(CudaArches.begin(), CudaArches.end()),
          Emit, Wave, CodeObjectVersion, OptLevel, UseCache, SkipPTXWithoutLibdevice,
          InputOptimized};
}

/// The processors to compile for, AMD and NVIDIA alike (--cuda-arch is the
/// older spelling for NVIDIA ones), or the default for --emit.
std::vector<std::string> targetNames() {
  std::vector<std::string> Names = C.Arches;
  Names.insert(Names.end(), C.CudaArches.begin(), C.CudaArches.end());
  if (Names.empty())
    Names.push_back(C.Emit == EmitKind::PTX ? "sm_80" : "gfx90a");
  return Names;
}

/// The input module, or null after saying why not.
std::unique_ptr<Module> readInput(LLVMContext &Ctx) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(C.Input, Err, Ctx);
  if (!M) {
    Err.print("ferry-translate", errs());
    return nullptr;
  }
  // An empty file, /dev/null and a 0-byte .bc all parse as an empty module.
  if (none_of(M->global_values(),
              [](const GlobalValue &GV) { return !GV.isDeclaration(); })) {
    fail(C.Input + ": is empty: it defines no kernel, function or "
                   "variable (expected NVVM IR, .ll or .bc)");
    return nullptr;
  }
  return M;
}

Expected<std::vector<std::unique_ptr<ferry::DeviceTarget>>>
createTargets(const std::vector<std::string> &Names) {
  std::vector<std::unique_ptr<ferry::DeviceTarget>> Targets;
  for (const std::string &Name : Names) {
    Expected<std::unique_ptr<ferry::DeviceTarget>> T =
        ferry::DeviceTarget::create(Name, deviceOptions());
    if (!T)
      return T.takeError();
    Targets.push_back(std::move(*T));
  }
  return std::move(Targets);
}

/// Whether \p T makes the one module --emit asks for; says why not.
bool producesOneImage(const ferry::DeviceTarget &T) {
  ferry::ImageKind Kind = C.Emit == EmitKind::PTX   ? ferry::ImageKind::PTX
                          : C.Emit == EmitKind::Obj ? ferry::ImageKind::Object
                          : C.Emit == EmitKind::Hsaco
                              ? ferry::ImageKind::CodeObject
                              : ferry::ImageKind::TranslatedIR;
  if (T.produces(Kind))
    return true;
  fail(Twine("--emit=") + (C.Emit == EmitKind::PTX ? "ptx" : "ll|bc|obj|hsaco") + " needs " +
       (T.vendor() == ferry::Vendor::AMD ? "an NVIDIA architecture (sm_NN)"
                                         : "an AMD processor (gfxNNN)") +
       ", not '" + T.arch() + "'" +
       (T.vendor() == ferry::Vendor::NVIDIA ? " (NVIDIA targets get --emit=ptx)" : ""));
  return false;
}

/// --emit=ll: \p M translated for \p T, as text.
int writeTranslatedIR(Module &M, const ferry::DeviceTarget &T) {
  ferry::TargetOptions TO;
  TO.Arch = T.arch();
  TO.Wave = C.Wave;
  TO.CodeObjectVersion = C.CodeObjectVersion;
  if (Error E = ferry::translateToAMDGPU(M, TO))
    return failWith(std::move(E));
  std::string Text;
  raw_string_ostream OS(Text);
  M.print(OS, nullptr);
  return writeOutput(OS.str(), true);
}

/// The image of \p M for each of \p Targets, of the kind --emit asks for
/// (each target's loadable kind for a package). With --stats, the code
/// objects' resources are printed.
Expected<std::vector<ferry::DeviceImage>>
compileImages(const Module &M, const std::vector<std::unique_ptr<ferry::DeviceTarget>> &Targets,
              bool OneImage) {
  ferry::CacheOptions CacheOpts;
  CacheOpts.Enabled = C.Cache;
  ferry::CompileCache Cache(CacheOpts);
  std::vector<ferry::DeviceImage> Images;
  for (const std::unique_ptr<ferry::DeviceTarget> &T : Targets) {
    ferry::ImageKind Kind = T->loadableKind();
    if (C.Emit == EmitKind::Obj)
      Kind = ferry::ImageKind::Object;
    else if (C.Emit == EmitKind::BC)
      Kind = ferry::ImageKind::TranslatedIR;
    if (Kind == ferry::ImageKind::PTX && C.SkipPTX && !OneImage &&
        ferry::needsLibdevice(M) && ferry::findLibdevice(C.LibdevicePath).empty()) {
      WithColor::note(errs(), "ferry-translate")
          << "no libdevice (CUDA toolkit) found: the PTX image for " << T->arch()
          << " is left out\n";
      continue;
    }
    Expected<std::string> Bytes = Cache.compile(*T, M, Kind);
    if (!Bytes)
      return Bytes.takeError();
    if (Stats && Kind == ferry::ImageKind::CodeObject)
      if (Error E = ferry::printCodeObjectStats(*Bytes, outs()))
        return std::move(E);
    Images.push_back({Kind, T->triple().str(), T->arch(), std::move(*Bytes)});
  }
  return std::move(Images);
}

/// --emit=offload: \p Images packaged; --emit=host: a host module
/// registering them.
int writePackage(const std::vector<ferry::DeviceImage> &Images) {
  std::string Package = ferry::packageImages(Images);
  if (C.Emit == EmitKind::Offload)
    return writeOutput(Package, false);
  LLVMContext HostCtx;
  Module Host(sys::path::stem(C.Input).str() + ".images", HostCtx);
  Host.setTargetTriple(sys::getDefaultTargetTriple());
  ferry::emitImageRegistration(Host, Package);
  std::string Text;
  raw_string_ostream OS(Text);
  Host.print(OS, nullptr);
  return writeOutput(OS.str(), true);
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  ferry::installFatalErrorHandler();
  ferry::useCompileOnlyProcessDefaults();
  parseCommandLine(argc, argv);
  if (PrintCoverage) {
    ferry::printCoverage(outs());
    return 0;
  }
  C = configFromOptions();
  if (C.Input.empty())
    return fail("no input file");
  const std::vector<std::string> Names = targetNames();
  const bool OneImage = OneImageKind(C.Emit);
  if (OneImage && Names.size() != 1)
    return fail(C.Emit == EmitKind::PTX
                    ? "--emit=ptx writes one module: give exactly one --cuda-arch"
                    : "--emit=ll|bc|obj|hsaco writes one module: give exactly one "
                      "--offload-arch (or use --emit=offload)");
  LLVMContext Ctx;
  std::unique_ptr<Module> M = readInput(Ctx);
  if (!M)
    return 1;
  Expected<std::vector<std::unique_ptr<ferry::DeviceTarget>>> Targets = createTargets(Names);
  if (!Targets)
    return failWith(Targets.takeError());
  if (OneImage) {
    if (!producesOneImage(*Targets->front()))
      return 1;
    if (C.Emit == EmitKind::LL)
      return writeTranslatedIR(*M, *Targets->front());
  }
  Expected<std::vector<ferry::DeviceImage>> Images = compileImages(*M, *Targets, OneImage);
  if (!Images)
    return failWith(Images.takeError());
  if (OneImage)
    return writeOutput(Images->front().Bytes, C.Emit == EmitKind::PTX);
  return writePackage(*Images);
}

//===- ferry-clang++.cpp - clang++-19 with Ferry switched on --------------===//
///
/// \file
/// Runs clang++-19 with the Ferry plugin, Ferry's include directory and, when
/// linking, -lferry-rt and an rpath to it. Every other argument is passed on
/// unchanged. Paths are found relative to this executable (../lib,
/// ../include), in the build tree and in an install alike. FERRY_CLANGXX
/// overrides the compiler.
///
/// CUDA: with a .cu input, `-x cuda`, or (when linking) NVIDIA's runtime
/// library among the options (what CMake's clang-CUDA mode passes), the
/// command goes to ferry-nvcc, which accepts clang's options in this mode
/// (docs/cuda.md).
///
/// Clang's offload spellings choose the device images as in clang's own
/// offload driver: `--offload-arch=gfx90a,sm_90` (repeatable) becomes the
/// plugin's target list, `--no-offload-arch=X` takes X out of it (or out of
/// the default list), and the device code is compiled when the program is
/// linked, as clang's offload driver does for AMD GPUs (`-foffload-lto`,
/// the default; `-fno-offload-lto` compiles the images in every compile
/// instead): the plugin embeds the device IR (`-fplugin-arg-ferry-device-link`)
/// and ferry-link is the linker (`--ld-path`; the program's `--ld-path=` or
/// `-fuse-ld=` becomes its FERRY_LINKER, `--ld-path` first as in clang).
/// `--help` and `--version` say what Ferry adds before clang's own text.
///
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

#ifndef FERRY_DEFAULT_CLANGXX
#error "FERRY_DEFAULT_CLANGXX must name the clang++-19 to run"
#endif
#ifndef FERRY_DEFAULT_TARGETS
#error "FERRY_DEFAULT_TARGETS must list the plugin's default targets"
#endif
#ifndef FERRY_VERSION
#error "FERRY_VERSION must be Ferry's version"
#endif

#ifdef FERRY_DRIVER_C
#define FERRY_DRIVER "ferry-clang"
#define FERRY_COMPILER_ENV "FERRY_CLANG"
#define FERRY_LANGUAGE "C"
#define FERRY_COMPILER_NAME "clang 19"
#else
#define FERRY_DRIVER "ferry-clang++"
#define FERRY_COMPILER_ENV "FERRY_CLANGXX"
#define FERRY_LANGUAGE "C++ (and C)"
#define FERRY_COMPILER_NAME "clang++ 19"
#endif

static std::string selfDir() {
  char Buf[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof Buf - 1);
  if (N <= 0)
    return ".";
  Buf[N] = 0;
  std::string Path(Buf);
  return Path.substr(0, Path.rfind('/'));
}

/// The comma-separated entries of \p List, empty ones dropped.
static std::vector<std::string> splitList(const std::string &List) {
  std::vector<std::string> Out;
  size_t Start = 0;
  while (Start <= List.size()) {
    size_t Comma = List.find(',', Start);
    if (Comma == std::string::npos)
      Comma = List.size();
    if (Comma > Start)
      Out.push_back(List.substr(Start, Comma - Start));
    Start = Comma + 1;
  }
  return Out;
}

static bool endsWith(const std::string &S, const char *Suffix) {
  const size_t N = std::strlen(Suffix);
  return S.size() > N && S.compare(S.size() - N, N, Suffix) == 0;
}

/// A C source file (by its name).
static bool isCFile(const std::string &A) { return A[0] != '-' && endsWith(A, ".c"); }

/// An input file that a C `-x` would misread: sources of other languages,
/// objects, archives, libraries.
static bool isInputFile(const std::string &A) {
  if (A.empty() || A[0] == '-')
    return false;
  for (const char *Suffix : {".cpp", ".cc", ".cxx", ".c++", ".C", ".cu", ".o", ".a", ".so", ".s",
                             ".S", ".ll", ".bc", ".i", ".ii"})
    if (endsWith(A, Suffix))
      return true;
  return false;
}

/// A source file of a language clang compiles (C's `.c` aside).
static bool isSourceFile(const std::string &A) {
  if (A.empty() || A[0] == '-')
    return false;
  for (const char *Suffix : {".cpp", ".cc", ".cxx", ".c++", ".C", ".i", ".ii"})
    if (endsWith(A, Suffix))
      return true;
  return false;
}

/// An option whose value is the next argument (`-o out.o`, `-MF deps.c`):
/// that is no input, whatever its name ends in.
static bool takesValue(const std::string &A) {
  for (const char *O :
       {"-o", "-I", "-L", "-D", "-U", "-MF", "-MT", "-MQ", "-MJ", "-include", "-imacros",
        "-include-pch", "-isystem", "-idirafter", "-iquote", "-isysroot", "-iprefix",
        "-iwithprefix", "-iwithprefixbefore", "-ivfsoverlay", "-x", "-Xclang", "-Xlinker",
        "-Xassembler", "-Xpreprocessor", "-Xarch_host", "-Xarch_device", "-Xcuda-ptxas",
        "-Xopenmp-target", "-mllvm", "-target", "--target", "-arch", "-l", "-u", "-z", "-T",
        "-F", "-dependency-file", "-serialize-diagnostics", "--param"})
    if (A == O)
      return true;
  return false;
}

static void printHelp() {
  std::printf("OVERVIEW: " FERRY_DRIVER " " FERRY_VERSION ": " FERRY_COMPILER_NAME " with Ferry's OpenACC plugin\n"
              "\n"
              "USAGE: " FERRY_DRIVER " [clang options] file...\n"
              "\n"
              "Compiles " FERRY_LANGUAGE " with `#pragma acc` directives: every compute region becomes a\n"
              "kernel for AMD GPUs (HSA code objects) and NVIDIA GPUs (PTX) plus a host\n"
              "version, and the program links Ferry's runtime (libferry-rt). `.cu` files\n"
              "and -x cuda go to ferry-nvcc.\n"
              "\n"
              "FERRY OPTIONS:\n"
              "  --offload-arch=<list>       Device images to build (gfx90a, gfx942, gfx1030,\n"
              "                              gfx1100, ..., sm_80, sm_90, ...; repeatable;\n"
              "                              `none` for host code only). Default:\n"
              "                              " FERRY_DEFAULT_TARGETS "\n"
              "  --no-offload-arch=<list>    Leave these out of the list\n"
              "  -foffload-lto               Compile the device code when the program is linked\n"
              "                              (by ferry-link), not in every compile (default)\n"
              "  -fno-offload-lto            Compile the device images in every compile, so that\n"
              "                              objects linked by another driver carry them\n"
              "  -fplugin-arg-ferry-embed-ir Embed the translated IR too, so that the emulated\n"
              "                              AMD devices (FERRY_EMULATE=gfx90a) can run it\n"
              "  -fplugin-arg-ferry-jit      Embed the device code as IR, compiled by the runtime\n"
              "                              for the GPU a program runs on at its first launch\n"
              "                              (needs libferry.so then); alone, no --offload-arch\n"
              "  -fplugin-arg-ferry-remarks  Say how each loop was scheduled and why\n"
              "  -fplugin-arg-ferry-targets=<list>  The plugin's own spelling of --offload-arch\n"
              "  -fplugin-arg-ferry-cubins=<list>   NVIDIA native code embedded beside the PTX\n"
              "                              where ptxas is found (default sm_80,sm_90; none)\n"
              "  -fplugin-arg-ferry-device-library=<path>  Ferry's device library to link\n"
              "\n"
              "ENVIRONMENT:\n"
              "  " FERRY_COMPILER_ENV "  The " FERRY_COMPILER_NAME " to run (default " FERRY_DEFAULT_CLANGXX ")\n"
              "  ACC_DEVICE_TYPE, ACC_DEVICE_NUM, FERRY_EMULATE, FERRY_DEBUG, ...: at run time,\n"
              "                              see Ferry's README and docs/runtime.md\n"
              "\n"
              "Clang's options follow.\n"
              "\n");
  std::fflush(stdout);
}

/// Whether the command line is CUDA's: a .cu input, `-x cuda`, a CUDA
/// architecture, or NVIDIA's runtime library (what CMake's clang-CUDA mode
/// passes when linking).
static bool isCudaCommand(int argc, char **argv) {
  bool Cuda = false;
  for (int I = 1; I < argc; ++I) {
    const std::string A = argv[I];
    // An option's value (`-o prog.cu`) is no input; -x's is read below.
    if (I > 1 && takesValue(argv[I - 1]) && std::strcmp(argv[I - 1], "-x") != 0)
      continue;
    const bool CudaFile = A.size() > 3 && A.compare(A.size() - 3, 3, ".cu") == 0;
    Cuda |= CudaFile || A == "-lcudart" || A == "-lcudart_static" || A == "--cuda-gpu-arch" ||
            A.compare(0, 16, "--cuda-gpu-arch=") == 0 ||
            ((A == "-x" && I + 1 < argc && std::strcmp(argv[I + 1], "cuda") == 0) || A == "-xcuda");
  }
  return Cuda;
}

/// \p Args as exec's null-terminated argument vector.
static std::vector<char *> execArgs(std::vector<std::string> &Args) {
  std::vector<char *> CArgs;
  for (std::string &A : Args)
    CArgs.push_back(A.data());
  CArgs.push_back(nullptr);
  return CArgs;
}

/// Runs ferry-nvcc, which accepts clang's options in this mode, on the
/// command line; returns only if it cannot.
static int runNvcc(int argc, char **argv) {
  const std::string Nvcc = selfDir() + "/ferry-nvcc";
  std::vector<std::string> Args = {Nvcc, "--ferry-clang-mode"};
  for (int I = 1; I < argc; ++I)
    Args.push_back(argv[I]);
  std::vector<char *> CArgs = execArgs(Args);
  execv(Nvcc.c_str(), CArgs.data());
  std::fprintf(stderr, FERRY_DRIVER ": error: cannot run '%s' for CUDA sources: %s\n",
               Nvcc.c_str(), std::strerror(errno));
  return 127;
}

/// What the command line asks of Ferry, and what it passes on to clang.
struct CommandLine {
  bool Links = true, Help = false, Version = false;
  /// --offload-arch / --no-offload-arch: the target list, in order, each once.
  std::vector<std::string> Targets;
  bool TargetsGiven = false;
  /// Device code compiled at the link: a compile embeds the device IR
  /// (`-foffload-lto`, and the default where there are targets to compile
  /// it for), a link runs ferry-link, which compiles what the objects carry
  /// (any link but one with `-fno-offload-lto`: the objects may come from
  /// compiles with other options).
  bool DeviceLink = false, FerryLink = true;
  /// `-fplugin-arg-ferry-jit` (device code compiled at first use) or
  /// `-fplugin-arg-ferry-targets=none`: no images to compile at the link.
  bool Jit = false, PluginTargetsNone = false;
  /// `-mllvm`: LLVM options of this compile, which its device code
  /// compiles with (the link has none).
  bool BackendOptions = false;
  /// -fuse-ld=NAME and --ld-path=PATH: the linker ferry-link runs then.
  std::string UseLd, LdPath;
  /// `-r`: a relocatable link, which takes no libraries.
  bool Relocatable = false;
  /// The other arguments, C files with their `-x c`.
  std::vector<std::string> Passed;
  /// `-E`: the compiler preprocesses without the plugin.
  bool Preprocesses = false;
  /// `-save-temps` (refused: its compile steps run the plugin's passes in
  /// none of them).
  bool SaveTemps = false;
  /// Source inputs, and those of them already preprocessed (`.i`, `.ii`:
  /// the second step of a two-step build), whose compiles search no include
  /// paths.
  unsigned Sources = 0, Preprocessed = 0;
};

/// Applies `--offload-arch=LIST` (or, with \p Remove, `--no-offload-arch=LIST`)
/// \p A to the target list of \p CL.
static void chooseTargets(const std::string &A, bool Remove, CommandLine &CL) {
  if (!CL.TargetsGiven && Remove)
    CL.Targets = splitList(FERRY_DEFAULT_TARGETS);
  CL.TargetsGiven = true;
  for (const std::string &T : splitList(A.substr(A.find('=') + 1))) {
    auto It = std::find(CL.Targets.begin(), CL.Targets.end(), T);
    if (!Remove && It == CL.Targets.end())
      CL.Targets.push_back(T);
    else if (Remove && It != CL.Targets.end())
      CL.Targets.erase(It);
  }
}

/// Passes the C file argv[\p I] on as C, even for clang++.
static void passCFile(int argc, char **argv, int I, std::vector<std::string> &Passed) {
  Passed.insert(Passed.end(), {"-x", "c", argv[I]});
  // Later inputs by their names again (said only where there are
  // some: clang warns about an `-x` after the last input).
  bool LaterInput = false;
  for (int J = I + 1; J < argc && !LaterInput; ++J)
    LaterInput = isInputFile(argv[J]) && !isCFile(argv[J]) && !takesValue(argv[J - 1]);
  if (LaterInput)
    Passed.insert(Passed.end(), {"-x", "none"});
}

static CommandLine readCommandLine(int argc, char **argv) {
  CommandLine CL;
  std::optional<bool> DeviceLink;
  // An `-x` of the command line's own: inputs are left to it.
  bool ExplicitLanguage = false;
  for (int I = 1; I < argc; ++I)
    ExplicitLanguage |= std::strncmp(argv[I], "-x", 2) == 0;
  for (int I = 1; I < argc; ++I) {
    const std::string A = argv[I];
    CL.BackendOptions |= A == "-mllvm" || A.compare(0, 7, "-mllvm=") == 0 ||
                         (A == "-Xclang" && I + 1 < argc && std::strcmp(argv[I + 1], "-mllvm") == 0);
    // An option's value (`-o x.c`, `-MF deps.c`) goes on as it is.
    if (takesValue(A) && I + 1 < argc) {
      CL.Passed.insert(CL.Passed.end(), {A, argv[I + 1]});
      ++I;
      continue;
    }
    if (A == "-c" || A == "-S" || A == "-E" || A == "-fsyntax-only" || A == "-M" || A == "-MM")
      CL.Links = false;
    CL.Preprocesses |= A == "-E";
    CL.Relocatable |= A == "-r";
    CL.SaveTemps |= A.compare(0, 11, "-save-temps") == 0 || A.compare(0, 12, "--save-temps") == 0;
    CL.Help |= A == "--help" || A == "-help" || A == "--help-hidden";
    CL.Version |= A == "--version";
    const bool Add = A.compare(0, 15, "--offload-arch=") == 0;
    const bool Remove = A.compare(0, 18, "--no-offload-arch=") == 0;
    CL.Jit |= A == "-fplugin-arg-ferry-jit";
    if (A.compare(0, 27, "-fplugin-arg-ferry-targets=") == 0)
      CL.PluginTargetsNone = A == "-fplugin-arg-ferry-targets=none" || A.size() == 27;
    if (A == "-foffload-lto" || A == "-foffload-lto=full" || A == "-foffload-lto=thin")
      DeviceLink = true;
    else if (A == "-fno-offload-lto")
      DeviceLink = false;
    else if (Add || Remove)
      chooseTargets(A, Remove, CL);
    else if (A.compare(0, 9, "-fuse-ld=") == 0) {
      CL.UseLd = A.substr(9);
      CL.Passed.push_back(A);
    } else if (A.compare(0, 10, "--ld-path=") == 0) {
      CL.LdPath = A.substr(10);
      CL.Passed.push_back(A);
    } else if (isCFile(A) && !ExplicitLanguage)
      passCFile(argc, argv, I, CL.Passed);
    else
      CL.Passed.push_back(A);
    if (isCFile(A) || isSourceFile(A)) {
      ++CL.Sources;
      CL.Preprocessed += endsWith(A, ".i") || endsWith(A, ".ii");
    }
  }
  // Not by default where no image is to be compiled: `jit` (compiled at
  // first use), host code only; nor where the compile's -mllvm options are
  // for its device code too (the plugin compiles with them, ferry-link does
  // not know them).
  const bool HostOnly = CL.PluginTargetsNone ||
                        (CL.TargetsGiven && (CL.Targets.empty() ||
                                             CL.Targets == std::vector<std::string>{"none"}));
  CL.DeviceLink = DeviceLink.value_or(!CL.Jit && !HostOnly && !CL.BackendOptions);
  CL.FerryLink = DeviceLink.value_or(true);
  return CL;
}

static void printVersion(const char *Compiler) {
  std::printf("Ferry " FERRY_VERSION " (" FERRY_DRIVER "): OpenACC for AMD and NVIDIA GPUs, "
              "running %s\n",
              Compiler);
  std::fflush(stdout);
}

/// The command line of \p Compiler with the plugin, Ferry's headers in
/// \p Include, \p CL's target list and arguments and, when linking, Ferry's
/// runtime in \p Lib.
static std::vector<std::string> compilerArgs(const char *Compiler, const std::string &Lib,
                                             const std::string &Include, const CommandLine &CL) {
  std::vector<std::string> Args = {Compiler, "-fplugin=" + Lib + "/libferry-clang.so"};
  // (clang warns about an include path no compile of the command uses.)
  if (CL.Sources == 0 || CL.Preprocessed < CL.Sources)
    Args.insert(Args.end(), {"-isystem", Include});
  // What the plugin puts before the unit, where clang preprocesses without
  // it: the output then compiles as it is (the plugin adds nothing to
  // preprocessed input).
  if (CL.Preprocesses)
    Args.insert(Args.end(), {"-include", "ferry/acc/preprocessed.h"});
  if (CL.TargetsGiven) {
    std::string List;
    for (const std::string &T : CL.Targets)
      List += (List.empty() ? "" : ",") + T;
    Args.push_back("-fplugin-arg-ferry-targets=" + (List.empty() ? std::string("none") : List));
  }
  if (CL.DeviceLink)
    Args.push_back("-fplugin-arg-ferry-device-link");
  for (const std::string &A : CL.Passed)
    if (!CL.FerryLink || !CL.Links ||
        (A.compare(0, 9, "-fuse-ld=") != 0 && A.compare(0, 10, "--ld-path=") != 0))
      Args.push_back(A);
  // ferry-link compiles the units' device IR, then runs the linker.
  if (CL.FerryLink && CL.Links)
    Args.push_back("--ld-path=" + Lib + "/../bin/ferry-ld"); // (ferry-link's linker name)
  if (CL.Links && !CL.Relocatable) {
    Args.push_back("-L" + Lib);
    Args.push_back("-lferry-rt");
    Args.push_back("-Wl,-rpath," + Lib);
  }
  return Args;
}

int main(int argc, char **argv) {
  const std::string Prefix = selfDir() + "/..";
  const std::string Lib = Prefix + "/lib", Include = Prefix + "/include";
  const char *Compiler = std::getenv(FERRY_COMPILER_ENV);
  if (!Compiler || !*Compiler)
    Compiler = FERRY_DEFAULT_CLANGXX;
  // CUDA: ferry-nvcc builds it, with clang's spellings accepted.
  if (isCudaCommand(argc, argv))
    return runNvcc(argc, argv);
  const CommandLine CL = readCommandLine(argc, argv);
  if (CL.Help)
    printHelp();
  if (CL.Version)
    printVersion(Compiler);
  // clang splits such a compile into steps (preprocess, parse to
  // unoptimized bitcode, compile the bitcode): the plugin's passes, which
  // outline the regions, run in none of them.
  if (CL.SaveTemps) {
    std::fprintf(stderr, FERRY_DRIVER ": error: -save-temps is not supported: Ferry outlines "
                         "OpenACC regions in the compile that parses the source, which clang "
                         "splits then; preprocess with -E (the .i or .ii compiles as it is), and "
                         "FERRY_DUMP_DIR=<dir> keeps each region's device code stages "
                         "(docs/plugin.md)\n");
    return 1;
  }
  std::vector<std::string> Args = compilerArgs(Compiler, Lib, Include, CL);
  // `-fuse-ld=lld` (bfd, gold, a path): the linker behind ferry-link, found
  // as clang finds it (next to clang first).
  if (CL.FerryLink && CL.Links && !CL.LdPath.empty()) {
    setenv("FERRY_LINKER", CL.LdPath.c_str(), 1);
  } else if (CL.FerryLink && CL.Links && !CL.UseLd.empty()) {
    std::string Linker = CL.UseLd;
    if (Linker.find('/') == std::string::npos) {
      const std::string Dir = std::string(Compiler).substr(0, std::string(Compiler).rfind('/') + 1);
      Linker = "ld." + Linker;
      if (!Dir.empty() && access((Dir + Linker).c_str(), X_OK) == 0)
        Linker = Dir + Linker;
    }
    setenv("FERRY_LINKER", Linker.c_str(), 1);
  }
  std::vector<char *> CArgs = execArgs(Args);
  execvp(Compiler, CArgs.data());
  std::fprintf(stderr, FERRY_DRIVER ": error: cannot run '%s': %s\n", Compiler,
               std::strerror(errno));
  return 127;
}

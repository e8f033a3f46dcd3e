//===- NvccOptions.cpp - Parsing nvcc's command line ----------------------===//
///
/// \file
/// nvcc spells most options in two ways (-arch / --gpu-architecture) and
/// takes values after '=', after a space or glued on (-O3, -Ipath); lists
/// are comma-separated. This file reads them all into an Invocation.
///
//===----------------------------------------------------------------------===//
#include "NvccOptions.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <set>

namespace ferry {
namespace nvcc {

namespace {

bool endsWith(const std::string &S, const char *Suffix) {
  const size_t N = std::strlen(Suffix);
  return S.size() >= N && S.compare(S.size() - N, N, Suffix) == 0;
}

/// The items of an nvcc list value (`a,b`): empty items dropped, double
/// quotes taken as nvcc's list quoting (CMake's FindCUDA writes
/// `-Xcompiler ,"-O3","-Wall"`): removed, with the commas between them kept
/// in the item (`"-Wl,-rpath,/x"`).
std::vector<std::string> splitCommas(const std::string &S) {
  std::vector<std::string> Out;
  std::string Item;
  bool Quoted = false, Any = false;
  for (size_t I = 0; I <= S.size(); ++I) {
    if (I == S.size() || (S[I] == ',' && !Quoted)) {
      if (Any)
        Out.push_back(Item);
      Item.clear();
      Any = false;
    } else if (S[I] == '"') {
      Quoted = !Quoted;
    } else {
      Item += S[I];
      Any = true;
    }
  }
  return Out;
}

/// The items of the value of an nvcc list option that takes any text
/// (-D, -U, -I, -isystem, -include): nvcc's `-DA=1,B=2` defines two macros;
/// a comma escaped as `\,` (`-DPPWI=1\,2\,4`, what CMake projects write for
/// nvcc) or inside double quotes stays in its item, the quotes too.
std::vector<std::string> splitListValue(const std::string &S) {
  std::vector<std::string> Out(1);
  bool Quoted = false;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '\\' && I + 1 < S.size() && S[I + 1] == ',') {
      Out.back() += S[++I];
      continue;
    }
    if (S[I] == ',' && !Quoted) {
      Out.emplace_back();
      continue;
    }
    Quoted ^= S[I] == '"';
    Out.back() += S[I];
  }
  Out.erase(std::remove(Out.begin(), Out.end(), std::string()), Out.end());
  return Out;
}

Language languageOf(const std::string &Path, const std::string &Forced) {
  if (Forced == "cu" || Forced == "cuda")
    return Language::Cuda;
  if (Forced == "c++" || Forced == "cpp")
    return Language::Cxx;
  if (Forced == "c")
    return Language::C;
  if (endsWith(Path, ".cu"))
    return Language::Cuda;
  if (endsWith(Path, ".c"))
    return Language::C;
  for (const char *Ext : {".cpp", ".cc", ".cxx", ".C", ".c++", ".cp"})
    if (endsWith(Path, Ext))
      return Language::Cxx;
  return Language::Object;
}

/// "sm_80", "compute_80", "80", "sm_90a" -> 80 / 90; 0 if none.
int smNumber(std::string S) {
  for (const char *Prefix : {"sm_", "compute_", "lto_"})
    if (S.compare(0, std::strlen(Prefix), Prefix) == 0)
      S = S.substr(std::strlen(Prefix));
  if (S.empty() || !std::isdigit(static_cast<unsigned char>(S[0])))
    return 0;
  return std::atoi(S.c_str());
}

const char *const KnownSms =
    "clang 19 knows sm_50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89 and 90";

/// Whether clang 19 compiles sm_\p SM with the CUDA 13 toolkit's headers.
bool knownSm(int SM) {
  static const int Known[] = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90};
  return std::find(std::begin(Known), std::end(Known), SM) != std::end(Known);
}

/// The macro nvcc defines in CUDA compiles for option \p A (one of the
/// ignored flags below), or null.
const char *optionMacro(const std::string &A) {
  if (A == "-G" || A == "--device-debug")
    return "__CUDACC_DEBUG__";
  if (A == "--expt-relaxed-constexpr" || A == "-expt-relaxed-constexpr")
    return "__CUDACC_RELAXED_CONSTEXPR__";
  if (A.find("extended-lambda") != std::string::npos)
    return "__CUDACC_EXTENDED_LAMBDA__";
  return nullptr;
}

/// Options nvcc's own tools take that mean nothing for Ferry's pipeline:
/// accepted, with their value where they have one.
const std::set<std::string> IgnoredFlags = {"-lineinfo",
                                            "--generate-line-info",
                                            "-G",
                                            "--device-debug",
                                            "--expt-relaxed-constexpr",
                                            "-expt-relaxed-constexpr",
                                            "--expt-extended-lambda",
                                            "-expt-extended-lambda",
                                            "--extended-lambda",
                                            "-extended-lambda",
                                            "-Wno-deprecated-gpu-targets",
                                            "-Wno-deprecated-declarations",
                                            "--Wno-deprecated-gpu-targets",
                                            "-m64",
                                            "--machine=64",
                                            "-src-in-ptx",
                                            "--source-in-ptx",
                                            "-restrict",
                                            "--restrict",
                                            "-use-local-env",
                                            "--keep-device-functions",
                                            "-Wreorder",
                                            "-Werror=cross-execution-space-call",
                                            "--display-error-number",
                                            "--no-host-device-initializer-list",
                                            "--use-local-env",
                                            "-extra-device-vectorization",
                                            "--extra-device-vectorization",
                                            "-Wext-lambda-captures-this",
                                            "--Wext-lambda-captures-this",
                                            "-Wdefault-stream-launch",
                                            "--Wdefault-stream-launch",
                                            "-Wmissing-launch-bounds",
                                            "--Wmissing-launch-bounds",
                                            "-allow-unsupported-compiler",
                                            "--allow-unsupported-compiler",
                                            "-t0",
                                            "--resource-usage",
                                            "-res-usage"};
const std::set<std::string> IgnoredWithValue = {
    "-Xptxas",
    "--ptxas-options",
    "-Xnvlink",
    "--nvlink-options",
    "-Xcudafe",
    "-Xarchive",
    "--archive-options",
    "-maxrregcount",
    "--maxrregcount",
    "-t",
    "--threads",
    "-diag-suppress",
    "--diag-suppress",
    "--diag_suppress",
    "-split-compile",
    "--split-compile",
    "-ccbin",
    "--compiler-bindir",
    "-static-global-template-stub",
    "--static-global-template-stub",
    "--Werror",
    "-Werror",
    "-odir",
    "--output-directory",
    "-dopt",
    "--dopt",
    "-ftz",
    "--ftz",
    "-prec-div",
    "--prec-div",
    "-prec-sqrt",
    "--prec-sqrt",
    "-default-stream",
    "--default-stream",
};

/// Reads an nvcc command line (or, in clang mode, a clang one) into an
/// Invocation, one argument at a time.
///
/// Each try...Option member looks at the current argument \p A for one family
/// of options: it returns false when \p A is none of them, true when it is one
/// (with \p Error set when its value is wrong). read() tries the families in
/// a fixed order, which matters for options that take glued values.
class CommandLineReader {
public:
  CommandLineReader(const std::vector<std::string> &Args, Invocation &Out) : Args(Args), Out(Out) {}

  /// Reads every argument into the Invocation; "" or what is wrong.
  std::string read();

private:
  const std::vector<std::string> &Args;
  Invocation &Out;
  /// The argument being read; moved past an option's separate value.
  size_t I = 0;
  /// The current argument is an option that takes a value and is the last.
  bool MissingValue = false;
  /// -x's language for the inputs that follow ("" to go by the suffix).
  std::string ForcedLanguage;
  /// An option named an NVIDIA architecture (without one: sm_80).
  bool ArchGiven = false;
  /// The last -fmad's value (nvcc's default, true: the device compile may
  /// contract multiplies and adds).
  bool Fmad = true;
  /// --forward-unknown-to-host-compiler, --forward-unknown-to-host-linker
  /// (--forward-unknown-opts: both), wherever they stand: an option
  /// ferry-nvcc does not know goes to the host compile or the link.
  bool ForwardToCompiler = false, ForwardToLinker = false;

  bool value(std::initializer_list<const char *> Names, std::string &V, bool Glued = false);
  const char *commonOption(std::string &V);
  bool tryDriverOption(const std::string &A);
  bool tryCompilePhaseOption(const std::string &A);
  bool tryDependencyOption(const std::string &A);
  bool tryOutputOption(const std::string &A, std::string &Error);
  bool tryArchitectureOption(const std::string &A, std::string &Error);
  std::string readGpuArchitectures(const std::string &A, const std::string &V);
  std::string addSm(const std::string &Arch);
  std::string readGencode(const std::string &V);
  std::string readOffloadArch(const std::string &V);
  std::string readAmdCudaArch(const std::string &V);
  bool tryCompileOption(const std::string &A, std::string &Error);
  bool tryPassthroughOption(const std::string &A, std::string &Error);
  bool tryIgnoredOption(const std::string &A);
  bool tryClangModeOption(const std::string &A);
  void applyDefaultTargets();
  void applyFmad();
};

/// The value of the current argument if it is one of \p Names, spelled
/// -opt=V, -opt V or (with \p Glued, for one-letter options) -oV; false if it
/// is none of them or has no value (then MissingValue is set).
bool CommandLineReader::value(std::initializer_list<const char *> Names, std::string &V,
                              bool Glued) {
  const std::string &A = Args[I];
  for (const char *Name : Names) {
    const size_t N = std::strlen(Name);
    if (A == Name) {
      if (I + 1 >= Args.size()) {
        MissingValue = true;
        return false;
      }
      V = Args[++I];
      return true;
    }
    if (A.compare(0, N, Name) == 0 && A.size() > N && A[N] == '=') {
      V = A.substr(N + 1);
      return true;
    }
    if (Glued && A.compare(0, N, Name) == 0 && A.size() > N) {
      V = A.substr(N);
      return true;
    }
  }
  return false;
}

/// Include paths, macros and pre-included files, which both compiles take:
/// the clang flag, with the value in \p V; null for other options.
const char *CommandLineReader::commonOption(std::string &V) {
  static const struct {
    const char *Short, *Long, *Flag;
    bool Glued;
  } Rows[] = {{"-I", "--include-path", "-I", true},
              {"-isystem", "--system-include", "-isystem", false},
              {"-D", "--define-macro", "-D", true},
              {"-U", "--undefine-macro", "-U", true},
              {"-include", "--pre-include", "-include", false}};
  for (const auto &R : Rows)
    if (value({R.Short, R.Long}, V, R.Glued))
      return R.Flag;
  return nullptr;
}

/// The driver's own options: --help, --version, -v, --dryrun, --run,
/// --run-args, -keep and -keep-dir.
bool CommandLineReader::tryDriverOption(const std::string &A) {
  std::string V;
  if (A == "-h" || A == "--help") {
    Out.Help = true;
  } else if (A == "-V" || A == "--version") {
    Out.Version = true;
  } else if (A == "-v" || A == "--verbose") {
    Out.Verbose = true;
  } else if (A == "-dryrun" || A == "--dryrun") {
    Out.DryRun = Out.Verbose = true;
  } else if (A == "-run" || A == "--run") {
    Out.Run = true;
  } else if (value({"-run-args", "--run-args"}, V)) {
    for (const std::string &Arg : splitCommas(V))
      Out.RunArgs.push_back(Arg);
  } else if (A == "-keep" || A == "--keep") {
    Out.Keep = true;
  } else if (value({"-keep-dir", "--keep-dir"}, V)) {
    Out.KeepDir = V;
  } else {
    return false;
  }
  return true;
}

/// The options that stop after compiling (-c, -dc, -dw) or preprocessing
/// (-E).
bool CommandLineReader::tryCompilePhaseOption(const std::string &A) {
  if (A == "-c" || A == "--compile") {
    Out.Stop = Phase::Compile;
  } else if (A == "-dc" || A == "--device-c") {
    Out.Stop = Phase::Compile;
    Out.RelocatableDevice = true;
  } else if (A == "-dw" || A == "--device-w") {
    Out.Stop = Phase::Compile;
  } else if (A == "-E" || A == "--preprocess") {
    Out.Stop = Phase::Preprocess;
  } else {
    return false;
  }
  return true;
}

/// The dependency-file options (-M, -MM, -MD, -MMD, -MP, -MF, -MT), passed
/// to the host compile in clang's spelling.
bool CommandLineReader::tryDependencyOption(const std::string &A) {
  std::string V;
  if (A == "-M" || A == "--generate-dependencies" || A == "-MM" ||
      A == "--generate-nonsystem-dependencies") {
    Out.Stop = Phase::Dependencies;
    Out.HostOnly.push_back(A.size() <= 3 ? A : A == "--generate-dependencies" ? "-M" : "-MM");
  } else if (A == "-MD" || A == "--generate-dependencies-with-compile" || A == "-MMD" ||
             A == "--generate-nonsystem-dependencies-with-compile" || A == "-MP" ||
             A == "--generate-dependency-targets") {
    Out.HostOnly.push_back(A == "--generate-dependencies-with-compile"             ? "-MD"
                           : A == "--generate-nonsystem-dependencies-with-compile" ? "-MMD"
                           : A == "--generate-dependency-targets"                  ? "-MP"
                                                                                   : A);
  } else if (value({"-MF", "--dependency-output"}, V) ||
             value({"-MT", "--dependency-target-name"}, V)) {
    Out.HostOnly.push_back(
        A.compare(0, 3, "-MT") == 0 || A.find("target") != std::string::npos ? "-MT" : "-MF");
    Out.HostOnly.push_back(V);
  } else {
    return false;
  }
  return true;
}

/// The later phases (-dlink, -lib, -link), the kind of output (-shared,
/// -rdc, -o) and the language of the inputs (-x).
bool CommandLineReader::tryOutputOption(const std::string &A, std::string &Error) {
  std::string V;
  if (A == "-dlink" || A == "--device-link") {
    Out.Stop = Phase::DeviceLink;
  } else if (A == "-lib" || A == "--lib") {
    Out.Stop = Phase::Library;
  } else if (A == "-shared" || A == "--shared") {
    Out.Shared = true;
  } else if (A == "-link" || A == "--link") {
    Out.Stop = Phase::Link;
  } else if (value({"-rdc", "--relocatable-device-code"}, V)) {
    if (V != "true" && V != "false")
      Error = "option '" + A + "' takes true or false, not '" + V + "'";
    else
      Out.RelocatableDevice = V == "true";
  } else if (value({"-o", "--output-file"}, V)) {
    Out.Output = V;
  } else if (value({"-x", "--x"}, V)) {
    if (V != "cu" && V != "c++" && V != "c" && V != "cuda" && V != "none")
      Error = "unsupported language '" + V + "' for -x (expected cu, c++ or c)";
    else
      ForcedLanguage = V == "none" ? "" : V;
  } else {
    return false;
  }
  return true;
}

/// The GPU targets: -arch, -code, -gencode, --offload-arch and (clang mode)
/// --cuda-gpu-arch.
bool CommandLineReader::tryArchitectureOption(const std::string &A, std::string &Error) {
  std::string V;
  if (value({"-arch", "--gpu-architecture"}, V)) {
    Error = readGpuArchitectures(A, V);
  } else if (value({"-code", "--gpu-code"}, V)) {
    for (const std::string &Code : splitCommas(V))
      if (!smNumber(Code)) {
        Error = "unknown GPU code '" + Code + "' for " + A + " (expected sm_NN or compute_NN)";
        break;
      }
  } else if (value({"-gencode", "--generate-code"}, V)) {
    Error = readGencode(V);
  } else if (value({"--offload-arch", "-offload-arch", "--amdgpu-targets"}, V)) {
    Error = readOffloadArch(V);
  } else if (value({"--amd-cuda-arch"}, V)) {
    Error = readAmdCudaArch(V);
  } else if (Out.ClangMode && value({"--cuda-gpu-arch"}, V)) {
    if (!smNumber(V)) {
      Error = "unknown GPU architecture '" + V + "' for --cuda-gpu-arch";
    } else {
      Error = addSm(V);
      ArchGiven = true;
    }
  } else {
    return false;
  }
  return true;
}

/// The list \p V of -arch option \p A: sm_NN and compute_NN (native, all
/// and all-major: sm_80) and AMD gfx processors; "" or what is wrong.
std::string CommandLineReader::readGpuArchitectures(const std::string &A, const std::string &V) {
  for (const std::string &Arch : splitCommas(V)) {
    if (Arch == "native" || Arch == "all" || Arch == "all-major") {
      Out.SMs.push_back(80);
      continue;
    }
    if (Arch.compare(0, 3, "gfx") == 0) {
      Out.AmdTargets.push_back(Arch);
      Out.AmdTargetsGiven = true;
      continue;
    }
    if (!smNumber(Arch))
      return "unknown GPU architecture '" + Arch + "' for " + A +
             " (expected sm_NN, compute_NN, native, all or an AMD gfx processor)";
    if (std::string Problem = addSm(Arch); !Problem.empty())
      return Problem;
  }
  ArchGiven = true;
  return "";
}

/// Adds architecture \p Arch (sm_NN, compute_NN) to the PTX targets, once.
/// clang 19 compiles sm_50 to sm_90 with the CUDA 13 toolkit's headers;
/// a newer one (sm_100, sm_120, ...) becomes sm_90 PTX, which the driver
/// compiles for such a GPU (with a warning); an older one is refused. ""
/// or what is wrong.
std::string CommandLineReader::addSm(const std::string &Arch) {
  int SM = smNumber(Arch);
  if (SM > 90) {
    const std::string W = "clang 19 has no sm_" + std::to_string(SM) +
                          ": its device code is compiled as sm_90 PTX, which the driver "
                          "compiles for the GPU (__CUDA_ARCH__ is 900)";
    if (std::find(Out.Warnings.begin(), Out.Warnings.end(), W) == Out.Warnings.end())
      Out.Warnings.push_back(W);
    SM = 90;
  } else if (SM < 50) {
    return "GPU architecture '" + Arch +
           "' is older than what clang 19 compiles with the CUDA 13 toolkit's headers "
           "(sm_50 and newer)";
  } else if (!knownSm(SM)) {
    return "unknown GPU architecture '" + Arch + "' (" + KnownSms + ")";
  }
  if (std::find(Out.SMs.begin(), Out.SMs.end(), SM) == Out.SMs.end())
    Out.SMs.push_back(SM);
  return "";
}

/// The value \p V of -gencode, arch=compute_80,code=sm_80 or
/// code=[sm_80,compute_80]: each architecture once; "" or what is wrong.
std::string CommandLineReader::readGencode(const std::string &V) {
  std::string Spec = V;
  Spec.erase(std::remove(Spec.begin(), Spec.end(), '['), Spec.end());
  Spec.erase(std::remove(Spec.begin(), Spec.end(), ']'), Spec.end());
  Spec.erase(std::remove(Spec.begin(), Spec.end(), '"'), Spec.end());
  bool Any = false;
  for (const std::string &Part : splitCommas(Spec)) {
    std::string Item = Part;
    if (Item.compare(0, 5, "arch=") == 0)
      Item = Item.substr(5);
    else if (Item.compare(0, 5, "code=") == 0)
      Item = Item.substr(5);
    if (!smNumber(Item))
      return "cannot read -gencode '" + V + "': '" + Part + "' is no sm_NN or compute_NN";
    if (std::string Problem = addSm(Item); !Problem.empty())
      return Problem;
    Any = true;
  }
  if (!Any)
    return "-gencode '" + V + "' names no architecture";
  ArchGiven = true;
  return "";
}

/// Ferry's --offload-arch list \p V: the AMD processors (and sm_NN for PTX),
/// as clang spells them; "" or what is wrong.
std::string CommandLineReader::readOffloadArch(const std::string &V) {
  for (const std::string &T : splitCommas(V)) {
    if (smNumber(T)) {
      if (std::string Problem = addSm(T); !Problem.empty())
        return Problem;
      ArchGiven = true;
    } else if (T.compare(0, 3, "gfx") == 0) {
      Out.AmdTargets.push_back(T);
    } else {
      return "unknown processor '" + T + "' for --offload-arch (expected gfxNNN or sm_NN)";
    }
  }
  Out.AmdTargetsGiven = true;
  return "";
}

/// Ferry's --amd-cuda-arch=sm_NN \p V: the architecture whose device code
/// the AMD targets are compiled from; "" or what is wrong.
std::string CommandLineReader::readAmdCudaArch(const std::string &V) {
  const int SM = smNumber(V);
  if (!knownSm(SM))
    return "unknown GPU architecture '" + V + "' for --amd-cuda-arch (" + KnownSms + ")";
  Out.AmdSM = SM;
  return "";
}

/// The options of the compiles: optimization level, include paths and
/// macros, -std, -g, -w, --use_fast_math and -fmad.
bool CommandLineReader::tryCompileOption(const std::string &A, std::string &Error) {
  std::string V;
  if (value({"--optimize", "-optimize"}, V)) {
    if (V.size() != 1 || V[0] < '0' || V[0] > '3') {
      Error = "option '" + A + "' takes 0, 1, 2 or 3, not '" + V + "'";
    } else {
      Out.OptLevel = unsigned(V[0] - '0');
      Out.Common.push_back("-O" + V);
    }
  } else if (A.size() >= 2 && A[1] == 'O' && A.size() <= 3) {
    Out.OptLevel = A.size() == 2 ? 1 : A[2] == 's' || A[2] == 'z' ? 2 : unsigned(A[2] - '0');
    if (Out.OptLevel > 3)
      Out.OptLevel = 3;
    Out.Common.push_back(A);
  } else if (const char *Flag = commonOption(V)) {
    // clang's options in clang mode take no list; a `\,` there is still
    // the escape the project wrote for nvcc.
    if (Out.ClangMode)
      for (size_t At; (At = V.find("\\,")) != std::string::npos;)
        V.erase(At, 1);
    for (const std::string &Item : Out.ClangMode ? std::vector<std::string>{V} : splitListValue(V))
      Out.Common.insert(Out.Common.end(), {Flag, Item});
  } else if (value({"-std", "--std"}, V)) {
    Out.Common.push_back("-std=" + V);
  } else if (A == "-g" || A == "--debug") {
    Out.HostOnly.push_back("-g");
  } else if (A == "-pg" || A == "--profile") {
    // gprof's instrumentation: the host compile and the link.
    Out.HostOnly.push_back("-pg");
    Out.Link.push_back("-pg");
  } else if (A == "-w" || A == "--disable-warnings") {
    Out.Common.push_back("-w");
  } else if (A == "--use_fast_math" || A == "-use_fast_math") {
    // nvcc's: -ftz=true -prec-div=false -prec-sqrt=false -fmad=true and
    // the fast intrinsics for sinf, expf, ... (clang's approximate
    // transcendentals); not clang's -ffast-math, which also assumes no
    // infinity or NaN occurs (`m == -INFINITY` and `x != x` fold to false,
    // where nvcc's code compares).
    for (const char *Flag : {"-fgpu-approx-transcendentals", "-fcuda-flush-denormals-to-zero",
                             "-freciprocal-math", "-fapprox-func", "-fno-math-errno"})
      Out.DeviceOnly.push_back(Flag);
  } else if (value({"-fmad", "--fmad"}, V)) {
    if (V != "true" && V != "false")
      Error = "option '--fmad' takes true or false, not '" + V + "'";
    else
      Fmad = V == "true";
  } else {
    return false;
  }
  return true;
}

/// The options for the host compiler and the linker (-Xcompiler, -Xlinker,
/// -L, -l) and the CUDA runtime libraries (-cudart, -cudadevrt).
bool CommandLineReader::tryPassthroughOption(const std::string &A, std::string &Error) {
  std::string V;
  if (value({"-Xcompiler", "--compiler-options"}, V)) {
    // GCC's -export-dynamic (what nvcc's host compiler takes) is clang's
    // -rdynamic.
    for (const std::string &Opt : splitCommas(V))
      Out.HostOnly.push_back(Opt == "-export-dynamic" ? "-rdynamic" : Opt);
  } else if (value({"-Xlinker", "--linker-options"}, V)) {
    for (const std::string &Opt : splitCommas(V))
      Out.Link.push_back("-Wl," + Opt);
  } else if (value({"-L", "--library-path"}, V, true)) {
    Out.Link.push_back("-L" + V);
  } else if (value({"-l", "--library"}, V, true)) {
    // Ferry's CUDA runtime replaces NVIDIA's; the driver API is not
    // provided (a call to it is an undefined reference naming it).
    if (V != "cudart" && V != "cudart_static" && V != "cudadevrt" && V != "cuda")
      Out.Link.push_back("-l" + V);
  } else if (value({"-cudart", "--cudart"}, V)) {
    if (V != "none" && V != "shared" && V != "static")
      Error = "option " + A + " takes none, shared or static, not '" + V + "'";
  } else if (value({"-cudadevrt", "--cudadevrt"}, V)) {
    // Accepted without effect.
  } else {
    return false;
  }
  return true;
}

/// The options of NVIDIA's tools that take a value (skipped with it) and
/// -Werror=...: accepted without effect.
bool CommandLineReader::tryIgnoredOption(const std::string &A) {
  if (IgnoredWithValue.count(A.substr(0, A.find('=')))) {
    if (A.find('=') == std::string::npos && I + 1 < Args.size())
      ++I;
    return true;
  }
  return A.rfind("-Werror=", 0) == 0 || A.rfind("--Werror=", 0) == 0;
}

/// In clang mode: the linker and host-compiler options clang takes (-Wl,
/// -Xclang, -Xlinker, -f..., -W..., -m...), and its CUDA installation
/// options, which are accepted without effect.
bool CommandLineReader::tryClangModeOption(const std::string &A) {
  // nvcc's -forward-unknown-* (read in read()) are not clang's -f options:
  // CMake passes a project's nvcc flags in clang mode too (BabelStream).
  if (!Out.ClangMode || A.rfind("-forward-unknown-", 0) == 0)
    return false;
  std::string V;
  if (A.compare(0, 4, "-Wl,") == 0) {
    Out.Link.push_back(A);
  } else if (A == "-fgpu-rdc" || A == "-fno-gpu-rdc") {
    // clang's -rdc=true|false (CMake's CUDA_SEPARABLE_COMPILATION).
    Out.RelocatableDevice = A == "-fgpu-rdc";
  } else if (value({"-Xclang", "-Xlinker"}, V)) {
    if (A == "-Xlinker")
      Out.Link.push_back("-Wl," + V);
    else
      Out.HostOnly.insert(Out.HostOnly.end(), {"-Xclang", V});
  } else if (A.compare(0, 2, "-f") == 0 || A.compare(0, 2, "-W") == 0 ||
             A.compare(0, 2, "-m") == 0 || A == "-pthread" || A == "-fopenmp" || A == "-pedantic" ||
             A == "-rdynamic") {
    Out.HostOnly.push_back(A);
    if (A == "-pthread" || A == "-rdynamic" || A == "-fopenmp")
      Out.Link.push_back(A);
  } else if (!(A == "--cuda-path" || A.compare(0, 12, "--cuda-path=") == 0 || A == "-nocudalib" ||
               A == "-nocudainc" || A.compare(0, 23, "--cuda-compile-host-device") == 0)) {
    return false;
  }
  return true;
}

/// Without an option naming them: sm_80 and Ferry's default AMD
/// processors. The SMs sorted, each once.
void CommandLineReader::applyDefaultTargets() {
  if (!ArchGiven)
    Out.SMs = {80};
  std::sort(Out.SMs.begin(), Out.SMs.end());
  Out.SMs.erase(std::unique(Out.SMs.begin(), Out.SMs.end()), Out.SMs.end());
  if (!Out.AmdTargetsGiven)
    Out.AmdTargets = {"gfx90a", "gfx942", "gfx1030", "gfx1100"};
  if (!Out.AmdSM) {
    Out.AmdSM = 80;
    for (int SM : Out.SMs)
      if (SM < 89)
        Out.AmdSM = SM;
  }
}


/// -fmad=false: the device compile contracts no multiply and add (clang's
/// -ffp-contract=off), wherever --use_fast_math stands, whose -ffast-math
/// would contract them (nvcc's --use_fast_math implies -fmad=true; an
/// explicit -fmad=false is the user's word). -fmad=true is clang's CUDA
/// default, -ffp-contract=fast. The host compile is not affected, as with
/// nvcc.
void CommandLineReader::applyFmad() {
  if (!Fmad)
    Out.DeviceOnly.push_back("-ffp-contract=off");
}

std::string CommandLineReader::read() {
  for (const std::string &A : Args) {
    const std::string Name = A.compare(0, 2, "--") == 0 ? A.substr(1) : A;
    ForwardToCompiler |= Name == "-forward-unknown-to-host-compiler" || Name == "-forward-unknown-opts";
    ForwardToLinker |= Name == "-forward-unknown-to-host-linker" || Name == "-forward-unknown-opts";
  }
  for (I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    MissingValue = false;
    if (A.empty())
      continue;
    if (A[0] != '-' || A == "-") {
      Out.Inputs.push_back({A, languageOf(A, ForcedLanguage)});
      continue;
    }
    // Before the options that take glued values: -lineinfo is no -l.
    if (IgnoredFlags.count(A)) {
      if (const char *Macro = optionMacro(A))
        Out.CudaMacros.push_back(std::string("-D") + Macro);
      continue;
    }
    std::string Error;
    // (A glued -oFILE last: it must not take -offload-arch=, -odir or
    // -optimize.)
    if (tryDriverOption(A) || tryCompilePhaseOption(A) || tryDependencyOption(A) ||
        tryOutputOption(A, Error) || tryArchitectureOption(A, Error) ||
        tryCompileOption(A, Error) || tryPassthroughOption(A, Error) || tryIgnoredOption(A) ||
        tryClangModeOption(A) || value({"-o"}, Out.Output, /*Glued=*/true)) {
      if (!Error.empty())
        return Error;
      continue;
    }
    if (MissingValue)
      return "option '" + A + "' needs a value";
    if (A.rfind("--forward-unknown-", 0) == 0 ||
        A.rfind("-forward-unknown-", 0) == 0)
      continue; // (read above)
    if (ForwardToCompiler || ForwardToLinker) {
      if (ForwardToCompiler)
        Out.HostOnly.push_back(A);
      if (ForwardToLinker)
        Out.Link.push_back(A);
      continue;
    }
    return "unknown option '" + A + "'" +
           (A.compare(0, 2, "-f") == 0 || A.compare(0, 2, "-W") == 0 || A.compare(0, 2, "-m") == 0
                ? " (host-compiler options go through -Xcompiler, as with nvcc)"
                : "");
  }
  applyDefaultTargets();
  applyFmad();
  return "";
}

} // namespace

std::vector<int> deviceCompileSMs(const Invocation &I) {
  std::vector<int> SMs = I.SMs;
  if (std::find(SMs.begin(), SMs.end(), I.AmdSM) == SMs.end()) {
    SMs.push_back(I.AmdSM);
    std::sort(SMs.begin(), SMs.end());
  }
  return SMs;
}

bool usesClangCudaOptions(const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (A == "--cuda-gpu-arch" || A.rfind("--cuda-gpu-arch=", 0) == 0 || A == "--cuda-path" ||
        A.rfind("--cuda-path=", 0) == 0 || A == "-nocudalib" || A == "-nocudainc" ||
        A == "-xcuda" || (A == "-x" && I + 1 < Args.size() && Args[I + 1] == "cuda") ||
        A == "-fgpu-rdc" || A == "-fno-gpu-rdc" || A.rfind("-Wl,", 0) == 0)
      return true;
  }
  return false;
}

std::string parse(const std::vector<std::string> &Args, Invocation &Out) {
  return CommandLineReader(Args, Out).read();
}

const char *helpText() {
  return R"(Usage: ferry-nvcc [options] <inputs>

ferry-nvcc builds CUDA programs the way nvcc does, for AMD GPUs (HSA code
objects, and the emulated devices of FERRY_EMULATE) and NVIDIA GPUs (PTX)
in one binary that runs on Ferry's CUDA runtime (libferry-cudart).

Inputs: .cu (CUDA), .cpp/.cc/.cxx (C++), .c (C), anything else is passed
to the linker (.o, .a, .so).

Options (nvcc's spellings):
  -c, -dc, -E, -M, -MM, -MD, -MMD, -MF F, -MT T, -o F, -x cu|c++|c
  -arch=sm_NN|compute_NN|native|all, -code=..., -gencode arch=..,code=..
  -rdc=true|false, -dlink, -lib, -shared
  -O0..-O3, -g, -std=..., -I, -isystem, -D, -U, -include
  -L, -l, -Xcompiler a,b, -Xlinker a,b, --use_fast_math, -w
  -fmad=true|false (false: device code contracts no multiply and add)
  -v, --dryrun, --run, --run-args a,b, -keep, --version, --help
Accepted, without effect on Ferry's code (NVIDIA-tool tuning):
  -lineinfo, -G, --expt-relaxed-constexpr, --extended-lambda, -ccbin,
  -Xptxas, -Xnvlink, -Xcudafe, -maxrregcount, -ftz, -prec-div, ...
Ferry:
  --offload-arch=gfx90a,gfx942,... AMD processors (default: gfx90a, gfx942,
                                   gfx1030, gfx1100); -arch=gfxNNN also works
  --amd-cuda-arch=sm_NN            the __CUDA_ARCH__ of the AMD targets' device
                                   code (default: the highest -arch below
                                   sm_89, else sm_80)
clang's spellings (--cuda-gpu-arch=sm_NN, -x cuda, -fgpu-rdc, -Wl,...,
--cuda-path) read the command line as clang++ would, with clang's other
options (-f..., -W..., -m...): how CMake drives it (-DCMAKE_CUDA_COMPILER).
NVIDIA's runtime libraries (-lcudart, -lcudart_static, -lcudadevrt) link
Ferry's.

Environment: FERRY_CLANGXX (the clang++ 19 to run), CUDA_PATH (the CUDA
toolkit whose headers programs see; default /usr/local/cuda).
docs/cuda.md says what the runtime supports.
)";
}

} // namespace nvcc
} // namespace ferry

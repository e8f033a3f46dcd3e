//===- NvccOptionsTest.cpp - ferry-nvcc's reading of nvcc options ---------===//
///
/// \file
/// The command lines CUDA build systems pass to nvcc, read into what
/// ferry-nvcc runs: phases, architectures, the options of each compile and
/// of the link, and an error naming each option it refuses.
///
//===----------------------------------------------------------------------===//
#include "NvccOptions.h"

#include <gtest/gtest.h>

using namespace ferry::nvcc;

namespace {

Invocation parsed(std::vector<std::string> Args, std::string *Error = nullptr) {
  Invocation Inv;
  std::string Problem = parse(Args, Inv);
  if (Error)
    *Error = Problem;
  else
    EXPECT_EQ(Problem, "");
  return Inv;
}

bool has(const std::vector<std::string> &List, const std::string &Item) {
  return std::find(List.begin(), List.end(), Item) != List.end();
}

TEST(NvccOptions, DefaultsLinkAnExecutableForSm80AndFourAmdTargets) {
  Invocation Inv = parsed({"prog.cu"});
  EXPECT_EQ(Inv.Stop, Phase::Link);
  ASSERT_EQ(Inv.Inputs.size(), 1u);
  EXPECT_EQ(Inv.Inputs[0].Lang, Language::Cuda);
  EXPECT_EQ(Inv.SMs, std::vector<int>{80});
  EXPECT_EQ(Inv.AmdTargets, (std::vector<std::string>{"gfx90a", "gfx942", "gfx1030", "gfx1100"}));
  EXPECT_EQ(Inv.OptLevel, 3u);
}

TEST(NvccOptions, LanguagesFollowSuffixesAndX) {
  Invocation Inv =
      parsed({"a.cu", "b.cpp", "c.c", "d.o", "-x", "cu", "e.cpp", "-x", "none", "f.cc"});
  ASSERT_EQ(Inv.Inputs.size(), 6u);
  EXPECT_EQ(Inv.Inputs[0].Lang, Language::Cuda);
  EXPECT_EQ(Inv.Inputs[1].Lang, Language::Cxx);
  EXPECT_EQ(Inv.Inputs[2].Lang, Language::C);
  EXPECT_EQ(Inv.Inputs[3].Lang, Language::Object);
  EXPECT_EQ(Inv.Inputs[4].Lang, Language::Cuda);
  EXPECT_EQ(Inv.Inputs[5].Lang, Language::Cxx);
}

TEST(NvccOptions, ArchitecturesInEverySpelling) {
  EXPECT_EQ(parsed({"-arch=sm_90", "x.cu"}).SMs, std::vector<int>{90});
  EXPECT_EQ(parsed({"-arch", "compute_75", "x.cu"}).SMs, std::vector<int>{75});
  EXPECT_EQ(parsed({"--gpu-architecture=sm_86", "x.cu"}).SMs, std::vector<int>{86});
  EXPECT_EQ(parsed({"-gencode", "arch=compute_80,code=sm_80", "-gencode",
                    "arch=compute_90,code=[sm_90,compute_90]", "x.cu"})
                .SMs,
            (std::vector<int>{80, 90}));
  Invocation Amd = parsed({"--offload-arch=gfx90a,sm_70", "-arch=gfx1100", "x.cu"});
  EXPECT_EQ(Amd.AmdTargets, (std::vector<std::string>{"gfx90a", "gfx1100"}));
  EXPECT_EQ(Amd.SMs, std::vector<int>{70});
  // One dash, as clang spells it: a target list, not a glued -o.
  Invocation OneDash = parsed({"-offload-arch=gfx942", "x.cu", "-oprog"});
  EXPECT_EQ(OneDash.AmdTargets, std::vector<std::string>{"gfx942"});
  EXPECT_EQ(OneDash.Output, "prog");
}

TEST(NvccOptions, ArchitecturesClang19DoesNotKnow) {
  // Newer than sm_90: sm_90 PTX (the driver compiles it), said once.
  Invocation New = parsed({"-arch=sm_100", "-gencode", "arch=compute_120,code=sm_120", "x.cu"});
  EXPECT_EQ(New.SMs, std::vector<int>{90});
  ASSERT_EQ(New.Warnings.size(), 2u);
  EXPECT_NE(New.Warnings[0].find("clang 19 has no sm_100: its device code is compiled as sm_90 "
                                 "PTX"),
            std::string::npos);
  EXPECT_EQ(parsed({"-arch=sm_90", "x.cu"}).Warnings.size(), 0u);
  // Older than sm_50, or no architecture clang 19 has: refused, named.
  std::string Error;
  parsed({"-arch=sm_35", "x.cu"}, &Error);
  EXPECT_EQ(Error, "GPU architecture 'sm_35' is older than what clang 19 compiles with the CUDA "
                   "13 toolkit's headers (sm_50 and newer)");
  parsed({"--offload-arch=sm_88", "x.cu"}, &Error);
  EXPECT_NE(Error.find("unknown GPU architecture 'sm_88'"), std::string::npos);
}

TEST(NvccOptions, PhasesAndRelocatableDeviceCode) {
  EXPECT_EQ(parsed({"-c", "x.cu"}).Stop, Phase::Compile);
  Invocation Dc = parsed({"-dc", "x.cu"});
  EXPECT_EQ(Dc.Stop, Phase::Compile);
  EXPECT_TRUE(Dc.RelocatableDevice);
  EXPECT_TRUE(parsed({"-rdc=true", "x.cu"}).RelocatableDevice);
  EXPECT_FALSE(parsed({"--relocatable-device-code", "false", "x.cu"}).RelocatableDevice);
  EXPECT_EQ(parsed({"-dlink", "x.o"}).Stop, Phase::DeviceLink);
  EXPECT_EQ(parsed({"-lib", "x.o"}).Stop, Phase::Library);
  EXPECT_EQ(parsed({"-E", "x.cu"}).Stop, Phase::Preprocess);
  EXPECT_EQ(parsed({"-M", "x.cu"}).Stop, Phase::Dependencies);
  EXPECT_TRUE(parsed({"-shared", "x.cu"}).Shared);
}

TEST(NvccOptions, OptionsReachTheRightCompile) {
  Invocation Inv = parsed({"-O2",         "-std=c++17",
                           "-Iinc",       "-DN=3",
                           "-isystem",    "sys",
                           "-g",          "-Xcompiler",
                           "-fPIC,-Wall", "--use_fast_math",
                           "-Xlinker",    "--no-as-needed",
                           "-Llib",       "-lfoo",
                           "-lcudart",    "-lcuda",
                           "x.cu",        "-o",
                           "prog",        "-MD",
                           "-MF",         "x.d"});
  EXPECT_EQ(Inv.OptLevel, 2u);
  EXPECT_EQ(parsed({"--optimize", "1", "x.cu"}).OptLevel, 1u);
  EXPECT_EQ(Inv.Output, "prog");
  EXPECT_TRUE(has(Inv.Common, "-std=c++17"));
  EXPECT_TRUE(has(Inv.Common, "inc"));
  EXPECT_TRUE(has(Inv.Common, "N=3"));
  EXPECT_TRUE(has(Inv.Common, "sys"));
  EXPECT_TRUE(has(Inv.HostOnly, "-g"));
  EXPECT_TRUE(has(Inv.HostOnly, "-fPIC"));
  EXPECT_TRUE(has(Inv.HostOnly, "-Wall"));
  EXPECT_TRUE(has(Inv.HostOnly, "-MD"));
  EXPECT_TRUE(has(Inv.HostOnly, "x.d"));
  // nvcc's fast math: approximate functions, division and flushed
  // denormals, not clang's -ffast-math (no infinity or NaN assumed).
  EXPECT_TRUE(has(Inv.DeviceOnly, "-fgpu-approx-transcendentals"));
  EXPECT_TRUE(has(Inv.DeviceOnly, "-fcuda-flush-denormals-to-zero"));
  EXPECT_FALSE(has(Inv.DeviceOnly, "-ffast-math"));
  EXPECT_TRUE(has(Inv.Link, "-Wl,--no-as-needed"));
  EXPECT_TRUE(has(Inv.Link, "-Llib"));
  EXPECT_TRUE(has(Inv.Link, "-lfoo"));
  // NVIDIA's runtime and driver libraries are Ferry's runtime's to replace.
  EXPECT_FALSE(has(Inv.Link, "-lcudart"));
  EXPECT_FALSE(has(Inv.Link, "-lcuda"));
}

TEST(NvccOptions, FmadFalseTurnsOffContractionInTheDeviceCompileOnly) {
  for (std::vector<std::string> Args : {std::vector<std::string>{"-fmad=false", "x.cu"},
                                        {"-fmad", "false", "x.cu"},
                                        {"--fmad=false", "x.cu"},
                                        {"--fmad", "false", "x.cu"}}) {
    Invocation Inv = parsed(Args);
    EXPECT_EQ(Inv.DeviceOnly, std::vector<std::string>{"-ffp-contract=off"}) << Args[0];
    EXPECT_TRUE(Inv.HostOnly.empty()) << Args[0];
    EXPECT_FALSE(has(Inv.Common, "-ffp-contract=off")) << Args[0];
    ASSERT_EQ(Inv.Inputs.size(), 1u) << Args[0];
  }
  // true is nvcc's default and clang's for CUDA (-ffp-contract=fast).
  EXPECT_TRUE(parsed({"-fmad=true", "x.cu"}).DeviceOnly.empty());
  EXPECT_TRUE(parsed({"--fmad", "true", "x.cu"}).DeviceOnly.empty());
  // The last one counts.
  EXPECT_TRUE(parsed({"-fmad=false", "-fmad=true", "x.cu"}).DeviceOnly.empty());
  EXPECT_EQ(parsed({"-fmad=true", "--fmad=false", "x.cu"}).DeviceOnly,
            std::vector<std::string>{"-ffp-contract=off"});
  // --use_fast_math implies -fmad=true (clang's CUDA default contracts);
  // an explicit -fmad=false, before or after it, turns contraction off.
  for (std::vector<std::string> Args :
       {std::vector<std::string>{"--use_fast_math", "-fmad=false", "x.cu"},
        {"-fmad=false", "--use_fast_math", "x.cu"}}) {
    Invocation Inv = parsed(Args);
    ASSERT_FALSE(Inv.DeviceOnly.empty());
    EXPECT_EQ(Inv.DeviceOnly.front(), "-fgpu-approx-transcendentals");
    EXPECT_EQ(Inv.DeviceOnly.back(), "-ffp-contract=off");
  }
  EXPECT_FALSE(has(parsed({"--use_fast_math", "x.cu"}).DeviceOnly, "-ffp-contract=off"));
}

TEST(NvccOptions, UnknownOptionsForwardedWhereAsked) {
  // llama.cpp's Makefile: --forward-unknown-to-host-compiler, then -Wall...
  // (wherever the flag stands).
  Invocation Inv = parsed({"-Wall", "--forward-unknown-to-host-compiler", "-fPIC", "x.cu"});
  EXPECT_TRUE(has(Inv.HostOnly, "-Wall"));
  EXPECT_TRUE(has(Inv.HostOnly, "-fPIC"));
  EXPECT_FALSE(has(Inv.Link, "-fPIC"));
  Inv = parsed({"-forward-unknown-opts", "-pg", "x.cu"});
  EXPECT_TRUE(has(Inv.HostOnly, "-pg"));
  EXPECT_TRUE(has(Inv.Link, "-pg"));
  Inv = parsed({"--forward-unknown-to-host-linker", "-static-libstdc++", "x.cu"});
  EXPECT_TRUE(has(Inv.Link, "-static-libstdc++"));
  EXPECT_FALSE(has(Inv.HostOnly, "-static-libstdc++"));
  // Without: still an error naming the option.
  Invocation Refused;
  EXPECT_NE(parse({"-Wall", "x.cu"}, Refused).find("unknown option '-Wall'"), std::string::npos);
}

TEST(NvccOptions, ListValuesTakeNvccQuoting) {
  // CMake's FindCUDA: `-Xcompiler ,"-O3","-Wall"`; a quoted item keeps its
  // commas.
  Invocation Inv = parsed({"-Xcompiler", ",\"-O3\",\"-Wall\"", "-Xlinker",
                           "\"-rpath,/opt/x\"", "x.cu"});
  EXPECT_TRUE(has(Inv.HostOnly, "-O3"));
  EXPECT_TRUE(has(Inv.HostOnly, "-Wall"));
  EXPECT_FALSE(has(Inv.HostOnly, ""));
  EXPECT_FALSE(has(Inv.HostOnly, "\"-O3\""));
  EXPECT_TRUE(has(Inv.Link, "-Wl,-rpath,/opt/x"));
}

TEST(NvccOptions, ProfilingAndNvidiaWarningsOptions) {
  Invocation Inv = parsed({"-pg", "--extra-device-vectorization",
                           "-static-global-template-stub=true", "--Wext-lambda-captures-this",
                           "-Wdefault-stream-launch", "-Wmissing-launch-bounds", "--use-local-env",
                           "x.cu"});
  EXPECT_TRUE(has(Inv.HostOnly, "-pg"));
  EXPECT_TRUE(has(Inv.Link, "-pg"));
  EXPECT_EQ(Inv.Inputs.size(), 1u);
  EXPECT_TRUE(Inv.DeviceOnly.empty());
}

TEST(NvccOptions, NvidiaToolTuningIsAcceptedWithoutEffect) {
  Invocation Inv = parsed({"-lineinfo", "-Xptxas", "-v", "-maxrregcount=32", "-ccbin", "g++",
                           "--expt-relaxed-constexpr", "--extended-lambda", "-G", "x.cu"});
  EXPECT_TRUE(Inv.Link.empty()) << "-lineinfo is no -l";
  EXPECT_EQ(parsed({"-odir", "objs", "x.cu"}).Output, "") << "-odir is no -o";
  EXPECT_TRUE(Inv.HostOnly.empty());
  ASSERT_EQ(Inv.Inputs.size(), 1u);
}

TEST(NvccOptions, RefusedOptionsAreNamed) {
  std::string Error;
  parsed({"-fPIC", "x.cu"}, &Error);
  EXPECT_EQ(Error, "unknown option '-fPIC' (host-compiler options go through -Xcompiler, as "
                   "with nvcc)");
  parsed({"--bogus", "x.cu"}, &Error);
  EXPECT_EQ(Error, "unknown option '--bogus'");
  parsed({"-arch=volta", "x.cu"}, &Error);
  EXPECT_NE(Error.find("unknown GPU architecture 'volta'"), std::string::npos);
  parsed({"-rdc=yes", "x.cu"}, &Error);
  EXPECT_EQ(Error, "option '-rdc=yes' takes true or false, not 'yes'");
  parsed({"-fmad=maybe", "x.cu"}, &Error);
  EXPECT_EQ(Error, "option '--fmad' takes true or false, not 'maybe'");
  parsed({"--fmad", "0", "x.cu"}, &Error);
  EXPECT_EQ(Error, "option '--fmad' takes true or false, not '0'");
  parsed({"-fmad=", "x.cu"}, &Error);
  EXPECT_EQ(Error, "option '--fmad' takes true or false, not ''");
  parsed({"x.cu", "-fmad"}, &Error);
  EXPECT_EQ(Error, "option '-fmad' needs a value");
  parsed({"--optimize=9", "x.cu"}, &Error);
  EXPECT_EQ(Error, "option '--optimize=9' takes 0, 1, 2 or 3, not '9'");
  parsed({"-x", "ada", "x.cu"}, &Error);
  EXPECT_NE(Error.find("unsupported language 'ada'"), std::string::npos);
  parsed({"-o"}, &Error);
  EXPECT_EQ(Error, "option '-o' needs a value");
}

TEST(NvccOptions, ClangModeAcceptsClangOptions) {
  Invocation Inv;
  Inv.ClangMode = true;
  ASSERT_EQ(parse({"-x", "cuda", "--cuda-gpu-arch=sm_75", "-fPIC", "-Wl,-rpath,/x",
                   "--cuda-path=/usr/local/cuda", "-c", "k.cu", "-o", "k.o"},
                  Inv),
            "");
  EXPECT_EQ(Inv.SMs, std::vector<int>{75});
  EXPECT_TRUE(has(Inv.HostOnly, "-fPIC"));
  EXPECT_TRUE(has(Inv.Link, "-Wl,-rpath,/x"));
  EXPECT_EQ(Inv.Inputs[0].Lang, Language::Cuda);
}

TEST(NvccOptions, ClangModeMapsGpuRdc) {
  Invocation Inv;
  Inv.ClangMode = true;
  ASSERT_EQ(parse({"-x", "cuda", "-fgpu-rdc", "-c", "k.cu"}, Inv), "");
  EXPECT_TRUE(Inv.RelocatableDevice);
  EXPECT_FALSE(has(Inv.HostOnly, "-fgpu-rdc"));
  Invocation Off;
  Off.ClangMode = true;
  ASSERT_EQ(parse({"-fgpu-rdc", "-fno-gpu-rdc", "-c", "k.cu"}, Off), "");
  EXPECT_FALSE(Off.RelocatableDevice);
}

// What CMake passes to a CUDA compiler it identifies as clang (ferry-nvcc
// reads such command lines in clang mode); nvcc's own spellings are not.
TEST(NvccOptions, ClangCudaSpellingsAreRecognized) {
  EXPECT_TRUE(usesClangCudaOptions({"--cuda-gpu-arch=sm_80", "-c", "k.cu"}));
  EXPECT_TRUE(usesClangCudaOptions({"--cuda-path=/usr/local/cuda", "k.cu"}));
  EXPECT_TRUE(usesClangCudaOptions({"-x", "cuda", "-c", "k.cu"}));
  EXPECT_TRUE(usesClangCudaOptions({"-xcuda", "k.cu"}));
  EXPECT_TRUE(usesClangCudaOptions({"-nocudalib", "k.cu"}));
  EXPECT_TRUE(usesClangCudaOptions({"-fgpu-rdc", "-c", "k.cu"}));
  EXPECT_TRUE(usesClangCudaOptions({"k.o", "-o", "k", "-Wl,-rpath,/opt/ferry/lib"}));
  EXPECT_FALSE(usesClangCudaOptions({"k.o", "-o", "k", "-Xlinker", "-rpath,/opt/ferry/lib"}));
  EXPECT_FALSE(usesClangCudaOptions({"-x", "cu", "-arch=sm_80", "-c", "k.cu"}));
  EXPECT_FALSE(usesClangCudaOptions({"-rdc=true", "-lcudart", "k.o", "-o", "k"}));
  EXPECT_FALSE(usesClangCudaOptions({"-o", "cuda", "-x"}));
}

} // namespace

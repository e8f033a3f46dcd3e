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
//===----------------------------------------------------------------------===//
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

#ifndef FERRY_DEFAULT_CLANGXX
#error "FERRY_DEFAULT_CLANGXX must name the clang++-19 to run"
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

int main(int argc, char **argv) {
  const std::string Prefix = selfDir() + "/..";
  const std::string Lib = Prefix + "/lib", Include = Prefix + "/include";
  const char *Compiler = std::getenv("FERRY_CLANGXX");
  if (!Compiler || !*Compiler)
    Compiler = FERRY_DEFAULT_CLANGXX;

  // CUDA: ferry-nvcc builds it, with clang's spellings accepted.
  bool Cuda = false;
  for (int I = 1; I < argc; ++I) {
    const std::string A = argv[I];
    const bool CudaFile = A.size() > 3 && A.compare(A.size() - 3, 3, ".cu") == 0;
    Cuda |= CudaFile || A == "-lcudart" || A == "-lcudart_static" || A == "--cuda-gpu-arch" ||
            A.compare(0, 16, "--cuda-gpu-arch=") == 0 ||
            ((A == "-x" && I + 1 < argc && std::strcmp(argv[I + 1], "cuda") == 0) ||
             A == "-xcuda");
  }
  if (Cuda) {
    const std::string Nvcc = selfDir() + "/ferry-nvcc";
    std::vector<std::string> Args = {Nvcc, "--ferry-clang-mode"};
    for (int I = 1; I < argc; ++I)
      Args.push_back(argv[I]);
    std::vector<char *> CArgs;
    for (std::string &A : Args)
      CArgs.push_back(A.data());
    CArgs.push_back(nullptr);
    execv(Nvcc.c_str(), CArgs.data());
    std::fprintf(stderr, "ferry-clang++: error: cannot run '%s' for CUDA sources: %s\n",
                 Nvcc.c_str(), std::strerror(errno));
    return 127;
  }

  bool Links = true;
  for (int I = 1; I < argc; ++I) {
    const char *A = argv[I];
    if (!std::strcmp(A, "-c") || !std::strcmp(A, "-S") ||
        !std::strcmp(A, "-E") || !std::strcmp(A, "-fsyntax-only") ||
        !std::strcmp(A, "-M") || !std::strcmp(A, "-MM"))
      Links = false;
  }

  std::vector<std::string> Args = {Compiler, "-fplugin=" + Lib + "/libferry-clang.so",
                                   "-isystem", Include};
  for (int I = 1; I < argc; ++I)
    Args.push_back(argv[I]);
  if (Links) {
    Args.push_back("-L" + Lib);
    Args.push_back("-lferry-rt");
    Args.push_back("-Wl,-rpath," + Lib);
  }
  std::vector<char *> CArgs;
  for (std::string &A : Args)
    CArgs.push_back(A.data());
  CArgs.push_back(nullptr);
  execvp(Compiler, CArgs.data());
  std::fprintf(stderr, "ferry-clang++: error: cannot run '%s': %s\n", Compiler,
               std::strerror(errno));
  return 127;
}

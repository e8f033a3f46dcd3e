//===- compile_latency.cpp - Cold and cached translate+lower latency ------===//
///
/// \file
/// For each target: the latency of NVVM IR -> HSA code object in process,
/// cold (no cache; median of several runs after the one-time target
/// initialization, which is reported separately) and as a cache hit, for a
/// small kernel and for every module of the corpus.
///   compile_latency <small-kernel.ll> <corpus .ll>...
///
//===----------------------------------------------------------------------===//
#include "ferry/Cache.h"
#include "ferry/DeviceTarget.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <vector>

using namespace llvm;
using Clock = std::chrono::steady_clock;

template <class F> static double ms(F &&Fn) {
  auto T0 = Clock::now();
  Fn();
  return std::chrono::duration<double, std::milli>(Clock::now() - T0).count();
}

static double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

int main(int argc, char **argv) {
  if (argc < 3) {
    errs() << "usage: compile_latency <small.ll> <corpus.ll>...\n";
    return 2;
  }
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::vector<std::unique_ptr<Module>> Modules;
  for (int I = 1; I < argc; ++I) {
    Modules.push_back(parseIRFile(argv[I], Err, Ctx));
    if (!Modules.back()) {
      Err.print("compile_latency", errs());
      return 1;
    }
  }
  SmallString<128> Dir;
  sys::fs::createUniqueDirectory("ferry-bench-cache", Dir);
  auto Check = [](Expected<std::string> R) {
    if (!R) {
      errs() << toString(R.takeError()) << "\n";
      std::exit(1);
    }
  };
  auto Target = [](const char *Arch) {
    auto T = ferry::DeviceTarget::create(Arch);
    if (!T) {
      errs() << toString(T.takeError()) << "\n";
      std::exit(1);
    }
    return std::move(*T);
  };
  const auto Hsaco = ferry::ImageKind::CodeObject;
  double Init = ms([&] { Check(Target("gfx90a")->compile(*Modules[0], Hsaco)); });
  outs() << format("one-time initialization (first compile in a process): %.1f ms\n", Init);
  outs() << "target     small cold    small hit    corpus cold     corpus hit\n";
  for (const char *Arch : {"gfx90a", "gfx942", "gfx1030", "gfx1100"}) {
    auto O = Target(Arch);
    std::vector<double> Cold, Hit;
    for (int R = 0; R < 7; ++R)
      Cold.push_back(ms([&] { Check(O->compile(*Modules[0], Hsaco)); }));
    ferry::CacheOptions CO;
    CO.Dir = std::string(Dir);
    ferry::CompileCache Cache(CO);
    Check(Cache.compile(*O, *Modules[0], Hsaco));
    for (int R = 0; R < 7; ++R)
      Hit.push_back(ms([&] { Check(Cache.compile(*O, *Modules[0], Hsaco)); }));
    double CorpusCold = 0, CorpusHit = 0;
    for (size_t I = 1; I < Modules.size(); ++I) {
      CorpusCold += ms([&] { Check(Cache.compile(*O, *Modules[I], Hsaco)); });
      CorpusHit += ms([&] { Check(Cache.compile(*O, *Modules[I], Hsaco)); });
    }
    outs() << format("%-8s %9.2f ms %9.3f ms %11.1f ms %11.1f ms\n", Arch,
                     median(Cold), median(Hit), CorpusCold, CorpusHit);
  }
  sys::fs::remove_directories(Dir);
  return 0;
}

//===- jit_latency.cpp - What a JIT pays for ferry::jit --------------------===//
///
/// \file
/// 1. Every target, in process (no device needed): the first compilation of
///    a kernel (translate + lower; median over distinct kernels, so that no
///    cache is involved) and a compile-cache hit.
/// 2. The selected device (a GPU, or an emulated one with FERRY_EMULATE):
///    Session::load cold (compile + load, empty cache), cache hit + load,
///    and a synchronous launch of an empty kernel through the JIT API.
///    On NVIDIA, side by side: cuModuleLoadData of the same PTX and
///    cuLaunchKernel + cuStreamSynchronize.
///   jit_latency [N]   (N kernels per measurement, default 7)
///
//===----------------------------------------------------------------------===//
#include "Timing.h"

#include "ferry/Cache.h"
#include "ferry/DeviceTarget.h"
#include "ferry/jit.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <vector>

using namespace llvm;

namespace {

/// An axpy kernel with libdevice math, its name and a constant varied so
/// that every instance is a distinct compilation.
std::string kernelIR(int I) {
  std::string Name = "axpy" + std::to_string(I);
  return R"(target triple = "nvptx64-nvidia-cuda"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare float @__nv_expf(float)
define void @)" + Name + R"((ptr %x, ptr %y, float %a, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bc = mul i32 %b, %c
  %i = add i32 %bc, %t
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit
body:
  %px = getelementptr float, ptr %x, i32 %i
  %py = getelementptr float, ptr %y, i32 %i
  %vx = load float, ptr %px
  %vy = load float, ptr %py
  %e = call float @__nv_expf(float %vx)
  %s = fmul float %a, %e
  %k = fadd float %s, )" + std::to_string(I) + R"(.0
  %r = fadd float %k, %vy
  store float %r, ptr %py
  br label %exit
exit:
  ret void
}
define void @empty() {
  ret void
}
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @)" + Name + R"(, !"kernel", i32 1}
!1 = !{ptr @empty, !"kernel", i32 1}
)";
}

std::unique_ptr<Module> parse(const std::string &IR, LLVMContext &Ctx) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  if (!M) {
    Err.print("jit_latency", errs());
    std::exit(1);
  }
  return M;
}

template <typename T> T check(Expected<T> V) {
  if (!V) {
    errs() << "jit_latency: " << toString(V.takeError()) << "\n";
    std::exit(1);
  }
  return std::move(*V);
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

template <typename F> double ms(F &&Fn) {
  auto Start = bench::Clock::now();
  Fn();
  return std::chrono::duration<double, std::milli>(bench::Clock::now() - Start).count();
}

} // namespace

int main(int argc, char **argv) {
  const int N = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
  ferry::installFatalErrorHandler();
  LLVMContext Ctx;
  SmallString<128> Dir;
  sys::fs::createUniqueDirectory("ferry-jit-latency", Dir);
  int Next = 0; // every kernel compiled below is a new one

  outs() << "compile, in process (median of " << N << " distinct kernels)\n";
  outs() << "target     first compile   cache hit\n";
  // The first compilation of a process also initializes LLVM's targets.
  for (const char *Arch : {"gfx90a", "gfx942", "gfx1030", "gfx1100", "sm_80", "sm_90"}) {
    auto T = check(ferry::DeviceTarget::create(Arch));
    check(T->compile(*parse(kernelIR(Next++), Ctx), T->loadableKind()));
    std::vector<double> Cold, Hit;
    ferry::CacheOptions CO;
    CO.Dir = (Dir + "/" + Arch).str();
    ferry::CompileCache Cache(CO);
    for (int I = 0; I < N; ++I) {
      auto M = parse(kernelIR(Next++), Ctx);
      Cold.push_back(ms([&] { check(Cache.compile(*T, *M, T->loadableKind())); }));
      Hit.push_back(ms([&] { check(Cache.compile(*T, *M, T->loadableKind())); }));
    }
    outs() << format("%-8s %12.2f ms %9.3f ms\n", Arch, median(Cold), median(Hit));
  }

  ferry::jit::SessionOptions SO;
  SO.Cache.Dir = (Dir + "/session").str();
  auto Session = ferry::jit::Session::create(SO);
  if (!Session) {
    outs() << "no GPU selected (" << toString(Session.takeError())
           << "): device measurements skipped\n";
    sys::fs::remove_directories(Dir);
    return 0;
  }
  ferry::jit::Session &S = **Session;
  outs() << "\nselected device: " << S.target().arch() << (S.emulated() ? " (emulated)" : "")
         << "\n";
  std::vector<double> Cold, Hit;
  std::unique_ptr<ferry::jit::Program> Kept;
  for (int I = 0; I < N; ++I) {
    std::string IR = kernelIR(Next++);
    auto First = parse(IR, Ctx), Again = parse(IR, Ctx);
    Cold.push_back(ms([&] { check(S.load(*First)); }));
    Hit.push_back(ms([&] { Kept = check(S.load(*Again)); }));
  }
  outs() << format("Session::load, first call (compile + load)  %9.2f ms\n", median(Cold));
  outs() << format("Session::load, cache hit + load             %9.3f ms\n", median(Hit));
  const ferry::jit::Kernel &Empty = check(Kept->kernel("empty"));
  const int Launches = S.emulated() ? 200 : 20000;
  check(Expected<int>(Empty.launch(1, 1, 0, {}) ? -1 : 0));
  double Launch = ms([&] {
                    for (int I = 0; I < Launches; ++I)
                      if (Error E = Empty.launch(1, 1, 0, {}))
                        check(Expected<int>(std::move(E)));
                  }) *
                  1000 / Launches;
  outs() << format("Kernel::launch, synchronous, empty kernel   %9.2f us\n", Launch);

  if (S.target().vendor() == ferry::Vendor::NVIDIA) {
    // The same PTX straight through the driver, on the context Ferry made
    // current.
    const std::string &Ptx = Kept->images().front().Bytes;
    using CUresult = int;
    void *Lib = dlopen("libcuda.so.1", RTLD_NOW);
    auto Sym = [&](const char *Name) { return dlsym(Lib, Name); };
    auto cuModuleLoadData = (CUresult(*)(void **, const void *))Sym("cuModuleLoadData");
    auto cuModuleUnload = (CUresult(*)(void *))Sym("cuModuleUnload");
    auto cuModuleGetFunction = (CUresult(*)(void **, void *, const char *))Sym("cuModuleGetFunction");
    auto cuStreamSynchronize = (CUresult(*)(void *))Sym("cuStreamSynchronize");
    auto cuLaunchKernel = (CUresult(*)(void *, unsigned, unsigned, unsigned, unsigned, unsigned,
                                       unsigned, unsigned, void *, void **, void **))
        Sym("cuLaunchKernel");
    std::vector<double> Load;
    void *Module = nullptr;
    for (int I = 0; I < N; ++I) {
      if (Module)
        cuModuleUnload(Module);
      Load.push_back(ms([&] { cuModuleLoadData(&Module, Ptx.c_str()); }));
    }
    void *Function = nullptr;
    cuModuleGetFunction(&Function, Module, "empty");
    double Raw = ms([&] {
                   for (int I = 0; I < Launches; ++I) {
                     cuLaunchKernel(Function, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr);
                     cuStreamSynchronize(nullptr);
                   }
                 }) *
                 1000 / Launches;
    outs() << format("cuModuleLoadData of the same PTX (reference) %8.3f ms\n", median(Load));
    outs() << format("cuLaunchKernel + cuStreamSynchronize (ref.)  %8.2f us\n", Raw);
    cuModuleUnload(Module);
  }
  Kept.reset();
  sys::fs::remove_directories(Dir);
  return 0;
}

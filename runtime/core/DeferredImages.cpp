//===- DeferredImages.cpp - Device IR compiled at first use ---------------===//
///
/// \file
/// Implementation of compileDeferredImages: libferry.so's
/// ferry_compile_deferred does the compiling (through its compile cache, so
/// a program's second run loads what the first compiled); this file finds
/// the device IR that needs it and registers what comes back.
///
//===----------------------------------------------------------------------===//
#include "core/DeferredImages.h"

#include "core/Debug.h"
#include "core/DynamicLibrary.h"
#include "ferry/DeferredCompile.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

namespace ferry {
namespace {

/// libferry.so, opened at the first compile, and what was compiled.
struct DeferredCompiler {
  std::mutex Mutex;
  DynamicLibrary Library;
  bool Tried = false;
  ferry_compile_deferred_fn Compile = nullptr;
  /// (registry index of the device IR, processor) -> its outcome.
  std::map<std::pair<size_t, std::string>, Error> Outcomes;

  /// FERRY_COMPILER_LIB, else libferry.so next to libferry-rt.so, else on
  /// the library path.
  Error open() {
    if (!Tried) {
      Tried = true;
      std::vector<std::string> Candidates;
      if (const char *Path = std::getenv("FERRY_COMPILER_LIB"); Path && *Path)
        Candidates = {Path};
      else
        Candidates = {runtimeLibraryDirectory() + "/libferry.so", "libferry.so"};
      if (Library.open(Candidates))
        Library.load(FERRY_COMPILE_DEFERRED_SYMBOL, Compile);
    }
    if (Compile)
      return Error::success();
    return makeError(FERRY_ERROR_NO_IMAGE,
                     "this program's device code is compiled for the device it runs on "
                     "(-fplugin-arg-ferry-jit), which needs Ferry's compiler library: %s",
                     Library.error().c_str());
  }
};

DeferredCompiler &deferredCompiler() {
  static DeferredCompiler *C = new DeferredCompiler(); // outlives static destructors
  return *C;
}

/// What one call of ferry_compile_deferred hands back.
struct Compiled {
  std::vector<std::pair<DeviceImageRef, std::string>> Images;
  size_t Package = 0;
  static void sink(void *Context, const char *Kind, const char *Triple, const char *Arch,
                   const void *Data, size_t Size) {
    auto &C = *static_cast<Compiled *>(Context);
    DeviceImageRef Ref;
    Ref.Kind = imageKindNumber(Kind);
    Ref.Triple = Triple;
    Ref.Arch = Arch;
    Ref.Producer = "ferry (compiled at run time)";
    Ref.Package = C.Package;
    C.Images.emplace_back(std::move(Ref), std::string(static_cast<const char *>(Data), Size));
  }
};

/// Registry image \p I, device IR, compiled for \p Arch by \p Compile and
/// its images registered.
Error compileOne(ferry_compile_deferred_fn Compile, size_t I, const DeviceImageRef &Ref,
                 const std::string &Arch, bool Emulated) {
  const auto Start = std::chrono::steady_clock::now();
  Compiled Out;
  Out.Package = Ref.Package;
  char Message[4096];
  if (Compile(Ref.Data, Ref.Size, Ref.Deferred.c_str(), Arch.c_str(), Emulated, &Compiled::sink,
              &Out, Message, sizeof Message))
    return makeError(FERRY_ERROR_NO_IMAGE, "%s (device code compiled at first use: "
                     "-fplugin-arg-ferry-jit)", Message);
  for (auto &[Image, Bytes] : Out.Images)
    ImageRegistry::get().addCompiled(std::move(Image), std::move(Bytes));
  notifyf(NotifyLaunch, "compiled the device IR of image %zu (%s) for %s in %.1f ms", I,
          Ref.Deferred.c_str(), Arch.c_str(),
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start)
              .count());
  return Error::success();
}

} // namespace

Error compileDeferredImages(const std::string &Arch, bool Emulated,
                            const std::function<bool(size_t)> &Runs) {
  ImageRegistry &Registry = ImageRegistry::get();
  if (!Registry.hasDeviceIR())
    return Error::success();
  DeferredCompiler &C = deferredCompiler();
  std::lock_guard<std::mutex> Lock(C.Mutex);
  const size_t N = Registry.size();
  std::set<size_t> Covered; // packages with an image that runs on the device
  for (size_t I = 0; I < N; ++I)
    if (const DeviceImageRef *Ref = Registry.image(I); Ref->Deferred.empty() && Runs(I))
      Covered.insert(Ref->Package);
  Error Failures;
  for (size_t I = 0; I < N; ++I) {
    const DeviceImageRef *Ref = Registry.image(I);
    if (Ref->Deferred.empty() || Covered.count(Ref->Package))
      continue;
    auto [It, Fresh] = C.Outcomes.try_emplace({I, Arch});
    if (Fresh) {
      if (Error E = C.open()) {
        // Said once, for every package's device IR.
        C.Outcomes.erase(It);
        return E;
      }
      It->second = compileOne(C.Compile, I, *Ref, Arch, Emulated);
    }
    if (It->second)
      Failures.add(Error(It->second));
  }
  return Failures;
}

} // namespace ferry

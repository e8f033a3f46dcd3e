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
#include "core/DiskCache.h"
#include "core/DynamicLibrary.h"
#include "ferry/DeferredCompile.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <vector>

namespace ferry {
namespace {

/// Where libferry.so is looked for, in order: FERRY_COMPILER_LIB, else
/// next to libferry-rt.so, then on the library path.
std::vector<std::string> compilerLibraries() {
  if (const char *Path = std::getenv("FERRY_COMPILER_LIB"); Path && *Path)
    return {Path};
  return {runtimeLibraryDirectory() + "/libferry.so", "libferry.so"};
}

/// libferry.so, opened at the first compile, and what was compiled.
struct DeferredCompiler {
  std::mutex Mutex;
  DynamicLibrary Library;
  bool Tried = false;
  ferry_compile_deferred_fn Compile = nullptr;
  /// (registry index of the device IR, processor) -> its outcome.
  std::map<std::pair<size_t, std::string>, Error> Outcomes;

  /// Opens the first of compilerLibraries() that loads.
  Error open() {
    if (!Tried) {
      Tried = true;
      if (Library.open(compilerLibraries()))
        Library.load(FERRY_COMPILE_DEFERRED_SYMBOL, Compile);
    }
    if (Compile)
      return Error::success();
    return makeError(FERRY_ERROR_NO_IMAGE,
                     "this program's device code is compiled for the device it runs on "
                     "(-fplugin-arg-ferry-jit, or units whose device code their link did not "
                     "compile for it: link them with ferry-clang++, or compile them with "
                     "-fno-offload-lto), which needs "
                     "Ferry's compiler library: %s",
                     Library.error().c_str());
  }
};

DeferredCompiler &deferredCompiler() {
  static DeferredCompiler *C = new DeferredCompiler(); // outlives static destructors
  return *C;
}

/// The images of one package's device IR for one processor: what one call
/// of ferry_compile_deferred hands back, or what an earlier run left in the
/// cache directory.
struct Compiled {
  struct Item {
    std::string Kind, Triple, Arch, Bytes;
  };
  std::vector<Item> Images;

  static void sink(void *Context, const char *Kind, const char *Triple, const char *Arch,
                   const void *Data, size_t Size) {
    static_cast<Compiled *>(Context)->Images.push_back(
        {Kind, Triple, Arch, std::string(static_cast<const char *>(Data), Size)});
  }

  /// Into the registry as images of \p Package.
  void registerAll(size_t Package) {
    for (Item &I : Images) {
      DeviceImageRef Ref;
      Ref.Kind = imageKindNumber(I.Kind.c_str());
      Ref.Triple = I.Triple;
      Ref.Arch = I.Arch;
      Ref.Producer = "ferry (compiled at run time)";
      Ref.Package = Package;
      ImageRegistry::get().addCompiled(std::move(Ref), std::move(I.Bytes));
    }
    Images.clear();
  }

  /// The file's form: a header line naming what it was compiled from, then
  /// per image its kind, triple and processor (each NUL-terminated), its
  /// size (8 bytes) and its bytes.
  std::vector<char> serialize(const std::string &Header) const {
    std::vector<char> Out(Header.begin(), Header.end());
    for (const Item &I : Images) {
      for (const std::string *Text : {&I.Kind, &I.Triple, &I.Arch})
        Out.insert(Out.end(), Text->c_str(), Text->c_str() + Text->size() + 1);
      const uint64_t Size = I.Bytes.size();
      Out.insert(Out.end(), reinterpret_cast<const char *>(&Size),
                 reinterpret_cast<const char *>(&Size) + sizeof Size);
      Out.insert(Out.end(), I.Bytes.begin(), I.Bytes.end());
    }
    return Out;
  }
  /// serialize's inverse; false (and nothing kept) for a file that is not
  /// one made with \p Header or is cut short.
  bool parse(const std::vector<char> &File, const std::string &Header) {
    if (File.size() < Header.size() || !std::equal(Header.begin(), Header.end(), File.begin()))
      return false;
    size_t At = Header.size();
    auto Text = [&](std::string &To) {
      const auto End = std::find(File.begin() + At, File.end(), '\0');
      if (End == File.end())
        return false;
      To.assign(File.begin() + At, End);
      At = size_t(End - File.begin()) + 1;
      return true;
    };
    while (At < File.size()) {
      Item I;
      uint64_t Size;
      if (!Text(I.Kind) || !Text(I.Triple) || !Text(I.Arch) || File.size() - At < sizeof Size)
        return Images.clear(), false;
      std::memcpy(&Size, File.data() + At, sizeof Size);
      At += sizeof Size;
      if (File.size() - At < Size || imageKindNumber(I.Kind.c_str()) == 0)
        return Images.clear(), false;
      I.Bytes.assign(File.data() + At, Size);
      At += Size;
      Images.push_back(std::move(I));
    }
    return !Images.empty();
  }
};

/// Where the images of \p Ref's device IR for \p Arch are kept between
/// runs (the cache directory's deferred/, core/DiskCache.h), so that a
/// program's next run loads them without opening libferry.so and LLVM:
/// the file's name is a digest of the IR, its role, the processor, whether
/// the device is emulated, and the size and modification time of
/// libferry.so and libferry-rt.so (a rebuilt compiler or runtime compiles
/// again); \p Header is what the file starts with. "" without a cache
/// directory or a compiler library at a known path.
std::string cacheFile(const DeviceImageRef &Ref, const std::string &Arch, bool Emulated,
                      std::string &Header) {
  const std::string Dir = runtimeCacheDir("deferred");
  if (Dir.empty())
    return "";
  const std::string Compiler = fileIdentity(compilerLibraries().front());
  const std::string Runtime = fileIdentity(runtimeLibraryFile());
  if (Compiler.empty() || Runtime.empty())
    return "";
  Header = "ferry-deferred-images-1 " + Arch + " " + Ref.Deferred + (Emulated ? " emulated" : "") +
           " " + std::to_string(Ref.Size) + " " + Compiler + " " + Runtime + "\n";
  Fnv1a Key;
  Key.add(Header);
  Key.add(Ref.Data, Ref.Size);
  return Dir + "/" + Key.hex() + ".images";
}

/// Registry image \p I, device IR, compiled for \p Arch by \p Compile, its
/// images kept in \p File (unless "") and registered.
Error compileOne(ferry_compile_deferred_fn Compile, size_t I, const DeviceImageRef &Ref,
                 const std::string &Arch, bool Emulated, const std::string &File,
                 const std::string &Header) {
  const auto Start = std::chrono::steady_clock::now();
  Compiled Out;
  char Message[4096];
  if (Compile(Ref.Data, Ref.Size, Ref.Deferred.c_str(), Arch.c_str(), Emulated, &Compiled::sink,
              &Out, Message, sizeof Message))
    return makeError(FERRY_ERROR_NO_IMAGE, "%s (device code compiled at first use: "
                     "-fplugin-arg-ferry-jit)", Message);
  if (!File.empty())
    writeCacheFile(File, Out.serialize(Header));
  Out.registerAll(Ref.Package);
  notifyf(NotifyLaunch, "compiled the device IR of image %zu (%s) for %s in %.1f ms", I,
          Ref.Deferred.c_str(), Arch.c_str(),
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start)
              .count());
  return Error::success();
}

/// The images an earlier run compiled from registry image \p I for \p Arch,
/// registered; false when \p File holds none.
bool loadOne(size_t I, const DeviceImageRef &Ref, const std::string &Arch,
             const std::string &File, const std::string &Header) {
  std::vector<char> Bytes;
  Compiled Out;
  if (File.empty() || !readCacheFile(File, Bytes) || !Out.parse(Bytes, Header))
    return false;
  Out.registerAll(Ref.Package);
  notifyf(NotifyLaunch, "loaded the images of the device IR of image %zu (%s) for %s from %s", I,
          Ref.Deferred.c_str(), Arch.c_str(), File.c_str());
  return true;
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
  std::set<std::string> Linked; // device IR that ferry-link compiled for it
  for (size_t I = 0; I < N; ++I)
    if (const DeviceImageRef *Ref = Registry.image(I); Ref->Deferred.empty() && Runs(I)) {
      Covered.insert(Ref->Package);
      if (!Ref->CompiledFrom.empty())
        Linked.insert(Ref->CompiledFrom);
    }
  Error Failures;
  for (size_t I = 0; I < N; ++I) {
    const DeviceImageRef *Ref = Registry.image(I);
    if (Ref->Deferred.empty() || Covered.count(Ref->Package) ||
        (!Ref->Digest.empty() && Linked.count(Ref->Digest)))
      continue;
    auto [It, Fresh] = C.Outcomes.try_emplace({I, Arch});
    if (Fresh) {
      std::string Header;
      const std::string File = cacheFile(*Ref, Arch, Emulated, Header);
      if (loadOne(I, *Ref, Arch, File, Header))
        continue;
      if (Error E = C.open()) {
        // Said once, for every package's device IR.
        C.Outcomes.erase(It);
        return E;
      }
      It->second = compileOne(C.Compile, I, *Ref, Arch, Emulated, File, Header);
    }
    if (It->second)
      Failures.add(Error(It->second));
  }
  return Failures;
}

} // namespace ferry

//===- DeferredCompile.cpp - Device IR compiled at a program's first launch ===//
///
/// \file
/// ferry_compile_deferred (ferry/DeferredCompile.h): the runtime hands it
/// the NVVM bitcode a unit built with `-fplugin-arg-ferry-jit` embedded and
/// the processor of the device the program runs on, and gets back the
/// images the plugin would have compiled for that processor ahead of time.
/// The compile cache's key is the plugin's (the bitcode, the target, no
/// `-mllvm` context), so an image compiled either way serves both. The same
/// compile, compileDeviceIR (with addCubins, which the plugin uses too),
/// serves ferry-link, which compiles such IR when a program is linked
/// (`-foffload-lto`, ferry/DeviceLink.h).
///
//===----------------------------------------------------------------------===//
#include "ferry/DeferredCompile.h"
#include "ferry/Cache.h"
#include "ferry/DeviceLink.h"
#include "ferry/DeviceTarget.h"
#include "ferry/Offload.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>

using namespace llvm;

namespace ferry {
namespace {

struct Role {
  ImageKind AMD;    ///< what an AMD target makes of the module
  const char *Name; ///< for messages
};

Expected<Role> roleFor(StringRef Name) {
  if (Name == FERRY_DEFERRED_KERNELS)
    return Role{ImageKind::CodeObject, "compute regions"};
  if (Name == FERRY_DEFERRED_LINKED_KERNELS)
    return Role{ImageKind::Object, "compute regions"};
  if (Name == FERRY_DEFERRED_ROUTINES)
    return Role{ImageKind::Object, "routines"};
  return createStringError(inconvertibleErrorCode(),
                           "the device IR's role '%s' is none of '" FERRY_DEFERRED_KERNELS
                           "', '" FERRY_DEFERRED_LINKED_KERNELS "' and '" FERRY_DEFERRED_ROUTINES
                           "' (a program built by another version of Ferry?)",
                           Name.str().c_str());
}

} // namespace

unsigned smNumber(StringRef Arch) {
  unsigned N = 0;
  return Arch.consume_front("sm_") && !Arch.getAsInteger(10, N) ? N : 0;
}

void addCubins(const DeviceImage &PTX, CompileCache &Cache, ArrayRef<std::string> Cubins,
               const std::string &Ptxas, std::vector<DeviceImage> &Images,
               std::vector<std::string> &Warnings) {
  if (Ptxas.empty() || StringRef(PTX.Bytes).contains(".extern "))
    return;
  // Through the compile cache too: its key digests ptxas and the PTX.
  const std::string PtxasDigest = fileDigest(Ptxas);
  for (const std::string &Arch : Cubins) {
    if (smNumber(Arch) < smNumber(PTX.Arch))
      continue;
    SHA256 Hash;
    Hash.update("ferry-cubin-1 " + Arch + " " + PtxasDigest + " ");
    Hash.update(PTX.Bytes);
    const std::string Key = toHex(Hash.final(), /*LowerCase=*/true);
    Expected<std::string> Cubin = std::string();
    if (std::optional<std::string> Hit = Cache.lookup(Key)) {
      *Cubin = std::move(*Hit);
    } else {
      Cubin = assemblePTX(PTX.Bytes, Arch, Ptxas);
      if (Cubin)
        consumeError(Cache.store(Key, *Cubin));
    }
    if (!Cubin) {
      // (A kernel over a limit of that architecture, say.)
      Warnings.push_back("ferry: no native " + Arch + " code for this file's compute regions: " +
                         toString(Cubin.takeError()) +
                         "; the PTX stays, for the driver to compile at run time");
      continue;
    }
    Images.push_back({ImageKind::Cubin, PTX.Triple, Arch, std::move(*Cubin)});
  }
}

namespace {

/// \p S with backslashes, tabs and newlines (a `#line` file name may have
/// them) as `\\`, `\t` and `\n`, and back.
std::string escapeField(StringRef S) {
  std::string Out;
  for (char C : S)
    Out += C == '\\' ? "\\\\" : C == '\t' ? "\\t" : C == '\n' ? "\\n" : std::string(1, C);
  return Out;
}

std::string unescapeField(StringRef S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] != '\\' || I + 1 == S.size()) {
      Out += S[I];
      continue;
    }
    const char C = S[++I];
    Out += C == 't' ? '\t' : C == 'n' ? '\n' : C;
  }
  return Out;
}

} // namespace

std::string writeRegionSites(ArrayRef<RegionSite> Sites) {
  std::string Text;
  for (const RegionSite &S : Sites)
    Text += escapeField(S.Kernel) + "\t" + escapeField(S.Name) + "\t" + escapeField(S.Location) +
            "\n";
  return Text;
}

std::vector<RegionSite> readRegionSites(StringRef Text) {
  std::vector<RegionSite> Sites;
  SmallVector<StringRef, 16> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    SmallVector<StringRef, 3> Fields;
    Line.split(Fields, '\t');
    if (Fields.size() == 3)
      Sites.push_back(
          {unescapeField(Fields[0]), unescapeField(Fields[1]), unescapeField(Fields[2])});
  }
  return Sites;
}

bool explainRegionError(std::string &Error, StringRef Kernel, StringRef Name) {
  const std::string Quoted = "'" + Kernel.str() + "'";
  const size_t At = Error.find(Quoted);
  if (Kernel.empty() || At == std::string::npos)
    return false;
  Error.replace(At, Quoted.size(), Quoted + " (the region '" + Name.str() + "')");
  if (StringRef(Error).contains("stack frame size"))
    Error += "; that is the private memory of each work-item: arrays a region declares, "
             "which are each work-item's own where its loops run in order inside an "
             "iteration (-fplugin-arg-ferry-remarks says where), take it. Declare a large "
             "array outside the region (a row per iteration of the loop around where each "
             "needs its own) and name it in a data clause, or make it smaller";
  return true;
}

Error compileDeviceIR(StringRef Bitcode, StringRef RoleName, const DeviceTarget &T,
                      bool TranslatedIR, CompileCache &Cache, ArrayRef<std::string> Cubins,
                      const std::string &Ptxas, std::vector<DeviceImage> &Images,
                      std::vector<std::string> &Warnings) {
  Expected<Role> R = roleFor(RoleName);
  if (!R)
    return R.takeError();
  std::vector<ImageKind> Kinds{T.vendor() == Vendor::AMD ? R->AMD : T.loadableKind()};
  if (TranslatedIR && T.produces(ImageKind::TranslatedIR))
    Kinds.push_back(ImageKind::TranslatedIR);
  LLVMContext Ctx;
  for (ImageKind Kind : Kinds) {
    Expected<std::string> Bytes = Cache.compileBitcode(
        T, Bitcode,
        [&] { return parseBitcodeFile(MemoryBufferRef(Bitcode, "device IR"), Ctx); }, Kind);
    if (!Bytes)
      return createStringError(inconvertibleErrorCode(), "cannot compile the %s for %s: %s",
                               R->Name, T.arch().c_str(),
                               toString(Bytes.takeError()).c_str());
    Images.push_back({Kind, T.triple().str(), T.arch(), std::move(*Bytes)});
    if (Kind == ImageKind::PTX && RoleName == FERRY_DEFERRED_KERNELS)
      addCubins(DeviceImage(Images.back()), Cache, Cubins, Ptxas, Images, Warnings);
  }
  return Error::success();
}

namespace {

Error compileDeferred(StringRef Bitcode, StringRef RoleName, StringRef Arch, bool Emulated,
                      ferry_deferred_sink Sink, void *Context) {
  // The program's runtime compiles here, in a process that uses no LLVM of
  // its own: LLVM's failures come back with their message, unprinted.
  installFatalErrorHandler();
  Expected<std::unique_ptr<DeviceTarget>> Target = DeviceTarget::create(Arch);
  if (!Target)
    return Target.takeError();
  CompileCache Cache;
  std::vector<DeviceImage> Images;
  std::vector<std::string> Warnings; // (no cubins here: none to warn of)
  if (Error E = compileDeviceIR(Bitcode, RoleName, **Target, Emulated, Cache, {}, "", Images,
                                Warnings))
    return E;
  for (const DeviceImage &I : Images)
    Sink(Context, runtimeKindName(I.Kind), I.Triple.c_str(), I.Arch.c_str(), I.Bytes.data(),
         I.Bytes.size());
  return Error::success();
}

} // namespace
} // namespace ferry

extern "C" int ferry_compile_deferred(const void *Bitcode, size_t Size, const char *Role,
                                      const char *Arch, int Emulated, ferry_deferred_sink Sink,
                                      void *Context, char *Message, size_t MessageSize) {
  if (MessageSize)
    Message[0] = '\0';
  Error E = Bitcode && Role && Arch && Sink
                ? ferry::compileDeferred(StringRef(static_cast<const char *>(Bitcode), Size),
                                         Role, Arch, Emulated != 0, Sink, Context)
                : createStringError(inconvertibleErrorCode(),
                                    "ferry_compile_deferred: a null argument");
  if (!E)
    return 0;
  const std::string Text = toString(std::move(E));
  if (MessageSize) {
    const size_t N = std::min(Text.size(), MessageSize - 1);
    std::memcpy(Message, Text.data(), N);
    Message[N] = '\0';
  }
  return 1;
}

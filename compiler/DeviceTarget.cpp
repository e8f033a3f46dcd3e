//===- DeviceTarget.cpp - The AMD and NVIDIA device targets ---------------===//
///
/// \file
/// The two implementations of ferry::DeviceTarget: AMD processors (translate
/// to AMDGPU, lower to a code object or object through lld) and NVIDIA
/// architectures (PTX from the NVVM module as it is).
///
//===----------------------------------------------------------------------===//
#include "ferry/DeviceTarget.h"

#include "LoopRerolling.h"

#include "Lower.h"
#include "TranslateTarget.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace ferry {
namespace {

cl::opt<unsigned> *domConditionsMaxUses() {
  return static_cast<cl::opt<unsigned> *>(
      cl::getRegisteredOptions().lookup("dom-conditions-max-uses"));
}

/// The process-wide LLVM options that differ from LLVM's defaults and that
/// useCompileOnlyProcessDefaults sets, for the cache keys: "" or
/// ";dom-conditions-max-uses=N".
std::string processOptions() {
  cl::opt<unsigned> *Uses = domConditionsMaxUses();
  if (!Uses || (Uses->getDefault().hasValue() && Uses->getValue() == Uses->getDefault().getValue()))
    return "";
  return ";dom-conditions-max-uses=" + std::to_string(Uses->getValue());
}

Error unsupportedKind(const DeviceTarget &T, ImageKind K) {
  return createStringError(inconvertibleErrorCode(),
                           "%s cannot produce a '%s' image (%s targets produce %s)",
                           T.arch().c_str(), imageKindName(K).str().c_str(),
                           T.vendor() == Vendor::AMD ? "AMD" : "NVIDIA",
                           T.vendor() == Vendor::AMD ? "hsaco, object and amdgpu-bc"
                                                     : "ptx");
}

class AMDTarget final : public DeviceTarget {
public:
  AMDTarget(std::string Arch, DeviceOptions Opts, TranslateTarget Resolved)
      : DeviceTarget(Vendor::AMD, std::move(Arch), std::move(Opts)),
        Resolved(std::move(Resolved)) {}

  Expected<std::string> compile(const Module &NVVM, ImageKind Kind) const override {
    switch (Kind) {
    case ImageKind::CodeObject:
      return compileToCodeObject(NVVM, lowering());
    case ImageKind::Object:
      return compileToObject(NVVM, lowering());
    case ImageKind::TranslatedIR: {
      std::unique_ptr<Module> M = CloneModule(NVVM);
      if (Error E = translateToAMDGPU(*M, lowering().Target))
        return std::move(E);
      // What the code object's lowering does to the IR before optimizing
      // it, so that the emulator runs the rolled loops too.
      if (options().InputOptimized && options().OptLevel)
        rerollRuntimeUnrolledLoops(*M);
      std::string Bitcode;
      raw_string_ostream OS(Bitcode);
      WriteBitcodeToFile(*M, OS);
      return std::move(OS.str());
    }
    case ImageKind::PTX:
    case ImageKind::Cubin:
    case ImageKind::DeviceIR:
      break;
    }
    return unsupportedKind(*this, Kind);
  }

  Identity identity(const CacheOptions &DigestMemo) const override {
    return {Resolved.TargetID,
            (Twine("wave=") + (Resolved.isWave64() ? "emu32" : "32") +
             ";cov=" + Twine(Resolved.CodeObjectVersion) + ";O=" + Twine(options().OptLevel) +
             (options().InputOptimized ? ";input=optimized" : "") + processOptions())
                .str(),
            deviceLibraryDigest(resolveDeviceLibDir(options().DeviceLibDir), DigestMemo)};
  }

private:
  AMDGPUOptions lowering() const {
    AMDGPUOptions O;
    O.Target.Arch = arch();
    O.Target.Wave = options().Wave;
    O.Target.CodeObjectVersion = options().CodeObjectVersion;
    O.DeviceLibDir = options().DeviceLibDir;
    O.OptLevel = options().OptLevel;
    O.InputOptimized = options().InputOptimized;
    O.DumpDir = options().DumpDir;
    return O;
  }

  TranslateTarget Resolved;
};

class NVIDIATarget final : public DeviceTarget {
public:
  NVIDIATarget(std::string Arch, DeviceOptions Opts)
      : DeviceTarget(Vendor::NVIDIA, std::move(Arch), std::move(Opts)) {}

  Expected<std::string> compile(const Module &NVVM, ImageKind Kind) const override {
    if (Kind != ImageKind::PTX)
      return unsupportedKind(*this, Kind);
    PTXOptions O;
    O.SM = arch();
    O.LibdevicePath = options().LibdevicePath;
    O.OptLevel = options().OptLevel;
    O.DumpDir = options().DumpDir;
    return compileToPTX(NVVM, O);
  }

  Identity identity(const CacheOptions &DigestMemo) const override {
    std::string Libdevice = options().LibdevicePath;
    if (Libdevice.empty())
      Libdevice = findLibdevice("");
    return {arch(), ("O=" + Twine(options().OptLevel) + processOptions()).str(),
            digestFiles({Libdevice}, DigestMemo)};
  }
};

bool isNVIDIAName(StringRef Arch) { return Arch.starts_with("sm_"); }

} // namespace

void useCompileOnlyProcessDefaults() {
  if (cl::opt<unsigned> *Uses = domConditionsMaxUses())
    Uses->setValue(0);
}

StringRef imageKindName(ImageKind K) {
  switch (K) {
  case ImageKind::CodeObject:
    return "hsaco";
  case ImageKind::Object:
    return "object";
  case ImageKind::TranslatedIR:
    return "amdgpu-bc";
  case ImageKind::PTX:
    return "ptx";
  case ImageKind::Cubin:
    return "cubin";
  case ImageKind::DeviceIR:
    return "nvvm-bc";
  }
  return "unknown";
}

std::string findPtxas() {
  if (std::optional<std::string> Explicit = sys::Process::GetEnv("FERRY_PTXAS"))
    return sys::fs::can_execute(*Explicit) ? *Explicit : "";
  const std::string Cuda = sys::Process::GetEnv("CUDA_PATH").value_or("/usr/local/cuda");
  if (std::string Path = Cuda + "/bin/ptxas"; sys::fs::can_execute(Path))
    return Path;
  ErrorOr<std::string> OnPath = sys::findProgramByName("ptxas");
  return OnPath ? *OnPath : "";
}

Expected<std::string> assemblePTX(StringRef PTX, StringRef Arch, StringRef Ptxas) {
  auto Fail = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "ptxas (" + Ptxas + ") for " + Arch + ": " + Why);
  };
  SmallString<128> In, Out, Log;
  if (std::error_code EC = sys::fs::createTemporaryFile("ferry", "ptx", In))
    return Fail("cannot create a temporary file: " + EC.message());
  FileRemover RemoveIn(In);
  if (std::error_code EC = sys::fs::createTemporaryFile("ferry", "cubin", Out))
    return Fail("cannot create a temporary file: " + EC.message());
  FileRemover RemoveOut(Out);
  if (std::error_code EC = sys::fs::createTemporaryFile("ferry", "log", Log))
    return Fail("cannot create a temporary file: " + EC.message());
  FileRemover RemoveLog(Log);
  {
    std::error_code EC;
    raw_fd_ostream OS(In, EC);
    if (EC)
      return Fail("cannot write " + In + ": " + EC.message());
    OS << PTX;
  }
  const std::string ArchOption = ("-arch=" + Arch).str();
  const StringRef Args[] = {Ptxas, ArchOption, "-o", Out, In};
  const std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log), StringRef(Log)};
  std::string ExecError;
  const int RC = sys::ExecuteAndWait(Ptxas, Args, std::nullopt, Redirects, /*Seconds=*/300,
                                     /*Memory=*/0, &ExecError);
  if (RC != 0) {
    std::string Message = ExecError;
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Log))
      Message += StringRef((*Text)->getBuffer()).trim().str();
    return Fail(Message.empty() ? "exit status " + Twine(RC) : Twine(Message));
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> Cubin = MemoryBuffer::getFile(Out);
  if (!Cubin)
    return Fail("no output: " + Cubin.getError().message());
  return (*Cubin)->getBuffer().str();
}

DeviceTarget::~DeviceTarget() = default;

bool DeviceTarget::isProcessorName(StringRef Arch) {
  unsigned Number;
  return (Arch.starts_with("gfx") && Arch.size() > 4) ||
         (isNVIDIAName(Arch) && !Arch.drop_front(3).rtrim("a").getAsInteger(10, Number));
}

StringRef DeviceTarget::triple() const {
  return TheVendor == Vendor::AMD ? "amdgcn-amd-amdhsa" : "nvptx64-nvidia-cuda";
}

bool DeviceTarget::produces(ImageKind K) const {
  return TheVendor == Vendor::AMD ? K == ImageKind::CodeObject || K == ImageKind::Object ||
                                        K == ImageKind::TranslatedIR
                                  : K == ImageKind::PTX;
}

Expected<std::unique_ptr<DeviceTarget>> DeviceTarget::create(StringRef Arch,
                                                             DeviceOptions Opts) {
  if (isNVIDIAName(Arch)) {
    if (Error E = checkNVIDIAArch(Arch.str()))
      return std::move(E);
    return std::make_unique<NVIDIATarget>(Arch.str(), std::move(Opts));
  }
  if (!Arch.starts_with("gfx"))
    return createStringError(inconvertibleErrorCode(),
                             "'%s' is not a processor: name AMD processors gfxNNN (with "
                             ":xnack+/- or :sramecc+/- if needed) and NVIDIA ones sm_NN",
                             Arch.str().c_str());
  TargetOptions T;
  T.Arch = Arch.str();
  T.Wave = Opts.Wave;
  T.CodeObjectVersion = Opts.CodeObjectVersion;
  Expected<TranslateTarget> Resolved = TranslateTarget::resolve(T);
  if (!Resolved)
    return Resolved.takeError();
  return std::make_unique<AMDTarget>(Arch.str(), std::move(Opts), std::move(*Resolved));
}

} // namespace ferry

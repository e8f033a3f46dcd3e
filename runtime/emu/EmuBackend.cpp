//===- EmuBackend.cpp - An emulated AMD GPU --------------------------------===//
///
/// \file
/// `ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a` (or gfx1100, ...): the AMD
/// device is the SIMT emulator; `FERRY_EMULATE=gfx90a,gfx1100` gives one
/// emulated device per processor named, numbered in that order. libferry-
/// emu.so is opened with dlopen (the runtime stays LLVM-free); a module is
/// the translated bitcode that the plugin embeds next to each code object
/// (`-fplugin-arg-ferry-embed-ir`), with that code object's metadata for the
/// kernarg layout. Device memory is host memory of its own, per device (so
/// the present tables' copies are real copies, and a range is checked
/// against the blocks of the device it is used on); launches run to
/// completion, so queues are always idle.
///
//===----------------------------------------------------------------------===//
#include "core/Backend.h"
#include "core/Debug.h"
#include "core/DynamicLibrary.h"
#include "core/Env.h"
#include "core/ImageRegistry.h"
#include "core/SymbolIndex.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unistd.h>
#include <vector>

namespace ferry {
namespace {

using LoadFn = int (*)(const void *const *, const size_t *, size_t, const char *, const void *,
                       size_t, void **, char *, size_t);
using UnloadFn = void (*)(void *);
using HasKernelFn = int (*)(void *, const char *);
using LaunchFn = int (*)(void *, const char *, const uint32_t *, const uint32_t *, uint32_t,
                         void *const *, const uint64_t *, size_t, char *, size_t);
using SymbolFn = int (*)(void *, const char *, uint64_t *, uint64_t *);

class EmuBackend;

/// A kernel of an emulated module, run by the backend.
class EmuKernel final : public DeviceKernel {
public:
  EmuKernel(EmuBackend &Emu, void *Program, std::string Name, int Device);
  Error launch(const uint32_t Grid[3], const uint32_t Block[3], uint32_t SharedBytes,
               void **Args, int Queue) override;

  void *Program;
  int Device;

private:
  EmuBackend &Emu;
};

/// A program of the emulator, which owns the kernels looked up in it.
struct EmuModule final : public DeviceModule {
  EmuModule(EmuBackend &Emu, void *Program, int Device);

  void *Program;
  int Device;
  std::vector<std::unique_ptr<EmuKernel>> Kernels;
};

class EmuBackend final : public Backend {
public:
  explicit EmuBackend(std::vector<std::string> Archs) : Archs(std::move(Archs)) {}
  const char *name() const override { return "emu"; }
  bool deviceMemoryIsHostMemory() const override { return true; }
  bool emulated() const override { return true; }
  DeviceKind kind() const override { return DeviceKind::Radeon; }

  Error allocate(int Device, size_t Bytes, void **Out) override {
    // Whole 256-byte blocks and one more; a size that would wrap is refused.
    constexpr size_t Block = 256;
    *Out = Bytes <= SIZE_MAX - 2 * Block
               ? std::aligned_alloc(Block, (Bytes + Block - 1) / Block * Block + Block)
               : nullptr;
    if (!*Out)
      return makeError(FERRY_ERROR_BACKEND, "%s: cannot allocate %zu bytes of device memory",
                       where(Device).c_str(), Bytes);
    countAllocation(Device, *Out, Bytes);
    return Error::success();
  }
  Error release(int Device, void *Ptr) override {
    countRelease(Device, Ptr);
    std::free(Ptr);
    return Error::success();
  }
  /// Between two emulated devices too: both memories are the host's.
  Error copyDeviceToDevice(int DstDevice, void *Dst, int SrcDevice, const void *Src, size_t Bytes,
                           int) override {
    if (Error E = deviceRange(DstDevice, "copy", Dst, Bytes))
      return E;
    if (Error E = deviceRange(SrcDevice, "copy", Src, Bytes))
      return E;
    std::memmove(Dst, Src, Bytes);
    return Error::success();
  }
  Error copyToDevice(int Device, void *Dst, const void *Src, size_t Bytes, int) override {
    if (Error E = deviceRange(Device, "copy to the device", Dst, Bytes))
      return E;
    std::memcpy(Dst, Src, Bytes);
    return Error::success();
  }
  Error copyFromDevice(int Device, void *Dst, const void *Src, size_t Bytes, int) override {
    if (Error E = deviceRange(Device, "copy from the device", Src, Bytes))
      return E;
    std::memcpy(Dst, Src, Bytes);
    return Error::success();
  }
  Error fill(int Device, void *Dst, unsigned char Value, size_t Bytes, int) override {
    if (Error E = deviceRange(Device, "fill", Dst, Bytes))
      return E;
    std::memset(Dst, Value, Bytes);
    return Error::success();
  }
  /// Device memory is host memory here: a range that runs into or out of a
  /// block of device \p Device would corrupt the host's heap (a GPU would
  /// fault). A failure naming it.
  Error deviceRange(int Device, const char *What, const void *P, size_t Bytes) {
    const std::string Why = straddledBlock(Device, P, Bytes);
    if (Why.empty())
      return Error::success();
    return makeError(FERRY_ERROR_INVALID,
                     "%s: %s of %zu bytes at device address %p: the range %s; nothing done",
                     where(Device).c_str(), What, Bytes, P, Why.c_str());
  }
  /// The emulated device's memory is the host's: managed memory is device
  /// memory.
  Error allocateManaged(int Device, size_t Bytes, void **Out) override {
    return allocate(Device, Bytes, Out);
  }
  Error releaseManaged(int Device, void *Ptr) override { return release(Device, Ptr); }
  bool hasManagedMemory() const override { return true; }
  /// Pinned host memory is the host's, which kernels may use at its
  /// addresses (cudaHostGetDevicePointer): recorded for checking mode.
  Error allocateHost(int Device, size_t Bytes, void **Out) override {
    if (Error E = Backend::allocateHost(Device, Bytes, Out))
      return E;
    hostMapped(*Out, Bytes, true);
    return Error::success();
  }
  Error releaseHost(int Device, void *Ptr) override {
    hostMapped(Ptr, 0, false);
    return Backend::releaseHost(Device, Ptr);
  }
  void hostMapped(const void *P, size_t Bytes, bool Mapped) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Mapped)
      HostBlocks[P] = Bytes;
    else
      HostBlocks.erase(P);
  }
  Error wait(int, int, bool) override { return Error::success(); }
  bool idle(int, int, bool) override { return true; }
  Error waitAsync(int, int, int) override { return Error::success(); }
  std::string isa(int Device) override { return "amdgcn-amd-amdhsa--" + arch(Device); }
  /// As ROCR on a processor with XNACK (gfx90a, gfx94x) where HSA_XNACK=1:
  /// the emulated device reaches the host's memory (it is the host's
  /// memory; without XNACK a GPU would fault, so the runtime stops first).
  bool reachesHostMemory(int Device) override {
    const std::string &A = arch(Device);
    return envString("HSA_XNACK") == std::optional<std::string>("1") &&
           (A.rfind("gfx90", 0) == 0 || A.rfind("gfx94", 0) == 0);
  }

  Error properties(int Device, Properties &Out) override {
    const std::string &Arch = arch(Device);
    // The emulated device's memory is the host's: its size, less what
    // Ferry allocated on the device.
    const size_t Page = size_t(sysconf(_SC_PAGESIZE));
    Out.TotalMemory = size_t(sysconf(_SC_PHYS_PAGES)) * Page;
    Out.FreeMemory = Out.TotalMemory - std::min(Out.TotalMemory, allocatedBytes(Device));
    Out.Name = "emulated " + Arch + " (ferry-emu)";
    Out.Vendor = "Ferry";
    Out.Driver = "libferry-emu.so";
    // The rest after a representative product of the architecture
    // (docs/cuda.md lists them): what programs size their grids by.
    struct Model {
      const char *Arch;
      int ComputeUnits, ClockMHz, MemoryClockMHz, BusWidth, L2MiB, WaveSize;
    };
    static const Model Models[] = {
        {"gfx90a", 104, 1700, 1600, 4096, 8, 64}, // Instinct MI210
        {"gfx942", 304, 2100, 2600, 8192, 4, 64}, // Instinct MI300X
        {"gfx1030", 80, 2250, 2000, 256, 4, 32},  // Radeon RX 6900 XT
        {"gfx1100", 96, 2500, 2500, 384, 6, 32},  // Radeon RX 7900 XTX
    };
    const Model *M = &Models[0];
    for (const Model &Candidate : Models)
      if (Arch.compare(0, std::strlen(Candidate.Arch), Candidate.Arch) == 0)
        M = &Candidate;
    Out.ComputeUnits = M->ComputeUnits;
    Out.ClockKHz = M->ClockMHz * 1000;
    Out.MemoryClockKHz = M->MemoryClockMHz * 1000;
    Out.MemoryBusWidth = M->BusWidth;
    Out.L2Bytes = M->L2MiB << 20;
    Out.GroupMemoryBytes = 65536;
    Out.MaxWorkGroupSize = 1024;
    Out.WaveSize = Arch.compare(0, 4, "gfx9") == 0 ? 64 : 32;
    Out.MaxWavesPerCU = 32;
    return Error::success();
  }

  /// Code objects for the emulated processor (an unreadable one too: loading
  /// it says what is wrong) and translated IR.
  bool takesImage(int Device, const Image &I) const override {
    if (I.Kind == "bitcode")
      return true;
    if (I.Kind != "object" || !isAMDGPUElf(I.Data, I.Size))
      return false;
    const std::string Target = amdgpuObjectTarget(I.Data, I.Size);
    return Target.empty() || targetProcessor(Target) == targetProcessor(arch(Device));
  }

  /// \p Images holds code objects (the kernel image, then the libraries
  /// linked with it), each followed by its translated IR: a "bitcode" image
  /// right after it in \p Images (ferry_module_load's callers, the JIT),
  /// else the bitcode of the same package and target after it in the
  /// registry (what the plugin embeds).
  Error loadModule(int Device, const std::vector<Image> &Images,
                   std::unique_ptr<DeviceModule> &Module) override {
    const std::string &Arch = arch(Device);
    if (Images.empty())
      return makeError(FERRY_ERROR_INVALID, "%s: no image to load", where(Device).c_str());
    std::vector<const void *> Bitcodes;
    std::vector<size_t> Sizes;
    const ImageRegistry &R = ImageRegistry::get();
    for (size_t N = 0; N < Images.size(); ++N) {
      const Image &Img = Images[N];
      if (Img.Kind != "object")
        return makeError(FERRY_ERROR_INVALID,
                         "%s: modules are code objects with their bitcode, not '%s' "
                         "images",
                         where(Device).c_str(), Img.Kind.c_str());
      if (N + 1 < Images.size() && Images[N + 1].Kind == "bitcode") {
        Bitcodes.push_back(Images[N + 1].Data);
        Sizes.push_back(Images[N + 1].Size);
        ++N;
        continue;
      }
      size_t Object = SIZE_MAX;
      for (size_t I = 0; I < R.size(); ++I)
        if (R.image(I)->Data == Img.Data)
          Object = I;
      const DeviceImageRef *Bitcode = Object == SIZE_MAX ? nullptr : R.translatedIR(Object, Arch);
      if (!Bitcode)
        return makeError(FERRY_ERROR_NO_IMAGE,
                         "%s: the program has no translated IR for %s next to its code "
                         "object; compile it with -fplugin-arg-ferry-embed-ir",
                         where(Device).c_str(), Arch.c_str());
      Bitcodes.push_back(Bitcode->Data);
      Sizes.push_back(Bitcode->Size);
    }
    ImageIndex Index;
    std::string Unusable = indexImage(Images[0].Data, Images[0].Size, Index);
    if (Unusable.empty())
      Unusable = checkRunnable(Index);
    if (!Unusable.empty())
      return makeError(FERRY_ERROR_INVALID, "%s: %s", where(Device).c_str(), Unusable.c_str());
    char Message[2048] = "";
    void *Program = nullptr;
    if (Load(Bitcodes.data(), Sizes.data(), Bitcodes.size(), Arch.c_str(), Images[0].Data,
             Images[0].Size, &Program, Message, sizeof Message))
      return makeError(FERRY_ERROR_BACKEND, "%s: %s", where(Device).c_str(), Message);
    Module = std::make_unique<EmuModule>(*this, Program, Device);
    return Error::success();
  }
  Error unloadModule(std::unique_ptr<DeviceModule> Module) override {
    Unload(own<EmuModule>(*this, *Module).Program);
    return Error::success();
  }
  Error getKernel(DeviceModule &Module, const char *Name, DeviceKernel *&Kernel) override {
    EmuModule &M = own<EmuModule>(*this, Module);
    if (!HasKernel(M.Program, Name))
      return makeError(FERRY_ERROR_INVALID, "%s: no kernel '%s' in the module",
                       where(M.Device).c_str(), Name);
    std::lock_guard<std::mutex> Lock(Mutex);
    M.Kernels.push_back(std::make_unique<EmuKernel>(*this, M.Program, Name, M.Device));
    Kernel = M.Kernels.back().get();
    return Error::success();
  }
  Error symbolAddress(DeviceModule &Module, const char *Name, uint64_t &Address,
                      uint64_t &Size) override {
    EmuModule &M = own<EmuModule>(*this, Module);
    if (Symbol(M.Program, Name, &Address, &Size))
      return makeError(FERRY_ERROR_INVALID, "%s: no symbol '%s' in the module",
                       where(M.Device).c_str(), Name);
    return Error::success();
  }
  Error launch(const EmuKernel &K, const uint32_t Grid[3], const uint32_t Block[3],
               uint32_t SharedBytes, void **Args) {
    notifyf(NotifyLaunch, "launch %s on %s: grid %ux%ux%u block %ux%ux%u", K.name().c_str(),
            where(K.Device).c_str(), Grid[0], Grid[1], Grid[2], Block[0], Block[1], Block[2]);
    char Message[4096] = "";
    std::vector<uint64_t> Reachable;
    const bool Checked = reachableMemory(K.Device, Reachable);
    if (Launch(K.Program, K.name().c_str(), Grid, Block, SharedBytes, Args,
               Checked ? Reachable.data() : nullptr, Reachable.size() / 2, Message,
               sizeof Message))
      return makeError(FERRY_ERROR_BACKEND, "%s: %s", where(K.Device).c_str(), Message);
    return Error::success();
  }

protected:
  void discover() override {
    // (`FERRY_EMULATE=1`, `=on`: not a processor; no device then, and a
    // region on one says why.)
    for (const std::string &A : Archs)
      if (A.size() < 5 || A.compare(0, 3, "gfx") != 0 ||
          !std::all_of(A.begin() + 3, A.end(), [](char C) { return std::isalnum((unsigned char)C); })) {
        Status = "FERRY_EMULATE=" + list() + ": '" + A +
                 "' is not an AMD processor name (gfx90a, gfx942, gfx1030, gfx1100, ...)";
        return;
      }
    if (!Lib.open({runtimeLibraryDirectory() + "/libferry-emu.so", "libferry-emu.so"}) ||
        !Lib.load("ferry_emu_load_linked", Load) || !Lib.load("ferry_emu_unload", Unload) ||
        !Lib.load("ferry_emu_has_kernel", HasKernel) || !Lib.load("ferry_emu_launch", Launch) ||
        !Lib.load("ferry_emu_symbol", Symbol)) {
      Status = "FERRY_EMULATE=" + list() + " but the emulator is not available: " + Lib.error();
      return;
    }
    NumDevices = int(Archs.size());
    Status = "ok (emulated " + list() + ")";
  }

private:
  /// Checking mode (FERRY_EMU_CHECK): the memory a kernel on \p Device
  /// reaches besides its module's, as (start, bytes) pairs: the device's
  /// blocks and the host memory mapped for kernels. An access elsewhere
  /// would corrupt the host process here where a GPU faults; the emulator
  /// fails the launch naming it. False (nothing checked) without checking
  /// mode, or where the device reaches all the host's memory (HSA_XNACK=1).
  bool reachableMemory(int Device, std::vector<uint64_t> &Pairs) {
    // (The emulator's own reading of FERRY_EMU_CHECK, by which it
    // instruments at load: set, not empty, not "0"; emu/Program.cpp.)
    const std::optional<std::string> Check = envString("FERRY_EMU_CHECK");
    if (!Check || Check->empty() || *Check == "0" || reachesHostMemory(Device))
      return false;
    appendBlocks(Device, Pairs);
    std::lock_guard<std::mutex> Lock(Mutex);
    for (const auto &[P, Bytes] : HostBlocks) {
      Pairs.push_back(reinterpret_cast<uintptr_t>(P));
      Pairs.push_back(Bytes);
    }
    return true;
  }
  /// The processor of device \p Device (the first for a number out of
  /// range: the runtime checks numbers before they reach a backend).
  const std::string &arch(int Device) const {
    return Archs[Device >= 0 && size_t(Device) < Archs.size() ? size_t(Device) : 0];
  }
  /// "emulated gfx90a", with the device's number when there are several.
  std::string where(int Device) const {
    std::string W = "emulated " + arch(Device);
    if (Archs.size() > 1)
      W += " (device " + std::to_string(Device) + ")";
    return W;
  }
  std::string list() const {
    std::string L;
    for (const std::string &A : Archs)
      L += (L.empty() ? "" : ",") + A;
    return L;
  }
  std::vector<std::string> Archs;
  DynamicLibrary Lib;
  LoadFn Load = nullptr;
  UnloadFn Unload = nullptr;
  HasKernelFn HasKernel = nullptr;
  LaunchFn Launch = nullptr;
  SymbolFn Symbol = nullptr;
  std::mutex Mutex; ///< guards the modules' kernel lists and HostBlocks
  std::map<const void *, size_t> HostBlocks; ///< pinned or registered host memory
};

EmuModule::EmuModule(EmuBackend &Emu, void *Program, int Device)
    : DeviceModule(Emu), Program(Program), Device(Device) {}

EmuKernel::EmuKernel(EmuBackend &Emu, void *Program, std::string Name, int Device)
    : DeviceKernel(Emu, std::move(Name)), Program(Program), Device(Device), Emu(Emu) {}
/// Launches run to completion: every queue is synchronous.
Error EmuKernel::launch(const uint32_t Grid[3], const uint32_t Block[3], uint32_t SharedBytes,
                        void **Args, int) {
  return Emu.launch(*this, Grid, Block, SharedBytes, Args);
}

} // namespace

std::vector<std::string> emulatedProcessors(const std::string &List) {
  std::vector<std::string> Archs;
  size_t Start = 0;
  while (Start <= List.size()) {
    size_t Comma = List.find(',', Start);
    if (Comma == std::string::npos)
      Comma = List.size();
    std::string Arch = List.substr(Start, Comma - Start);
    Arch.erase(0, Arch.find_first_not_of(" \t"));
    Arch.erase(Arch.find_last_not_of(" \t") + 1);
    if (!Arch.empty())
      Archs.push_back(Arch);
    Start = Comma + 1;
  }
  return Archs;
}

std::unique_ptr<Backend> createEmuBackend(std::vector<std::string> Archs) {
  return std::make_unique<EmuBackend>(std::move(Archs));
}

} // namespace ferry

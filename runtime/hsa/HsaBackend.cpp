//===- HsaBackend.cpp - AMD GPUs through ROCR (HSA) -----------------------===//
///
/// \file
/// AMD GPUs through ROCR, opened with dlopen. Without /dev/kfd, hsa_init
/// returns HSA_STATUS_ERROR_OUT_OF_RESOURCES (0x1008): that means "no AMD
/// device" and is reported only through status(), never printed.
///
/// Per device: the coarse-grained device pool for data, the host's kernarg
/// pool for kernel arguments, a fine-grained host pool for staging copies of
/// pageable memory, one HSA queue per OpenACC queue (packets carry the
/// barrier bit, so a queue runs in order), and pools of completion signals
/// and kernarg slots filled when the first module loads (with the default
/// queue; other queues are created at their first use), so a dispatch
/// creates nothing.
/// Code objects are checked against the agent's ISA, linked with their
/// device-function libraries by comgr when needed, and loaded with a code
/// object reader into a frozen executable. Kernarg segments, hidden
/// arguments included, come from the code object's metadata (KernelArgs.h).
///
/// Without an AMD GPU on the machines Ferry is developed on, everything past
/// discovery is verified by the unit tests of its parts (kernargs, ISA
/// check, linking, symbol index), not by dispatches; see docs/runtime.md.
///
//===----------------------------------------------------------------------===//
#include "hsa/HsaBackend.h"

#include "core/Debug.h"
#include "core/DynamicLibrary.h"
#include "core/Error.h"
#include "core/HostFaults.h"
#include "core/DevicePrintf.h"
#include "core/SymbolIndex.h"
#include "hsa/ComgrLink.h"
#include "hsa/KernelArgs.h"
#include "openacc.h"

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ferry {
namespace {

/// The ROCR entry points Ferry uses, resolved by name from the library.
#define FERRY_HSA_SYMBOLS(X)                                                   \
  X(hsa_init)                                                                  \
  X(hsa_shut_down)                                                             \
  X(hsa_status_string)                                                         \
  X(hsa_system_get_info)                                                       \
  X(hsa_iterate_agents)                                                        \
  X(hsa_agent_get_info)                                                        \
  X(hsa_agent_iterate_isas)                                                    \
  X(hsa_isa_get_info_alt)                                                      \
  X(hsa_amd_agent_iterate_memory_pools)                                        \
  X(hsa_amd_memory_pool_get_info)                                              \
  X(hsa_amd_memory_pool_allocate)                                              \
  X(hsa_amd_memory_pool_free)                                                  \
  X(hsa_amd_agents_allow_access)                                               \
  X(hsa_amd_memory_async_copy)                                                 \
  X(hsa_queue_create)                                                          \
  X(hsa_queue_destroy)                                                         \
  X(hsa_queue_add_write_index_scacq_screl)                                     \
  X(hsa_queue_load_read_index_scacquire)                                       \
  X(hsa_signal_create)                                                         \
  X(hsa_signal_destroy)                                                        \
  X(hsa_signal_store_relaxed)                                                  \
  X(hsa_signal_store_screlease)                                                \
  X(hsa_signal_load_scacquire)                                                 \
  X(hsa_signal_wait_scacquire)                                                 \
  X(hsa_code_object_reader_create_from_memory)                                 \
  X(hsa_code_object_reader_destroy)                                            \
  X(hsa_executable_create_alt)                                                 \
  X(hsa_executable_load_agent_code_object)                                     \
  X(hsa_executable_freeze)                                                     \
  X(hsa_executable_destroy)                                                    \
  X(hsa_executable_get_symbol_by_name)                                         \
  X(hsa_executable_symbol_get_info)

struct HsaApi {
#define FERRY_DECLARE(Name) decltype(&::Name) Name = nullptr;
  FERRY_HSA_SYMBOLS(FERRY_DECLARE)
#undef FERRY_DECLARE

  bool load(DynamicLibrary &Lib) {
    bool Ok = true;
#define FERRY_LOAD(Name) Ok &= Lib.load(#Name, Name);
    FERRY_HSA_SYMBOLS(FERRY_LOAD)
#undef FERRY_LOAD
    return Ok;
  }
};

std::string hexStatus(hsa_status_t S) {
  char Buf[16];
  std::snprintf(Buf, sizeof Buf, "0x%x", unsigned(S));
  return Buf;
}

constexpr size_t KernargSlotSize = 4096; ///< CUDA's limit on kernel parameters
/// A queue's device printf buffer (CUDA's default printf FIFO size).
constexpr uint32_t PrintfBufferBytes = 1u << 20;
constexpr uint32_t DynamicStackBytes = 1024; ///< per work-item, as CUDA and HIP default to
constexpr size_t KernargSlots = 256;
constexpr size_t SignalBatch = 64;
constexpr size_t StagingBytes = 4 << 20;
constexpr uint32_t QueueSize = 4096;

struct HsaDevice;

/// One kernel dispatched and not yet known complete.
struct InFlight {
  hsa_signal_t Signal;
  void *Kernarg;
  std::string Kernel;
};

/// An HSA queue serving one OpenACC queue of one device.
struct HsaQueue {
  hsa_queue_t *Queue = nullptr;
  std::deque<InFlight> Pending;
  /// Set by ROCR's error callback when the device faults.
  std::atomic<hsa_status_t> Fault{HSA_STATUS_SUCCESS};
  /// Device printf: the buffer of the queue's kernels that print (host
  /// memory the device writes), printed when the queue drains.
  void *Printf = nullptr;
};

struct HsaDevice {
  hsa_agent_t Agent{};
  std::string Name, Isa;
  hsa_amd_memory_pool_t DevicePool{}, KernargPool{}, StagingPool{};
  bool HaveDevicePool = false, HaveKernargPool = false, HaveStagingPool = false;
  size_t DeviceMemory = 0;
  // Pools, filled on first use, under the backend's mutex.
  std::vector<hsa_signal_t> FreeSignals;
  std::vector<void *> FreeKernargs;
  void *Staging = nullptr;
  std::map<int, std::unique_ptr<HsaQueue>> Queues;
};

class HsaBackend;
class HsaKernel;

/// A frozen executable of one code object, which owns the kernels looked up
/// in it.
struct HsaModule final : public DeviceModule {
  HsaModule(HsaBackend &Hsa, int Device);

  int Device;
  hsa_executable_t Executable{};
  hsa_code_object_reader_t Reader{};
  std::shared_ptr<const std::vector<char>> Code;
  ImageIndex Index;
  std::vector<std::unique_ptr<HsaKernel>> Kernels;
};

/// A kernel's descriptor and what its dispatches need.
class HsaKernel final : public DeviceKernel {
public:
  HsaKernel(HsaBackend &Hsa, std::string Name);
  Error launch(const uint32_t Grid[3], const uint32_t Block[3], uint32_t SharedBytes,
               void **Args, int Queue) override;
  /// CUDA's function attributes in AMD terms: VGPRs (with AGPRs), the
  /// dispatch's private segment (linked libraries included), static LDS, the
  /// largest work-group.
  bool attribute(int Attr, int &Out) override;

  HsaModule *Owner = nullptr;
  uint64_t Object = 0;
  uint32_t GroupSize = 0, PrivateSize = 0;
  SymbolInfo Info;
  bool Prints = false; ///< has a hidden_printf_buffer argument

private:
  HsaBackend &Hsa;
};

class HsaBackend final : public Backend {
public:
  ~HsaBackend() override {
    if (!Initialized)
      return;
    for (HsaDevice &D : Devices)
      for (auto &[N, Q] : D.Queues)
        if (Q->Queue)
          Api.hsa_queue_destroy(Q->Queue);
    Api.hsa_shut_down();
  }
  const char *name() const override { return "hsa"; }
  DeviceKind kind() const override { return DeviceKind::Radeon; }

  Error allocate(int Device, size_t Bytes, void **Out) override {
    HsaDevice *D;
    if (Error E = device(Device, D))
      return E;
    if (!D->HaveDevicePool)
      return makeError(FERRY_ERROR_BACKEND, "radeon device %d (%s) has no device memory pool",
                       Device, D->Name.c_str());
    if (Error E = check(Api.hsa_amd_memory_pool_allocate(D->DevicePool, Bytes ? Bytes : 1, 0, Out),
                        "hsa_amd_memory_pool_allocate"))
      return E;
    countAllocation(Device, *Out, Bytes ? Bytes : 1);
    // Device memory of a discrete GPU: a host access faults; say why.
    armHostFaultReport(*this);
    return Error::success();
  }

  Error release(int Device, void *Ptr) override {
    HsaDevice *D;
    if (Error E = device(Device, D))
      return E;
    countRelease(Device, Ptr);
    return check(Api.hsa_amd_memory_pool_free(Ptr), "hsa_amd_memory_pool_free");
  }

  /// Copies are ordered after the queue's kernels and complete before
  /// returning (OpenACC allows an async copy to finish early).
  Error copyToDevice(int Device, void *Dst, const void *Src, size_t Bytes, int Queue) override {
    return copy(Device, Dst, Src, Bytes, Queue, /*ToDevice=*/true);
  }
  Error copyFromDevice(int Device, void *Dst, const void *Src, size_t Bytes, int Queue) override {
    return copy(Device, Dst, Src, Bytes, Queue, /*ToDevice=*/false);
  }

  /// Every queue waited for is drained: the failures of all of them.
  Error wait(int Device, int Queue, bool All) override {
    HsaDevice *D;
    if (Error E = device(Device, D))
      return E;
    std::lock_guard<std::mutex> Lock(Mutex);
    Error Result;
    for (auto &[N, Q] : D->Queues)
      if (All || N == normalize(Queue))
        Result.add(drain(Device, *D, *Q));
    return Result;
  }

  bool idle(int Device, int Queue, bool All) override {
    HsaDevice *D;
    if (Error E = device(Device, D)) {
      report(E);
      return true;
    }
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto &[N, Q] : D->Queues)
      if ((All || N == normalize(Queue)) && !Q->Pending.empty() &&
          Api.hsa_signal_load_scacquire(Q->Pending.back().Signal) != 0)
        return false;
    return true;
  }

  std::string isa(int Device) override {
    return Device >= 0 && Device < numDevices() ? Devices[Device].Isa : "";
  }

  /// The device's HSA queues go; later work creates them again.
  void shutdownDevice(int Device) override {
    HsaDevice *D;
    if (Error E = device(Device, D)) {
      report(E);
      return;
    }
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto &[N, Q] : D->Queues) {
      report(drain(Device, *D, *Q));
      if (Q->Queue)
        Api.hsa_queue_destroy(Q->Queue);
    }
    D->Queues.clear();
  }

  /// ROCR's one answer for all agents: system memory (malloc, mmap) is
  /// accessible by default (HMM with XNACK on: HSA_XNACK=1 on gfx90a).
  bool reachesHostMemory(int) override {
    bool ByDefault = false;
    return Api.hsa_system_get_info(HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT, &ByDefault) ==
               HSA_STATUS_SUCCESS &&
           ByDefault;
  }

  Error properties(int Device, Properties &Out) override {
    HsaDevice *D;
    if (Error E = device(Device, D))
      return E;
    uint16_t Major = 0, Minor = 0;
    Api.hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &Major);
    Api.hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MINOR, &Minor);
    Out.Name = D->Name;
    Out.Vendor = "AMD";
    Out.Driver = "ROCR (HSA " + std::to_string(Major) + "." + std::to_string(Minor) + ")";
    Out.TotalMemory = D->DeviceMemory;
    // ROCR 5.2 has no query for free memory: the pool's size less what
    // Ferry allocated from it.
    Out.FreeMemory = D->DeviceMemory - std::min(D->DeviceMemory, allocatedBytes(Device));
    // What the CUDA runtime's device properties need; a query ROCR refuses
    // leaves the field 0 (unknown).
    auto Info = [&](int Attribute, auto &Value) {
      uint32_t V = 0;
      if (Api.hsa_agent_get_info(D->Agent, hsa_agent_info_t(Attribute), &V) == HSA_STATUS_SUCCESS)
        Value = int(V);
    };
    Info(HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, Out.ComputeUnits);
    Info(HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY, Out.ClockKHz);
    Out.ClockKHz *= 1000; // MHz
    Info(HSA_AMD_AGENT_INFO_MEMORY_WIDTH, Out.MemoryBusWidth);
    Info(HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY, Out.MemoryClockKHz);
    Out.MemoryClockKHz *= 1000;
    uint32_t Caches[4] = {0, 0, 0, 0};
    if (Api.hsa_agent_get_info(D->Agent, HSA_AGENT_INFO_CACHE_SIZE, Caches) == HSA_STATUS_SUCCESS)
      Out.L2Bytes = int(Caches[1]);
    Info(HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, Out.MaxWorkGroupSize);
    Info(HSA_AGENT_INFO_WAVEFRONT_SIZE, Out.WaveSize);
    Info(HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU, Out.MaxWavesPerCU);
    Out.GroupMemoryBytes = 65536;
    uint32_t Bdf = 0;
    if (Api.hsa_agent_get_info(D->Agent, hsa_agent_info_t(HSA_AMD_AGENT_INFO_BDFID), &Bdf) ==
        HSA_STATUS_SUCCESS) {
      Out.PciBus = int(Bdf >> 8);
      Out.PciDevice = int((Bdf >> 3) & 0x1f);
    }
    Info(HSA_AMD_AGENT_INFO_DOMAIN, Out.PciDomain);
    return Error::success();
  }

  /// HSA code objects and relocatable objects whose target the device runs
  /// (an unreadable one too: loading it says what is wrong).
  bool takesImage(int Device, const Image &I) const override {
    if (I.Kind != "object" || Device < 0 || Device >= int(Devices.size()) ||
        !isAMDGPUElf(I.Data, I.Size))
      return false;
    const std::string Target = amdgpuObjectTarget(I.Data, I.Size);
    return Target.empty() || checkIsaCompatible(Target, Devices[size_t(Device)].Isa).empty();
  }

  Error loadModule(int Device, const std::vector<Image> &Images,
                   std::unique_ptr<DeviceModule> &Out) override {
    HsaDevice *D;
    if (Error E = device(Device, D))
      return E;
    if (Images.empty())
      return makeError(FERRY_ERROR_INVALID, "no image to load on radeon device %d", Device);
    for (const Image &I : Images)
      if (I.Kind != "object")
        return makeError(FERRY_ERROR_INVALID,
                         "the hsa backend loads HSA code objects, not '%s' images",
                         I.Kind.c_str());
    auto M = std::make_unique<HsaModule>(*this, Device);
    // A kernel image with libraries, or a relocatable one, is linked first.
    bool Relocatable = Images.size() > 1 || isRelocatable(Images[0]);
    if (Relocatable) {
      std::vector<RelocatableImage> Inputs;
      for (size_t I = 0; I < Images.size(); ++I)
        Inputs.push_back({I ? "library " + std::to_string(I) : "kernel image", Images[I].Data,
                          Images[I].Size});
      if (std::string Error = ComgrLinker::get().link(Inputs, D->Isa, M->Code); !Error.empty())
        return makeError(FERRY_ERROR_INVALID, "cannot load on radeon device %d (%s): %s", Device,
                         D->Name.c_str(), Error.c_str());
    } else {
      const char *Bytes = static_cast<const char *>(Images[0].Data);
      M->Code = std::make_shared<std::vector<char>>(Bytes, Bytes + Images[0].Size);
    }
    if (std::string Error = indexImage(M->Code->data(), M->Code->size(), M->Index);
        !Error.empty())
      return makeError(FERRY_ERROR_INVALID,
                       "cannot load on radeon device %d: the code object is unusable: %s", Device,
                       Error.c_str());
    // A library function must fit the registers its caller kernels were
    // compiled for; the stack it needs is added to the kernels' scratch.
    if (Relocatable)
      if (std::string Error = resolveLinkedResources(M->Index); !Error.empty())
        return makeError(FERRY_ERROR_INVALID, "cannot load on radeon device %d (%s): %s", Device,
                         D->Name.c_str(), Error.c_str());
    if (std::string Error = checkRunnable(M->Index); !Error.empty())
      return makeError(FERRY_ERROR_INVALID, "cannot load on radeon device %d: %s", Device,
                       Error.c_str());
    if (std::string Error = checkIsaCompatible(M->Index.Target, D->Isa); !Error.empty())
      return makeError(FERRY_ERROR_INVALID, "cannot load on radeon device %d: %s", Device,
                       Error.c_str());
    if (std::string Error = PrintfFormats.add(M->Index.PrintfFormats); !Error.empty())
      return makeError(FERRY_ERROR_INVALID, "cannot load on radeon device %d: %s", Device,
                       Error.c_str());
    if (Error E = check(Api.hsa_code_object_reader_create_from_memory(
                            M->Code->data(), M->Code->size(), &M->Reader),
                        "hsa_code_object_reader_create_from_memory", FERRY_ERROR_INVALID))
      return E;
    if (Error E = check(Api.hsa_executable_create_alt(HSA_PROFILE_FULL,
                                                      HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                                      nullptr, &M->Executable),
                        "hsa_executable_create_alt")) {
      Api.hsa_code_object_reader_destroy(M->Reader);
      return E;
    }
    Error Loaded = check(Api.hsa_executable_load_agent_code_object(M->Executable, D->Agent,
                                                                   M->Reader, nullptr, nullptr),
                         "hsa_executable_load_agent_code_object", FERRY_ERROR_INVALID);
    if (!Loaded)
      Loaded = check(Api.hsa_executable_freeze(M->Executable, nullptr), "hsa_executable_freeze",
                     FERRY_ERROR_INVALID);
    if (Loaded) {
      destroy(*M);
      return Loaded;
    }
    // Everything a dispatch needs exists before the first one: the default
    // queue, the signal and kernarg pools.
    auto Prepare = [&]() -> Error {
      std::lock_guard<std::mutex> Lock(Mutex);
      HsaQueue *Q;
      void *Slot;
      hsa_signal_t Signal;
      if (Error E = queue(Device, *D, acc_async_noval, Q))
        return E;
      if (Error E = takeKernarg(Device, *D, Slot))
        return E;
      D->FreeKernargs.push_back(Slot);
      if (Error E = takeSignal(*D, Signal))
        return E;
      D->FreeSignals.push_back(Signal);
      return Error::success();
    };
    if (Error E = Prepare()) {
      destroy(*M);
      return E;
    }
    debugf("hsa: loaded a %zu-byte code object for %s on device %d", M->Code->size(),
           M->Index.Target.c_str(), Device);
    Out = std::move(M);
    return Error::success();
  }

  /// Waits for the device's queues first; a failure of their work is the
  /// unload's (the module goes anyway).
  Error unloadModule(std::unique_ptr<DeviceModule> Module) override {
    auto *M = &own<HsaModule>(*this, *Module);
    Error Result;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      HsaDevice &D = Devices[M->Device];
      for (auto &[N, Q] : D.Queues)
        if (Error E = drain(M->Device, D, *Q); E && !Result)
          Result = E;
    }
    destroy(*M);
    return Result;
  }

  Error getKernel(DeviceModule &Module, const char *Name, DeviceKernel *&Out) override {
    auto *M = &own<HsaModule>(*this, Module);
    HsaDevice &D = Devices[M->Device];
    const SymbolInfo *Info = nullptr;
    for (const SymbolInfo &S : M->Index.Symbols)
      if (S.Kind == FERRY_SYMBOL_KERNEL && S.Name == Name)
        Info = &S;
    if (!Info)
      return makeError(FERRY_ERROR_INVALID,
                       "no kernel '%s' in the code object loaded on radeon device %d", Name,
                       M->Device);
    hsa_executable_symbol_t Sym;
    std::string Descriptor = std::string(Name) + ".kd";
    auto K = std::make_unique<HsaKernel>(*this, Name);
    if (Error E = check(Api.hsa_executable_get_symbol_by_name(M->Executable, Descriptor.c_str(),
                                                              &D.Agent, &Sym),
                        "hsa_executable_get_symbol_by_name", FERRY_ERROR_INVALID))
      return E;
    const std::pair<hsa_executable_symbol_info_t, void *> Queries[] = {
        {HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &K->Object},
        {HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE, &K->GroupSize},
        {HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE, &K->PrivateSize}};
    for (const auto &[Attribute, Value] : Queries)
      if (Error E = check(Api.hsa_executable_symbol_get_info(Sym, Attribute, Value),
                          "hsa_executable_symbol_get_info", FERRY_ERROR_INVALID))
        return E;
    // The dispatch sizes the stack: the linked result's, which may exceed
    // the descriptor's when a library function needs more. A kernel whose
    // stack is dynamic (indirect calls, recursion) gets CUDA's and HIP's
    // default stack of 1 KiB per work-item on top of its fixed frames.
    K->PrivateSize = std::max<uint32_t>(K->PrivateSize, uint32_t(Info->Scratch));
    if (Info->DynamicStack)
      K->PrivateSize += DynamicStackBytes;
    if (Info->KernargSize > KernargSlotSize)
      return makeError(FERRY_ERROR_INVALID,
                       "kernel '%s' needs %llu bytes of kernel arguments; Ferry supports %zu",
                       Name, (unsigned long long)Info->KernargSize, KernargSlotSize);
    K->Owner = M;
    K->Info = *Info;
    for (const KernelArgDesc &A : K->Info.Args)
      K->Prints |= A.ValueKind == "hidden_printf_buffer";
    Out = K.get(); // lives as long as its module, like a CUfunction
    std::lock_guard<std::mutex> Lock(Mutex);
    M->Kernels.push_back(std::move(K));
    return Error::success();
  }

  /// Variables and kernel descriptors come from ROCR; device functions,
  /// which ROCR does not list, from the load base (a kernel descriptor's
  /// address minus its offset in the image) plus their offset.
  Error symbolAddress(DeviceModule &Module, const char *Name, uint64_t &Address,
                      uint64_t &Size) override {
    auto *M = &own<HsaModule>(*this, Module);
    HsaDevice &D = Devices[M->Device];
    const SymbolInfo *Info = nullptr;
    for (const SymbolInfo &S : M->Index.Symbols)
      if (S.Name == Name)
        Info = &S;
    if (!Info)
      return makeError(FERRY_ERROR_INVALID,
                       "no symbol '%s' in the code object loaded on radeon device %d", Name,
                       M->Device);
    hsa_executable_symbol_t Sym;
    if (Info->Kind == FERRY_SYMBOL_VARIABLE) {
      uint32_t Bytes = 0;
      if (Error E =
              check(Api.hsa_executable_get_symbol_by_name(M->Executable, Name, &D.Agent, &Sym),
                    "hsa_executable_get_symbol_by_name"))
        return E;
      if (Error E = check(Api.hsa_executable_symbol_get_info(
                              Sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &Address),
                          "hsa_executable_symbol_get_info"))
        return E;
      if (Error E = check(Api.hsa_executable_symbol_get_info(
                              Sym, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &Bytes),
                          "hsa_executable_symbol_get_info"))
        return E;
      Size = Bytes;
      return Error::success();
    }
    // Any kernel's descriptor locates the loaded image.
    const SymbolInfo *Anchor = Info->Kind == FERRY_SYMBOL_KERNEL ? Info : nullptr;
    for (const SymbolInfo &S : M->Index.Symbols)
      if (!Anchor && S.Kind == FERRY_SYMBOL_KERNEL)
        Anchor = &S;
    if (!Anchor)
      return makeError(FERRY_ERROR_INVALID,
                       "cannot locate device function '%s': its code object has no kernel", Name);
    uint64_t Descriptor = 0;
    std::string KD = Anchor->Name + ".kd";
    if (Error E = check(
            Api.hsa_executable_get_symbol_by_name(M->Executable, KD.c_str(), &D.Agent, &Sym),
            "hsa_executable_get_symbol_by_name"))
      return E;
    if (Error E = check(Api.hsa_executable_symbol_get_info(
                            Sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &Descriptor),
                        "hsa_executable_symbol_get_info"))
      return E;
    if (Info->Kind == FERRY_SYMBOL_KERNEL) {
      Address = Descriptor;
      Size = 64; // a kernel descriptor
    } else {
      Address = Descriptor - Anchor->DescriptorOffset + Info->Offset;
      Size = Info->Size;
    }
    return Error::success();
  }

  Error launch(const HsaKernel *K, const uint32_t Grid[3], const uint32_t Block[3],
               uint32_t SharedBytes, void **Args, int Queue) {
    const int Device = K->Owner->Device;
    HsaDevice &D = Devices[Device];
    DispatchGeometry G;
    for (int I = 0; I < 3; ++I)
      G.Grid[I] = Grid[I], G.Block[I] = Block[I];
    G.DynamicLDS = SharedBytes;
    hsa_kernel_dispatch_packet_t Built;
    uint32_t HeaderAndSetup = 0;
    if (std::string Error = buildDispatchPacket(G, K->Object, K->GroupSize, K->PrivateSize,
                                                nullptr, hsa_signal_t{0}, Built, HeaderAndSetup);
        !Error.empty())
      return makeError(FERRY_ERROR_INVALID, "kernel '%s': %s", K->name().c_str(), Error.c_str());
    std::lock_guard<std::mutex> Lock(Mutex);
    HsaQueue *Q;
    if (Error E = queue(Device, D, normalize(Queue), Q))
      return E;
    G.QueuePtr = reinterpret_cast<uint64_t>(Q->Queue);
    if (K->Prints) {
      if (!Q->Printf) {
        if (Error E = hostBuffer(D, D.KernargPool, PrintfBufferBytes, "allocating the printf buffer",
                                 Q->Printf))
          return E;
        resetPrintfBuffer(Q->Printf, PrintfBufferBytes);
      }
      G.PrintfBuffer = reinterpret_cast<uint64_t>(Q->Printf);
    }
    std::vector<uint8_t> &Segment = Scratch;
    if (std::string Error = fillKernargs(K->Info, Args, G, Segment); !Error.empty())
      return makeError(FERRY_ERROR_INVALID, "launching kernel '%s': %s", K->name().c_str(),
                       Error.c_str());
    void *Kernarg = nullptr;
    hsa_signal_t Signal;
    if (Error E = takeKernarg(Device, D, Kernarg))
      return E;
    if (Error E = takeSignal(D, Signal)) {
      D.FreeKernargs.push_back(Kernarg);
      return E;
    }
    Built.kernarg_address = Kernarg; // the geometry was checked above
    Built.completion_signal = Signal;
    std::memcpy(Kernarg, Segment.data(), Segment.size());
    Api.hsa_signal_store_relaxed(Signal, 1);

    hsa_queue_t *HQ = Q->Queue;
    const uint64_t Index = Api.hsa_queue_add_write_index_scacq_screl(HQ, 1);
    while (Index - Api.hsa_queue_load_read_index_scacquire(HQ) >= HQ->size)
      ; // the queue is full: the packet processor frees slots as it goes
    auto *Packet = static_cast<hsa_kernel_dispatch_packet_t *>(HQ->base_address) +
                   (Index & (HQ->size - 1));
    // Everything but the first 32 bits, then those, atomically, last.
    std::memcpy(reinterpret_cast<char *>(Packet) + 4, reinterpret_cast<const char *>(&Built) + 4,
                sizeof Built - 4);
    __atomic_store_n(reinterpret_cast<uint32_t *>(Packet), HeaderAndSetup, __ATOMIC_RELEASE);
    Api.hsa_signal_store_screlease(HQ->doorbell_signal, hsa_signal_value_t(Index));
    Q->Pending.push_back({Signal, Kernarg, K->name()});
    notifyf(NotifyLaunch, "launch %s on radeon device %d: grid (%u,%u,%u) block (%u,%u,%u) "
                         "shared %u queue %d",
           K->name().c_str(), Device, Grid[0], Grid[1], Grid[2], Block[0], Block[1], Block[2],
           SharedBytes, Queue);
    if (Queue == acc_async_sync)
      return drain(Device, D, *Q);
    return Error::success();
  }

protected:
  void discover() override {
    std::vector<std::string> Candidates;
    if (auto Override = envString("FERRY_HSA_LIB"))
      Candidates.push_back(*Override);
    else
      Candidates = {"libhsa-runtime64.so.1", "/opt/rocm/lib/libhsa-runtime64.so.1"};
    if (!Lib.open(Candidates)) {
      Status = "ROCR not available: " + Lib.error();
      return;
    }
    if (!Api.load(Lib)) {
      Status = "ROCR unusable: " + Lib.error();
      return;
    }
    hsa_status_t S = Api.hsa_init();
    if (S != HSA_STATUS_SUCCESS) {
      Status = S == HSA_STATUS_ERROR_OUT_OF_RESOURCES
                   ? "no AMD GPU (hsa_init: 0x1008, no usable /dev/kfd)"
                   : "hsa_init failed: " + describe(S);
      return;
    }
    Initialized = true;
    S = Api.hsa_iterate_agents(
        [](hsa_agent_t Agent, void *Data) {
          auto *Self = static_cast<HsaBackend *>(Data);
          hsa_device_type_t Type;
          if (Self->Api.hsa_agent_get_info(Agent, HSA_AGENT_INFO_DEVICE, &Type) !=
              HSA_STATUS_SUCCESS)
            return HSA_STATUS_SUCCESS;
          if (Type == HSA_DEVICE_TYPE_CPU && !Self->HaveHost)
            Self->Host = Agent, Self->HaveHost = true;
          if (Type == HSA_DEVICE_TYPE_GPU)
            Self->addDevice(Agent);
          return HSA_STATUS_SUCCESS;
        },
        this);
    if (S != HSA_STATUS_SUCCESS) {
      Status = "hsa_iterate_agents failed: " + describe(S);
      Devices.clear();
      return;
    }
    if (HaveHost)
      findHostPools();
    NumDevices = int(Devices.size());
    Status = NumDevices ? "ok" : "no AMD GPU agent";
    debugf("hsa: %d GPU agent(s) via %s", NumDevices, Lib.path().c_str());
    for (const HsaDevice &D : Devices)
      debugf("hsa: %s (%s)", D.Name.c_str(), D.Isa.c_str());
  }

private:
  static int normalize(int Queue) { return Queue == acc_async_sync ? acc_async_noval : Queue; }

  std::string describe(hsa_status_t S) {
    const char *Text = nullptr;
    if (Api.hsa_status_string(S, &Text) == HSA_STATUS_SUCCESS && Text)
      return hexStatus(S) + " (" + Text + ")";
    return hexStatus(S);
  }

  /// ROCR's status \p S of \p Call as an Error (with status \p Failure).
  Error check(hsa_status_t S, const char *Call, ferry_status Failure = FERRY_ERROR_BACKEND) {
    if (S == HSA_STATUS_SUCCESS || S == HSA_STATUS_INFO_BREAK)
      return Error::success();
    return makeError(Failure, "%s: %s", Call, describe(S).c_str());
  }

  Error device(int Device, HsaDevice *&Out) {
    if (Device < 0 || Device >= numDevices())
      return makeError(FERRY_ERROR_BACKEND, "radeon device %d does not exist (%d device(s))",
                       Device, numDevices());
    Out = &Devices[Device];
    return Error::success();
  }

  static bool isRelocatable(const Image &I) {
    uint16_t Type = 0;
    if (I.Size >= 18 && std::memcmp(I.Data, "\x7f" "ELF", 4) == 0)
      std::memcpy(&Type, static_cast<const char *>(I.Data) + 16, 2);
    return Type == 1; // ET_REL
  }

  void addDevice(hsa_agent_t Agent) {
    HsaDevice D;
    D.Agent = Agent;
    char Name[64] = {0};
    Api.hsa_agent_get_info(Agent, HSA_AGENT_INFO_NAME, Name);
    D.Name = Name;
    Api.hsa_agent_iterate_isas(
        Agent,
        [](hsa_isa_t Isa, void *Data) {
          auto *Self = static_cast<std::pair<HsaBackend *, HsaDevice *> *>(Data);
          uint32_t Length = 0;
          if (Self->first->Api.hsa_isa_get_info_alt(Isa, HSA_ISA_INFO_NAME_LENGTH, &Length) !=
              HSA_STATUS_SUCCESS)
            return HSA_STATUS_SUCCESS;
          std::string Text(Length, '\0');
          if (Self->first->Api.hsa_isa_get_info_alt(Isa, HSA_ISA_INFO_NAME, Text.data()) ==
              HSA_STATUS_SUCCESS) {
            Self->second->Isa = Text.c_str();
            return HSA_STATUS_INFO_BREAK;
          }
          return HSA_STATUS_SUCCESS;
        },
        std::make_unique<std::pair<HsaBackend *, HsaDevice *>>(this, &D).get());
    Api.hsa_amd_agent_iterate_memory_pools(
        Agent,
        [](hsa_amd_memory_pool_t Pool, void *Data) {
          auto *Self = static_cast<std::pair<HsaBackend *, HsaDevice *> *>(Data);
          HsaApi &Api = Self->first->Api;
          hsa_amd_segment_t Segment;
          bool Alloc = false;
          uint32_t Flags = 0;
          if (Api.hsa_amd_memory_pool_get_info(Pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT,
                                               &Segment) != HSA_STATUS_SUCCESS ||
              Segment != HSA_AMD_SEGMENT_GLOBAL ||
              Api.hsa_amd_memory_pool_get_info(
                  Pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, &Alloc) !=
                  HSA_STATUS_SUCCESS ||
              !Alloc ||
              Api.hsa_amd_memory_pool_get_info(Pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS,
                                               &Flags) != HSA_STATUS_SUCCESS)
            return HSA_STATUS_SUCCESS;
          if ((Flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) &&
              !Self->second->HaveDevicePool) {
            Self->second->DevicePool = Pool;
            Self->second->HaveDevicePool = true;
            Api.hsa_amd_memory_pool_get_info(Pool, HSA_AMD_MEMORY_POOL_INFO_SIZE,
                                             &Self->second->DeviceMemory);
          }
          return HSA_STATUS_SUCCESS;
        },
        std::make_unique<std::pair<HsaBackend *, HsaDevice *>>(this, &D).get());
    Devices.push_back(std::move(D));
  }

  /// The host's kernarg and fine-grained pools serve every device.
  void findHostPools() {
    Api.hsa_amd_agent_iterate_memory_pools(
        Host,
        [](hsa_amd_memory_pool_t Pool, void *Data) {
          auto *Self = static_cast<HsaBackend *>(Data);
          hsa_amd_segment_t Segment;
          uint32_t Flags = 0;
          bool Alloc = false;
          if (Self->Api.hsa_amd_memory_pool_get_info(Pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT,
                                                     &Segment) != HSA_STATUS_SUCCESS ||
              Segment != HSA_AMD_SEGMENT_GLOBAL ||
              Self->Api.hsa_amd_memory_pool_get_info(
                  Pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, &Alloc) !=
                  HSA_STATUS_SUCCESS ||
              !Alloc ||
              Self->Api.hsa_amd_memory_pool_get_info(Pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS,
                                                     &Flags) != HSA_STATUS_SUCCESS)
            return HSA_STATUS_SUCCESS;
          for (HsaDevice &D : Self->Devices) {
            if ((Flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) && !D.HaveKernargPool)
              D.KernargPool = Pool, D.HaveKernargPool = true;
            if ((Flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) && !D.HaveStagingPool)
              D.StagingPool = Pool, D.HaveStagingPool = true;
          }
          return HSA_STATUS_SUCCESS;
        },
        this);
  }

  /// Host memory from \p Pool that device \p D may access.
  Error hostBuffer(HsaDevice &D, hsa_amd_memory_pool_t Pool, size_t Bytes, const char *What,
                   void *&Out) {
    void *P = nullptr;
    if (Error E = check(Api.hsa_amd_memory_pool_allocate(Pool, Bytes, 0, &P), What))
      return E;
    if (Error E = check(Api.hsa_amd_agents_allow_access(1, &D.Agent, nullptr, P),
                        "hsa_amd_agents_allow_access")) {
      Api.hsa_amd_memory_pool_free(P);
      return E;
    }
    Out = P;
    return Error::success();
  }

  Error takeKernarg(int Device, HsaDevice &D, void *&Out) {
    if (D.FreeKernargs.empty()) {
      if (!D.HaveKernargPool)
        return makeError(FERRY_ERROR_BACKEND,
                         "radeon device %d: ROCR reports no kernarg memory pool", Device);
      void *Slab;
      if (Error E = hostBuffer(D, D.KernargPool, KernargSlotSize * KernargSlots,
                               "allocating kernarg buffers", Slab))
        return E;
      for (size_t I = 0; I < KernargSlots; ++I)
        D.FreeKernargs.push_back(static_cast<char *>(Slab) + I * KernargSlotSize);
    }
    Out = D.FreeKernargs.back();
    D.FreeKernargs.pop_back();
    return Error::success();
  }

  Error takeSignal(HsaDevice &D, hsa_signal_t &Out) {
    if (D.FreeSignals.empty())
      for (size_t I = 0; I < SignalBatch; ++I) {
        hsa_signal_t S;
        if (Error E = check(Api.hsa_signal_create(0, 0, nullptr, &S), "hsa_signal_create"))
          return E;
        D.FreeSignals.push_back(S);
      }
    Out = D.FreeSignals.back();
    D.FreeSignals.pop_back();
    return Error::success();
  }

  /// The HSA queue of OpenACC queue \p Queue (created on first use).
  Error queue(int Device, HsaDevice &D, int Queue, HsaQueue *&Out) {
    std::unique_ptr<HsaQueue> &Q = D.Queues[Queue];
    if (!Q) {
      auto New = std::make_unique<HsaQueue>();
      hsa_status_t S = Api.hsa_queue_create(
          D.Agent, QueueSize, HSA_QUEUE_TYPE_MULTI,
          [](hsa_status_t Status, hsa_queue_t *, void *Data) {
            static_cast<HsaQueue *>(Data)->Fault = Status;
          },
          New.get(), UINT32_MAX, UINT32_MAX, &New->Queue);
      if (Error E = check(S, "hsa_queue_create")) {
        D.Queues.erase(Queue);
        return makeError(E.status(), "cannot create queue %d on radeon device %d: %s", Queue,
                         Device, E.message().c_str());
      }
      Q = std::move(New);
    }
    Out = Q.get();
    return Error::success();
  }

  /// Waits for everything on \p Q and recycles its signals and kernargs. A
  /// fault stops the queue, so the kernels after the first one to fault are
  /// counted, not named.
  Error drain(int Device, HsaDevice &D, HsaQueue &Q) {
    Error Result;
    size_t Stopped = 0;
    while (!Q.Pending.empty()) {
      InFlight F = Q.Pending.front();
      Q.Pending.pop_front();
      // A bounded wait (the timeout is a hint) so a fault reported to the
      // queue's callback ends it instead of a signal that never drops.
      while (Api.hsa_signal_wait_scacquire(F.Signal, HSA_SIGNAL_CONDITION_LT, 1, 1000000,
                                           HSA_WAIT_STATE_BLOCKED) != 0) {
        if (Q.Fault.load() != HSA_STATUS_SUCCESS)
          break;
      }
      if (hsa_status_t Fault = Q.Fault.load(); Fault != HSA_STATUS_SUCCESS) {
        if (!Result)
          Result = makeError(FERRY_ERROR_BACKEND,
                             "kernel '%s' faulted on radeon device %d (%s): %s",
                             F.Kernel.c_str(), Device, D.Name.c_str(), describe(Fault).c_str());
        else
          ++Stopped;
      }
      D.FreeSignals.push_back(F.Signal);
      D.FreeKernargs.push_back(F.Kernarg);
    }
    // What the queue's kernels printed, an assertion's message before the
    // fault it caused.
    if (Q.Printf)
      if (std::string Bad = printPrintfBuffer(Q.Printf, PrintfBufferBytes, PrintfFormats);
          !Bad.empty())
        errorf("radeon device %d: device printf: %s", Device, Bad.c_str());
    notifyf(NotifyWait, "wait on radeon device %d", Device);
    if (Stopped)
      return Error(Result.status(), Result.message() + " (and " + std::to_string(Stopped) +
                                        " later kernel(s) of the queue)");
    return Result;
  }

  Error copy(int Device, void *Dst, const void *Src, size_t Bytes, int Queue, bool ToDevice) {
    HsaDevice *D;
    if (Error E = device(Device, D))
      return E;
    std::lock_guard<std::mutex> Lock(Mutex);
    if (auto It = D->Queues.find(normalize(Queue)); It != D->Queues.end())
      if (Error E = drain(Device, *D, *It->second))
        return E;
    if (!D->Staging) {
      if (!D->HaveStagingPool)
        return makeError(FERRY_ERROR_BACKEND,
                         "radeon device %d: ROCR reports no fine-grained host pool", Device);
      if (Error E =
              hostBuffer(*D, D->StagingPool, StagingBytes, "allocating staging memory", D->Staging))
        return E;
    }
    hsa_signal_t Done;
    if (Error E = takeSignal(*D, Done))
      return E;
    Error Result;
    for (size_t At = 0; At < Bytes && !Result; At += StagingBytes) {
      size_t N = std::min(StagingBytes, Bytes - At);
      if (ToDevice)
        std::memcpy(D->Staging, static_cast<const char *>(Src) + At, N);
      Api.hsa_signal_store_relaxed(Done, 1);
      void *To = ToDevice ? static_cast<char *>(Dst) + At : D->Staging;
      const void *From = ToDevice ? D->Staging : static_cast<const char *>(Src) + At;
      hsa_agent_t ToAgent = ToDevice ? D->Agent : Host, FromAgent = ToDevice ? Host : D->Agent;
      if (Error E = check(
              Api.hsa_amd_memory_async_copy(To, ToAgent, From, FromAgent, N, 0, nullptr, Done),
              "hsa_amd_memory_async_copy")) {
        Result = std::move(E);
        break;
      }
      Api.hsa_signal_wait_scacquire(Done, HSA_SIGNAL_CONDITION_LT, 1, UINT64_MAX,
                                    HSA_WAIT_STATE_BLOCKED);
      if (!ToDevice)
        std::memcpy(static_cast<char *>(Dst) + At, D->Staging, N);
    }
    D->FreeSignals.push_back(Done);
    notifyf(NotifyTransfer, "%s %zu bytes on radeon device %d", ToDevice ? "to device" : "from device",
           Bytes, Device);
    return Result;
  }

  void destroy(HsaModule &M) {
    if (M.Executable.handle)
      Api.hsa_executable_destroy(M.Executable);
    if (M.Reader.handle)
      Api.hsa_code_object_reader_destroy(M.Reader);
  }

  DynamicLibrary Lib;
  HsaApi Api;
  bool Initialized = false;
  hsa_agent_t Host{};
  bool HaveHost = false;
  std::vector<HsaDevice> Devices;
  std::mutex Mutex;
  std::vector<uint8_t> Scratch; ///< kernarg staging, under Mutex
  PrintfFormatTable PrintfFormats; ///< of every loaded code object
};

HsaModule::HsaModule(HsaBackend &Hsa, int Device) : DeviceModule(Hsa), Device(Device) {}

HsaKernel::HsaKernel(HsaBackend &Hsa, std::string Name)
    : DeviceKernel(Hsa, std::move(Name)), Hsa(Hsa) {}
Error HsaKernel::launch(const uint32_t Grid[3], const uint32_t Block[3], uint32_t SharedBytes,
                        void **Args, int Queue) {
  return Hsa.launch(this, Grid, Block, SharedBytes, Args, Queue);
}

bool HsaKernel::attribute(int Attr, int &Out) {
  switch (Attr) {
  case 0: // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
    Out = int(Info.MaxFlatWorkGroupSize ? Info.MaxFlatWorkGroupSize : 1024);
    return true;
  case 1: // CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
    Out = int(GroupSize);
    return true;
  case 3: // CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES
    Out = int(PrivateSize);
    return true;
  case 4: // CU_FUNC_ATTRIBUTE_NUM_REGS
    Out = int(Info.VGPRs + Info.AGPRs);
    return true;
  default:
    return false;
  }
}

} // namespace

std::unique_ptr<Backend> createHsaBackend() {
  return std::make_unique<HsaBackend>();
}

} // namespace ferry

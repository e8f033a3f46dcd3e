//===- CudaRuntime.cpp - Registration, devices, modules, errors -----------===//
///
/// \file
/// The entry points clang's CUDA host code calls from its module constructor
/// (__cudaRegisterFatBinary, __cudaRegisterFunction, __cudaRegisterVar, ...)
/// and for `<<<>>>` (__cudaPushCallConfiguration and its pop), and the state
/// behind every other file: which devices the program sees, the modules
/// loaded on them, and the error state.
///
/// Registration only records: nothing touches a device before the program's
/// first call that needs one. A fat binary's module is loaded on a device
/// the first time one of its kernels or variables is used there.
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

#include "core/Debug.h"
#include "core/Env.h"
#include "core/ImageRegistry.h"
#include "core/Runtime.h"
#include "hsa/KernelArgs.h"

#include <cstring>
#include <map>
#include <vector>

namespace ferry {
namespace cudart {

namespace {
thread_local cudaError_t LastError = cudaSuccess;
thread_local int CurrentDevice = 0;

struct CallConfig {
  dim3 Grid, Block;
  size_t Shared;
  cudaStream_t Stream;
};
thread_local std::vector<CallConfig> Configs;

/// The sm_NN of a PTX image's arch ("sm_80" -> 80), or 0.
int smOf(const std::string &Arch) {
  if (Arch.compare(0, 3, "sm_") != 0)
    return 0;
  return std::atoi(Arch.c_str() + 3);
}
} // namespace

CudaRuntime &CudaRuntime::get() {
  static CudaRuntime *R = new CudaRuntime; // never destroyed: atexit users
  return *R;
}

cudaError_t fail(cudaError_t Err) {
  if (Err != cudaSuccess)
    LastError = Err;
  return Err;
}

cudaError_t kernelFailure(const std::string &Message) {
  cudaError_t Err = cudaErrorLaunchFailure;
  if (Message.find("assert") != std::string::npos || Message.find("ASSERT") != std::string::npos)
    Err = cudaErrorAssert;
  else if (Message.find("ILLEGAL_ADDRESS") != std::string::npos ||
           Message.find("illegal address") != std::string::npos ||
           Message.find("memory access fault") != std::string::npos)
    Err = cudaErrorIllegalAddress;
  CudaRuntime::get().Sticky = Err;
  return Err;
}

namespace {
/// The CUDA error for failure status \p S whose message is \p Message.
cudaError_t fromFailure(ferry_status S, const std::string &Message) {
  switch (S) {
  case FERRY_SUCCESS:
    return cudaSuccess;
  case FERRY_ERROR_NO_DEVICE:
    return fail(cudaErrorNoDevice);
  case FERRY_ERROR_INVALID:
    return fail(cudaErrorInvalidValue);
  default:
    // Waits and copies fail after a kernel failed on the queue: the
    // message holds the vendor's reason.
    return fail(kernelFailure(Message));
  }
}
} // namespace

cudaError_t fromError(const Error &E) {
  report(E);
  // The last failure's message, as printed last; one printed where it
  // happened (host queue work) has none here.
  const std::string &Last = !E.later().empty() ? E.later().back() : E.message();
  return fromFailure(E.status(), Last.empty() ? lastReported() : Last);
}

cudaError_t unsupported(const char *Routine, const char *Why) {
  static std::mutex Lock;
  static std::set<std::string> Said;
  std::lock_guard<std::mutex> Guard(Lock);
  if (Said.insert(Routine).second)
    errorf("%s is not supported by Ferry's CUDA runtime: %s (docs/cuda.md)", Routine, Why);
  return fail(cudaErrorNotSupported);
}

std::vector<Device> &CudaRuntime::devices() {
  // Found once; the list never changes after that, so reading it needs no
  // lock (callers hold Mutex at times).
  std::call_once(Discovered, [this] { discover(); });
  return Devices;
}

void CudaRuntime::discover() {
  Runtime &R = Runtime::get();
  DeviceKind K;
  // The OpenACC selection rules: ACC_DEVICE_TYPE, else AMD, then NVIDIA.
  // The host is no CUDA device.
  Error Selected = R.selectKind(K);
  if (Selected || K == DeviceKind::Host) {
    // FERRY_EMULATE asked for an emulated device that did not come (a
    // processor name it does not know, an emulator library that does not
    // load): said once, where CUDA's "no device" alone hid why.
    if (std::optional<std::string> Emu = envString("FERRY_EMULATE"); Emu && !Emu->empty())
      errorf("cuda: no device: %s", R.backendFor(DeviceKind::Radeon).status().c_str());
    if (Selected)
      debugf("cuda: no device: %s", Selected.message().c_str());
    else
      debugf("cuda: no AMD or NVIDIA device (the host runs no CUDA kernels)");
    return;
  }
  Kind = K;
  Backend &B = R.backendFor(K);
  for (int N = 0; N < B.numDevices(); ++N) {
    Devices.emplace_back();
    Devices.back().B = &B;
    Devices.back().Number = N;
  }
  debugf("cuda: %zu %s device(s) through the %s backend", Devices.size(), deviceKindName(K),
         B.name());
}

Device *CudaRuntime::current(cudaError_t &Err) {
  std::vector<Device> &Ds = devices();
  if (Ds.empty()) {
    Err = fail(cudaErrorNoDevice);
    return nullptr;
  }
  if (Sticky != cudaSuccess) {
    Err = fail(Sticky);
    return nullptr;
  }
  if (CurrentDevice < 0 || size_t(CurrentDevice) >= Ds.size()) {
    Err = fail(cudaErrorInvalidDevice);
    return nullptr;
  }
  Err = cudaSuccess;
  return &Ds[CurrentDevice];
}

const std::pair<const uintptr_t, CudaRuntime::Allocation> *
CudaRuntime::findAllocation(const void *P) {
  const uintptr_t A = reinterpret_cast<uintptr_t>(P);
  auto It = Allocations.upper_bound(A);
  if (It == Allocations.begin())
    return nullptr;
  --It;
  return A < It->first + std::max<size_t>(It->second.Size, 1) ? &*It : nullptr;
}

namespace {

/// The image of \p Bin that device \p D of kind \p Kind, whose ISA is
/// \p Isa, runs (its index in the registry in \p Index): NVIDIA, the PTX of
/// the highest SM the device has (the driver compiles it), else the lowest
/// above it; AMD, the code object whose target the device's ISA runs. Null
/// if none; \p Seen lists the formats and targets of the images.
const DeviceImageRef *bestImage(DeviceKind Kind, Device &D, const FatBinary &Bin,
                                const std::string &Isa, size_t &Index, std::string &Seen) {
  int DeviceSM = 0;
  if (Kind == DeviceKind::Nvidia) {
    int Major = 0, Minor = 0;
    D.B->vendorAttribute(D.Number, cudaDevAttrComputeCapabilityMajor, Major);
    D.B->vendorAttribute(D.Number, cudaDevAttrComputeCapabilityMinor, Minor);
    DeviceSM = Major * 10 + Minor;
  }
  const DeviceImageRef *Best = nullptr;
  // PTX: the highest sm_NN the device has, else the lowest above it.
  auto Preference = [&](const DeviceImageRef &Ref) {
    const int SM = smOf(Ref.Arch);
    return SM <= DeviceSM ? std::make_pair(1, SM) : std::make_pair(0, -SM);
  };
  const ImageRegistry &Registry = ImageRegistry::get();
  for (size_t I = Bin.FirstImage; I < Bin.FirstImage + Bin.NumImages; ++I) {
    const DeviceImageRef *Ref = Registry.image(I);
    const std::string Format = imageKindName(Ref->Kind);
    if (Format == "bitcode")
      continue;
    Seen += (Seen.empty() ? "" : ", ") + Format + " " + Ref->Arch;
    if (Kind == DeviceKind::Nvidia) {
      if (Format == "ptx" && (!Best || Preference(*Ref) > Preference(*Best))) {
        Best = Ref;
        Index = I;
      }
    } else if (Format == "object" && Ref->Triple.find("amdgcn") != std::string::npos &&
               checkIsaCompatible("amdgcn-amd-amdhsa--" + Ref->Arch, Isa).empty()) {
      Best = Ref;
      Index = I;
      break;
    }
  }
  return Best;
}

/// The __managed__ variables of \p Bin: the device reaches each through the
/// pointer __ferry_managed_<name> (ferry-nvcc's rewrite), which gets the
/// variable's managed memory in \p Module, loaded on \p D.
void setManagedPointers(Device &D, const FatBinary &Bin,
                        const std::map<const void *, Variable> &Variables,
                        DeviceModule &Module) {
  for (auto &[Host, V] : Variables) {
    if (V.Bin != &Bin || !V.HostPointer || Host != static_cast<const void *>(V.HostPointer))
      continue;
    uint64_t Slot = 0, SlotSize = 0;
    void *Managed = *V.HostPointer;
    if (Error E = D.B->symbolAddress(Module, ("__ferry_managed_" + V.Name).c_str(), Slot,
                                     SlotSize)) {
      errorf("__managed__ variable '%s': %s", V.Name.c_str(), E.message().c_str());
      continue;
    }
    if (ferry_status S = report(D.B->copyToDevice(D.Number, reinterpret_cast<void *>(Slot),
                                                  &Managed, sizeof Managed, SyncQueue)))
      errorf("__managed__ variable '%s': cannot set its address on the device (status %d)",
             V.Name.c_str(), int(S));
  }
}

} // namespace

Module *CudaRuntime::module(Device &D, FatBinary &Bin, cudaError_t &Err) {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::unique_ptr<Module> &M = D.Modules[&Bin];
  if (M) {
    Err = M->Failed.empty() ? cudaSuccess : fail(cudaErrorInvalidKernelImage);
    return M->Failed.empty() ? M.get() : nullptr;
  }
  M = std::make_unique<Module>();
  const std::string Isa = D.B->isa(D.Number);
  size_t BestIndex = 0;
  std::string Seen;
  const DeviceImageRef *Best = bestImage(Kind, D, Bin, Isa, BestIndex, Seen);
  if (!Best) {
    M->Failed = "the program has no device code for " +
                (Isa.empty() ? std::string(deviceKindName(Kind)) : Isa) + " (it has " +
                (Seen.empty() ? std::string("none") : Seen) +
                "); rebuild it with ferry-nvcc --offload-arch=<that target>";
    errorf("%s", M->Failed.c_str());
    Err = fail(cudaErrorNoKernelImageForDevice);
    return nullptr;
  }
  std::vector<Backend::Image> Images{{imageKindName(Best->Kind), Best->Data, Best->Size}};
  if (Error E = D.B->loadModule(D.Number, Images, M->Handle)) {
    M->Failed = E.message();
    errorf("cannot load the program's %s image on device %d: %s", Best->Arch.c_str(),
           deviceIndex(D), E.message().c_str());
    Err = fail(cudaErrorInvalidKernelImage);
    return nullptr;
  }
  M->Image = BestIndex;
  setManagedPointers(D, Bin, Variables, *M->Handle);
  if (Kind == DeviceKind::Radeon)
    if (std::string Why = indexImage(Best->Data, Best->Size, M->Index); !Why.empty())
      debugf("cuda: the %s image cannot be indexed: %s", Best->Arch.c_str(), Why.c_str());
  Err = cudaSuccess;
  return M.get();
}

Kernel *CudaRuntime::kernel(Device &D, const void *Func, cudaError_t &Err) {
  FatBinary *Bin;
  std::string Name;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (auto It = D.Kernels.find(Func); It != D.Kernels.end()) {
      Err = cudaSuccess;
      return It->second.get();
    }
    auto F = Functions.find(Func);
    if (F == Functions.end()) {
      Err = fail(cudaErrorInvalidDeviceFunction);
      return nullptr;
    }
    Bin = F->second.Bin;
    Name = F->second.Name;
  }
  Module *M = module(D, *Bin, Err);
  if (!M)
    return nullptr;
  auto K = std::make_unique<Kernel>();
  K->Owner = M;
  K->Name = Name;
  if (Error E = D.B->getKernel(*M->Handle, Name.c_str(), K->Handle)) {
    errorf("kernel '%s': %s", Name.c_str(), E.message().c_str());
    Err = fail(cudaErrorInvalidDeviceFunction);
    return nullptr;
  }
  for (const SymbolInfo &S : M->Index.Symbols)
    if (S.Kind == FERRY_SYMBOL_KERNEL && S.Name == Name)
      K->Amd = &S;
  std::lock_guard<std::mutex> Lock(Mutex);
  Err = cudaSuccess;
  // Another thread may have looked it up meanwhile: the first one stays.
  std::unique_ptr<Kernel> &Slot = D.Kernels[Func];
  if (!Slot)
    Slot = std::move(K);
  return Slot.get();
}

cudaError_t CudaRuntime::symbol(Device &D, const void *Symbol, void *&Address, size_t &Size) {
  Variable V{};
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Variables.find(Symbol);
    if (It == Variables.end())
      return fail(cudaErrorInvalidSymbol);
    V = It->second;
  }
  if (V.HostPointer) { // __managed__: in managed memory, for every device
    Address = *V.HostPointer;
    Size = V.Size;
    return cudaSuccess;
  }
  cudaError_t Err;
  Module *M = module(D, *V.Bin, Err);
  if (!M)
    return Err;
  uint64_t A = 0, S = 0;
  if (Error E = D.B->symbolAddress(*M->Handle, V.Name.c_str(), A, S)) {
    errorf("device variable '%s': %s", V.Name.c_str(), E.message().c_str());
    return fail(cudaErrorInvalidSymbol);
  }
  Address = reinterpret_cast<void *>(A);
  Size = S ? S : V.Size;
  return cudaSuccess;
}

CUstream_st *CudaRuntime::perThreadStream(int Dev) {
  thread_local std::map<int, CUstream_st *> Mine;
  CUstream_st *&S = Mine[Dev];
  if (!S) {
    static std::atomic<int> Next{0};
    // Queues from 1 << 22 up: apart from OpenACC's async(n) and the
    // streams' (from 1 << 24).
    S = new CUstream_st{Dev, (1 << 22) + Next++, cudaStreamDefault, 0};
    std::lock_guard<std::mutex> Lock(Mutex);
    Streams.insert(S);
  }
  return S;
}

bool CudaRuntime::validStream(cudaStream_t S) {
  if (!S || S == cudaStreamLegacy || S == cudaStreamPerThread)
    return true;
  std::lock_guard<std::mutex> Lock(Mutex);
  return Streams.count(S) != 0;
}

int CudaRuntime::enterStream(cudaStream_t S, Device *&D, cudaError_t &Err) {
  D = current(Err);
  if (!D)
    return SyncQueue;
  if (S == cudaStreamPerThread)
    S = perThreadStream(CurrentDevice);
  if (S && S != cudaStreamLegacy && !validStream(S)) {
    Err = fail(cudaErrorInvalidResourceHandle);
    D = nullptr;
    return SyncQueue;
  }
  if (S && S != cudaStreamLegacy) {
    if (S->Device != deviceIndex(*D)) {
      D = device(S->Device);
      if (!D) {
        Err = fail(cudaErrorInvalidResourceHandle);
        return SyncQueue;
      }
    }
    // A blocking stream waits for the legacy stream's earlier work.
    if (!(S->Flags & cudaStreamNonBlocking)) {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (S->SeenEpoch < D->DefaultEpoch) {
        if (Error St = D->B->waitAsync(D->Number, DefaultQueue, S->Queue)) {
          Err = fromError(St);
          return SyncQueue;
        }
        S->SeenEpoch = D->DefaultEpoch;
      }
      S->Dirty = true;
    }
    return S->Queue;
  }
  // The legacy stream waits for every blocking stream's earlier work.
  std::lock_guard<std::mutex> Lock(Mutex);
  for (CUstream_st *Other : Streams)
    if (Other->Device == deviceIndex(*D) && Other->Dirty &&
        !(Other->Flags & cudaStreamNonBlocking)) {
      if (Error St = D->B->waitAsync(D->Number, Other->Queue, DefaultQueue)) {
        Err = fromError(St);
        return SyncQueue;
      }
      Other->Dirty = false;
    }
  ++D->DefaultEpoch;
  return DefaultQueue;
}

void CudaRuntime::reset(Device &D) {
  std::lock_guard<std::mutex> Lock(Mutex);
  D.Kernels.clear();
  for (auto &[Bin, M] : D.Modules)
    if (M->Handle)
      (void)D.B->unloadModule(std::move(M->Handle));
  D.Modules.clear();
  D.Limits.clear();
  D.Flags = 0;
  const int Index = deviceIndex(D);
  // The backend's own reset frees the memory at once (NVIDIA: the primary
  // context, which also clears a kernel's failure); else each block goes.
  // __managed__ variables outlive the reset: their bytes are kept (managed
  // memory is the host's to read) and put back in new managed memory.
  std::vector<std::pair<Variable *, std::string>> Kept;
  for (auto &[Key, V] : Variables)
    if (V.HostPointer && Key == static_cast<const void *>(V.HostPointer) && *V.HostPointer &&
        Allocations.count(reinterpret_cast<uintptr_t>(*V.HostPointer)))
      Kept.emplace_back(&V, std::string(static_cast<const char *>(*V.HostPointer), V.Size));
  const bool WholeDevice = D.B->resetDevice(D.Number);
  if (WholeDevice)
    for (auto &[V, Bytes] : Kept) {
      void *Old = *V->HostPointer, *New = nullptr;
      if (report(D.B->allocateManaged(D.Number, Bytes.size() ? Bytes.size() : 1, &New)) !=
          FERRY_SUCCESS)
        continue;
      std::memcpy(New, Bytes.data(), Bytes.size());
      *V->HostPointer = New;
      Allocations.erase(reinterpret_cast<uintptr_t>(Old));
      Allocations[reinterpret_cast<uintptr_t>(New)] = {Bytes.size(), Index, Allocation::Managed,
                                                       /*Static=*/true};
      if (auto It = Variables.find(Old); It != Variables.end()) {
        Variable Moved = It->second;
        Variables.erase(It);
        Variables[New] = Moved;
      }
    }
  for (auto It = Allocations.begin(); It != Allocations.end();) {
    if (It->second.Device != Index || It->second.Kind == Allocation::Host || It->second.Static) {
      ++It;
      continue;
    }
    void *P = reinterpret_cast<void *>(It->first);
    if (!WholeDevice) {
      if (It->second.Kind == Allocation::Managed)
        report(D.B->releaseManaged(D.Number, P));
      else
        report(D.B->release(D.Number, P));
    }
    It = Allocations.erase(It);
  }
  Sticky = cudaSuccess;
}

/// Registers the images of the package at \p Data (its header first), or
/// notes \p Problem.
static FatBinary *registerPackage(const unsigned char *Data, std::string Problem) {
  CudaRuntime &R = CudaRuntime::get();
  auto Bin = std::make_unique<FatBinary>();
  Bin->Problem = std::move(Problem);
  if (Bin->Problem.empty() && std::memcmp(Data, CudaPackageMagic, sizeof CudaPackageMagic) != 0)
    Bin->Problem = std::memcmp(Data, CudaRelocatableMagic, sizeof CudaRelocatableMagic) == 0
                       ? "relocatable device code without its device link (link the "
                         "program with ferry-nvcc, or run ferry-nvcc -dlink)"
                       : "a fat binary that ferry-nvcc did not build (compiled by nvcc?); "
                         "rebuild every CUDA file of the program with ferry-nvcc";
  if (Bin->Problem.empty()) {
    uint64_t Size;
    std::memcpy(&Size, Data + 8, sizeof Size);
    ImageRegistry &Registry = ImageRegistry::get();
    std::lock_guard<std::mutex> Lock(R.Mutex);
    Bin->FirstImage = Registry.size();
    std::string Why = Registry.addPackage(Data + 16, Size);
    Bin->NumImages = Registry.size() - Bin->FirstImage;
    if (!Why.empty())
      Bin->Problem = "a corrupt device-image package: " + Why;
    for (size_t I = Bin->FirstImage; I < Registry.size(); ++I) {
      const DeviceImageRef *Img = Registry.image(I);
      if (!Img->CudaArch.empty())
        R.AmdCodeSM = std::max(R.AmdCodeSM, smOf(Img->CudaArch));
      else
        R.PtxSM = std::max(R.PtxSM, smOf(Img->Arch));
    }
  }
  if (!Bin->Problem.empty())
    errorf("this program's device code cannot be used: %s", Bin->Problem.c_str());
  std::lock_guard<std::mutex> Lock(R.Mutex);
  R.Binaries.push_back(std::move(Bin));
  return R.Binaries.back().get();
}

} // namespace cudart
} // namespace ferry

using namespace ferry;
using namespace ferry::cudart;

extern "C" {

void **__cudaRegisterFatBinary(void *FatCubin) {
  struct WrapperLayout {
    int Magic, Version;
    const unsigned char *Data;
    void *Unused;
  };
  const auto *W = static_cast<const WrapperLayout *>(FatCubin);
  if (!W || W->Magic != FatbinWrapperMagic || !W->Data)
    return reinterpret_cast<void **>(
        registerPackage(nullptr, "a fat binary without clang's wrapper"));
  return reinterpret_cast<void **>(registerPackage(W->Data, ""));
}

/// Called by the `__cudaRegisterLinkedBinary_<id>` functions of a device
/// link (ferry-nvcc -rdc=true): registers the linked package once, then
/// the calling file's kernels and variables against it.
void __ferry_cuda_register_linked(void (*Callback)(void **), const unsigned char *Begin,
                                  const unsigned char *) {
  static std::mutex Lock;
  static std::map<const unsigned char *, FatBinary *> Linked;
  FatBinary *Bin;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    FatBinary *&Known = Linked[Begin];
    if (!Known)
      Known = registerPackage(Begin, "");
    Bin = Known;
  }
  if (Callback)
    Callback(reinterpret_cast<void **>(Bin));
}

void __cudaRegisterFatBinaryEnd(void **) {}

void __cudaUnregisterFatBinary(void **) {
  // Modules stay loaded until the process ends: other modules' destructors
  // may still launch kernels.
}

void __cudaRegisterFunction(void **Handle, const char *HostFun, char *, const char *DeviceName, int,
                            uint3 *, uint3 *, dim3 *, dim3 *, int *) {
  CudaRuntime &R = CudaRuntime::get();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  R.Functions[HostFun] = {reinterpret_cast<FatBinary *>(Handle), DeviceName};
}

void __cudaRegisterVar(void **Handle, char *HostVar, char *, const char *DeviceName, int,
                       size_t Size, int Constant, int) {
  CudaRuntime &R = CudaRuntime::get();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  R.Variables[HostVar] = {reinterpret_cast<FatBinary *>(Handle), DeviceName, Size, Constant != 0};
}

void __ferry_cuda_register_managed(void **Handle, void **Slot, const char *DeviceName, size_t Size,
                                   const void *Initial);

void __cudaRegisterManagedVar(void **Handle, void **HostVarPtrAddress, char *,
                              const char *DeviceName, int, size_t Size, int Constant, int) {
  (void)Constant;
  __ferry_cuda_register_managed(Handle, HostVarPtrAddress, DeviceName, Size, nullptr);
}

/// ferry-nvcc's registration of a __managed__ variable (ManagedVariables.h):
/// managed memory of \p Size bytes holding \p Initial (zeros if null),
/// which *Slot, the host's pointer to the variable, then points at.
void __ferry_cuda_register_managed(void **Handle, void **Slot, const char *DeviceName, size_t Size,
                                   const void *Initial) {
  CudaRuntime &R = CudaRuntime::get();
  std::vector<Device> &Ds = R.devices();
  void *Memory = nullptr;
  if (!Ds.empty() && Ds[0].B->hasManagedMemory() &&
      report(Ds[0].B->allocateManaged(Ds[0].Number, Size ? Size : 1, &Memory)) == FERRY_SUCCESS &&
      Memory) {
    if (Initial)
      std::memcpy(Memory, Initial, Size);
    else
      std::memset(Memory, 0, Size);
    *Slot = Memory;
  } else if (!Ds.empty()) {
    errorf("__managed__ variable '%s' needs memory that the host and the %s device share, "
           "which Ferry has none of there; the device cannot use it",
           DeviceName, deviceKindName(R.Kind));
  }
  // Without a device the variable stays in host memory, where host code
  // finds it.
  std::lock_guard<std::mutex> Lock(R.Mutex);
  Variable V{reinterpret_cast<FatBinary *>(Handle), DeviceName, Size, false};
  V.HostPointer = Slot;
  // Found by the slot (the module load) and by the address host code
  // passes (cudaMemcpyToSymbol(x, ...) reads the slot).
  R.Variables[Slot] = V;
  if (Memory) {
    R.Variables[Memory] = V;
    R.Allocations[reinterpret_cast<uintptr_t>(Memory)] = {Size, 0, CudaRuntime::Allocation::Managed,
                                                          /*Static=*/true};
  }
}

char __cudaInitModule(void **) { return 1; }

void __cudaRegisterTexture(void **, const struct textureReference *, const void **,
                           const char *DeviceName, int, int, int) {
  errorf("texture reference '%s' is not supported by Ferry's CUDA runtime (docs/cuda.md)",
         DeviceName);
}

void __cudaRegisterSurface(void **, const struct surfaceReference *, const void **,
                           const char *DeviceName, int, int) {
  errorf("surface reference '%s' is not supported by Ferry's CUDA runtime (docs/cuda.md)",
         DeviceName);
}

unsigned __cudaPushCallConfiguration(dim3 Grid, dim3 Block, size_t Shared,
                                     struct CUstream_st *Stream) {
  Configs.push_back({Grid, Block, Shared, Stream});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *Grid, dim3 *Block, size_t *Shared, void *Stream) {
  if (Configs.empty())
    return fail(cudaErrorMissingConfiguration);
  const CallConfig C = Configs.back();
  Configs.pop_back();
  *Grid = C.Grid;
  *Block = C.Block;
  *Shared = C.Shared;
  *static_cast<cudaStream_t *>(Stream) = C.Stream;
  return cudaSuccess;
}

cudaError_t cudaGetLastError(void) {
  cudaError_t E = LastError;
  LastError = cudaSuccess;
  return E;
}

cudaError_t cudaPeekAtLastError(void) { return LastError; }

cudaError_t cudaGetDevice(int *Device) {
  if (!Device)
    return fail(cudaErrorInvalidValue);
  *Device = CurrentDevice;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int Device) {
  std::vector<ferry::cudart::Device> &Ds = CudaRuntime::get().devices();
  if (Ds.empty())
    return fail(cudaErrorNoDevice);
  if (Device < 0 || size_t(Device) >= Ds.size())
    return fail(cudaErrorInvalidDevice);
  CurrentDevice = Device;
  return cudaSuccess;
}

} // extern "C"

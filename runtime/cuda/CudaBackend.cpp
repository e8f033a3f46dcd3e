//===- CudaBackend.cpp - NVIDIA GPUs through the CUDA driver --------------===//
///
/// \file
/// The CUDA driver API, opened with dlopen (libcuda.so.1, or FERRY_CUDA_LIB).
/// The toolkit headers are not required: the few driver types and constants
/// Ferry uses are declared here with the driver's documented ABI. Each
/// device uses its primary context; each OpenACC queue of a device is a
/// non-blocking stream created on first use (acc_async_sync and
/// acc_async_noval share one). PTX images are JIT-compiled with the error
/// log captured into the message; a kernel image with device-function
/// libraries is linked with cuLink, and so is an image that defines visible
/// device functions, with the table of their addresses
/// (cuda/PtxFunctionTable.h).
///
//===----------------------------------------------------------------------===//
#include "cuda/CudaBackend.h"

#include "core/Debug.h"
#include "core/DiskCache.h"
#include "core/DynamicLibrary.h"
#include "core/Error.h"
#include "core/HostFaults.h"
#include "cuda/PtxFunctionTable.h"
#include "openacc.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ferry {
namespace {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUlinkState = struct CUlinkState_st *;
using CUevent = struct CUevent_st *;
using CUjit_option = int;
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUresult CUDA_ERROR_NOT_READY = 600;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr int CU_JIT_INPUT_PTX = 1;
constexpr unsigned CU_STREAM_NON_BLOCKING = 1;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88;

/// The driver entry points Ferry uses, each under its versioned name.
#define FERRY_CUDA_SYMBOLS(X)                                                  \
  X(cuInit, "cuInit", CUresult, unsigned)                                      \
  X(cuDeviceGetCount, "cuDeviceGetCount", CUresult, int *)                     \
  X(cuDeviceGet, "cuDeviceGet", CUresult, CUdevice *, int)                     \
  X(cuGetErrorName, "cuGetErrorName", CUresult, CUresult, const char **)       \
  X(cuGetErrorString, "cuGetErrorString", CUresult, CUresult, const char **)   \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", CUresult,           \
    CUcontext *, CUdevice)                                                     \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", CUresult, CUcontext)                   \
  X(cuDevicePrimaryCtxReset, "cuDevicePrimaryCtxReset_v2", CUresult, CUdevice) \
  X(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", CUresult,       \
    CUdevice)                                                                  \
  X(cuMemAlloc, "cuMemAlloc_v2", CUresult, CUdeviceptr *, size_t)              \
  X(cuMemFree, "cuMemFree_v2", CUresult, CUdeviceptr)                          \
  X(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", CUresult, CUdeviceptr,          \
    const void *, size_t, CUstream)                                            \
  X(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", CUresult, void *, CUdeviceptr,  \
    size_t, CUstream)                                                          \
  X(cuMemcpyDtoH, "cuMemcpyDtoH_v2", CUresult, void *, CUdeviceptr, size_t)    \
  X(cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2", CUresult, CUdeviceptr,          \
    CUdeviceptr, size_t, CUstream)                                             \
  X(cuMemcpyPeerAsync, "cuMemcpyPeerAsync", CUresult, CUdeviceptr, CUcontext,  \
    CUdeviceptr, CUcontext, size_t, CUstream)                                  \
  X(cuStreamCreate, "cuStreamCreate", CUresult, CUstream *, unsigned)          \
  X(cuStreamSynchronize, "cuStreamSynchronize", CUresult, CUstream)            \
  X(cuStreamQuery, "cuStreamQuery", CUresult, CUstream)                        \
  X(cuStreamDestroy, "cuStreamDestroy_v2", CUresult, CUstream)                  \
  X(cuEventCreate, "cuEventCreate", CUresult, CUevent *, unsigned)             \
  X(cuEventRecord, "cuEventRecord", CUresult, CUevent, CUstream)               \
  X(cuEventSynchronize, "cuEventSynchronize", CUresult, CUevent)               \
  X(cuEventElapsedTime, "cuEventElapsedTime", CUresult, float *, CUevent,      \
    CUevent)                                                                   \
  X(cuEventDestroy, "cuEventDestroy_v2", CUresult, CUevent)                    \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx", CUresult, CUmodule *,            \
    const void *, unsigned, CUjit_option *, void **)                           \
  X(cuModuleUnload, "cuModuleUnload", CUresult, CUmodule)                      \
  X(cuModuleGetFunction, "cuModuleGetFunction", CUresult, CUfunction *,        \
    CUmodule, const char *)                                                    \
  X(cuLaunchKernel, "cuLaunchKernel", CUresult, CUfunction, unsigned,          \
    unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,      \
    void **, void **)                                                          \
  X(cuLinkCreate, "cuLinkCreate_v2", CUresult, unsigned, CUjit_option *,       \
    void **, CUlinkState *)                                                    \
  X(cuLinkAddData, "cuLinkAddData_v2", CUresult, CUlinkState, int, void *,     \
    size_t, const char *, unsigned, CUjit_option *, void **)                   \
  X(cuLinkComplete, "cuLinkComplete", CUresult, CUlinkState, void **,          \
    size_t *)                                                                  \
  X(cuLinkDestroy, "cuLinkDestroy", CUresult, CUlinkState)                     \
  X(cuDeviceGetName, "cuDeviceGetName", CUresult, char *, int, CUdevice)       \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute", CUresult, int *, int,        \
    CUdevice)                                                                  \
  X(cuDeviceTotalMem, "cuDeviceTotalMem_v2", CUresult, size_t *, CUdevice)     \
  X(cuMemGetInfo, "cuMemGetInfo_v2", CUresult, size_t *, size_t *)             \
  X(cuDriverGetVersion, "cuDriverGetVersion", CUresult, int *)                \
  X(cuModuleGetGlobal, "cuModuleGetGlobal_v2", CUresult, CUdeviceptr *,        \
    size_t *, CUmodule, const char *)                                          \
  X(cuEventQuery, "cuEventQuery", CUresult, CUevent)                           \
  X(cuStreamWaitEvent, "cuStreamWaitEvent", CUresult, CUstream, CUevent,       \
    unsigned)                                                                  \
  X(cuMemsetD8Async, "cuMemsetD8Async", CUresult, CUdeviceptr, unsigned char,  \
    size_t, CUstream)                                                          \
  X(cuMemAllocManaged, "cuMemAllocManaged", CUresult, CUdeviceptr *, size_t,   \
    unsigned)                                                                  \
  X(cuMemHostAlloc, "cuMemHostAlloc", CUresult, void **, size_t, unsigned)     \
  X(cuMemFreeHost, "cuMemFreeHost", CUresult, void *)                          \
  X(cuFuncGetAttribute, "cuFuncGetAttribute", CUresult, int *, int,            \
    CUfunction)                                                                \
  X(cuFuncSetAttribute, "cuFuncSetAttribute", CUresult, CUfunction, int, int)  \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor,                               \
    "cuOccupancyMaxActiveBlocksPerMultiprocessor", CUresult, int *,            \
    CUfunction, int, size_t)

struct CudaApi {
#define FERRY_DECLARE(Field, Symbol, Ret, ...) Ret (*Field)(__VA_ARGS__) = nullptr;
  FERRY_CUDA_SYMBOLS(FERRY_DECLARE)
#undef FERRY_DECLARE

  bool load(DynamicLibrary &Lib) {
    bool Ok = true;
#define FERRY_LOAD(Field, Symbol, Ret, ...) Ok &= Lib.load(Symbol, Field);
    FERRY_CUDA_SYMBOLS(FERRY_LOAD)
#undef FERRY_LOAD
    return Ok;
  }
};

class CudaBackend;
struct CudaModule;

/// A CUfunction; the backend launches it and answers for its attributes.
class CudaKernel final : public DeviceKernel {
public:
  CudaKernel(CudaBackend &Cuda, CudaModule *Owner, CUfunction Handle, std::string Name);
  Error launch(const uint32_t Grid[3], const uint32_t Block[3], uint32_t SharedBytes,
               void **Args, int Queue) override;
  bool attribute(int Attr, int &Out) override;
  Error setAttribute(int Attr, int Value) override;
  bool occupancy(int BlockSize, size_t DynamicShared, int &Blocks) override;

  CudaModule *Owner;
  CUfunction Handle;

private:
  CudaBackend &Cuda;
};

/// A CUmodule, which owns the kernels looked up in it.
struct CudaModule final : public DeviceModule {
  CudaModule(CudaBackend &Cuda, int Device);

  int Device;
  CUmodule Handle = nullptr;
  std::vector<std::unique_ptr<CudaKernel>> Kernels;
  /// The visible device functions of its images, each with an entry in a
  /// linked function address table, and the kernels of its images.
  std::set<std::string, std::less<>> Functions, Entries;
  /// Why its images could not be scanned for functions ("" if they were).
  std::string ScanError;
};

/// A CUevent, destroyed with its handle.
class CudaEvent final : public DeviceEvent {
public:
  CudaEvent(CudaBackend &Cuda, CUevent Handle);
  ~CudaEvent() override;
  bool done() override;
  Error wait() override;
  Error queueWait(int Device, int Queue) override;
  double secondsSince(DeviceEvent &Start) override;

private:
  CudaBackend &Cuda;
  CUevent Handle;
};

class CudaBackend final : public Backend {
  friend class CudaEvent;

public:
  const char *name() const override { return "cuda"; }
  DeviceKind kind() const override { return DeviceKind::Nvidia; }

  Error allocate(int Device, size_t Bytes, void **Out) override {
    if (Error E = enter(Device))
      return E;
    CUdeviceptr P = 0;
    if (Error E = check(Api.cuMemAlloc(&P, Bytes), "cuMemAlloc"))
      return E;
    notifyf(NotifyAlloc, "allocate %zu bytes on nvidia device %d at %#llx", Bytes,
            Device, P);
    *Out = reinterpret_cast<void *>(P);
    // The host cannot address this memory: a fault on it says so.
    countAllocation(Device, *Out, Bytes ? Bytes : 1);
    armHostFaultReport(*this);
    return Error::success();
  }

  Error release(int Device, void *Ptr) override {
    if (Error E = enter(Device))
      return E;
    countRelease(Device, Ptr);
    return check(Api.cuMemFree(CUdeviceptr(Ptr)), "cuMemFree");
  }

  Error copyToDevice(int Device, void *Dst, const void *Src, size_t Bytes,
                            int Queue) override {
    CUstream S;
    if (Error E = enterStream(Device, Queue, S))
      return E;
    notifyf(NotifyTransfer, "copy %zu bytes to nvidia device %d (queue %d)", Bytes,
            Device, Queue);
    if (Error E =
            check(Api.cuMemcpyHtoDAsync(CUdeviceptr(Dst), Src, Bytes, S), "cuMemcpyHtoDAsync"))
      return E;
    return Queue == acc_async_sync ? syncStream(S) : Error::success();
  }

  Error copyFromDevice(int Device, void *Dst, const void *Src, size_t Bytes,
                              int Queue) override {
    CUstream S;
    if (Error E = enterStream(Device, Queue, S))
      return E;
    notifyf(NotifyTransfer, "copy %zu bytes from nvidia device %d (queue %d)", Bytes,
            Device, Queue);
    if (Error E =
            check(Api.cuMemcpyDtoHAsync(Dst, CUdeviceptr(Src), Bytes, S), "cuMemcpyDtoHAsync"))
      return E;
    return Queue == acc_async_sync ? syncStream(S) : Error::success();
  }

  /// On one device cuMemcpyDtoDAsync; between two, cuMemcpyPeerAsync (the
  /// driver copies directly where the devices can reach each other and
  /// through the host otherwise), on \p Queue of the source device.
  Error copyDeviceToDevice(int DstDevice, void *Dst, int SrcDevice, const void *Src,
                                  size_t Bytes, int Queue) override {
    // Both devices' contexts made (enter), the source's current.
    CUstream S;
    if (Error E = enter(DstDevice))
      return E;
    if (Error E = enterStream(SrcDevice, Queue, S))
      return E;
    CUcontext DstContext, SrcContext;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      DstContext = Contexts[DstDevice];
      SrcContext = Contexts[SrcDevice];
    }
    notifyf(NotifyTransfer, "copy %zu bytes from nvidia device %d to %d (queue %d)", Bytes,
            SrcDevice, DstDevice, Queue);
    Error E = DstDevice == SrcDevice
                  ? check(Api.cuMemcpyDtoDAsync(CUdeviceptr(Dst), CUdeviceptr(Src), Bytes, S),
                          "cuMemcpyDtoDAsync")
                  : check(Api.cuMemcpyPeerAsync(CUdeviceptr(Dst), DstContext, CUdeviceptr(Src),
                                                SrcContext, Bytes, S),
                          "cuMemcpyPeerAsync");
    if (E)
      return E;
    return Queue == acc_async_sync ? syncStream(S) : Error::success();
  }

  Error wait(int Device, int Queue, bool All) override {
    if (Error E = enter(Device))
      return E;
    notifyf(NotifyWait, "wait for %s on nvidia device %d", All ? "all queues" : "a queue",
            Device);
    for (CUstream S : streamsOf(Device, Queue, All))
      if (Error E = syncStream(S))
        return E;
    return Error::success();
  }

  bool idle(int Device, int Queue, bool All) override {
    if (Error E = enter(Device)) {
      report(E);
      return true;
    }
    for (CUstream S : streamsOf(Device, Queue, All)) {
      CUresult R = Api.cuStreamQuery(S);
      if (R == CUDA_ERROR_NOT_READY)
        return false;
      report(check(R, "cuStreamQuery"));
    }
    return true;
  }

  bool takesImage(int, const Image &I) const override {
    return I.Kind == "ptx" || I.Kind == "cubin";
  }

  Error loadModule(int Device, const std::vector<Image> &Images,
                   std::unique_ptr<DeviceModule> &Out) override {
    if (Error E = enter(Device))
      return E;
    if (Images.empty())
      return makeError(FERRY_ERROR_INVALID, "no image to load on nvidia device %d", Device);
    // Native code: loaded as it is (a cubin never links with others).
    if (Images.size() == 1 && Images[0].Kind == "cubin") {
      auto Mod = std::make_unique<CudaModule>(*this, Device);
      if (Error E = check(Api.cuModuleLoadDataEx(&Mod->Handle, Images[0].Data, 0, nullptr,
                                                 nullptr),
                          "cuModuleLoadDataEx (a cubin)"))
        return E;
      Out = std::move(Mod);
      return Error::success();
    }
    for (const Image &I : Images)
      if (I.Kind != "ptx")
        return makeError(FERRY_ERROR_INVALID,
                         "the cuda backend loads PTX images (or one cubin), not '%s'",
                         I.Kind.c_str());
    auto Mod = std::make_unique<CudaModule>(*this, Device);
    std::vector<std::string> Tables = functionTables(Images, *Mod);
    std::string Log(8192, '\0');
    CUjit_option Options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *Values[] = {Log.data(), reinterpret_cast<void *>(uintptr_t(Log.size()))};
    auto LogText = [&] { return std::string(Log.c_str()); };
    CUmodule M = nullptr;
    // A lone PTX image as a module, JIT-compiled by the driver as a whole
    // program (kept across runs by the driver's own JIT cache); the text
    // must be NUL-terminated for it. Not through cuLink: linking compiles
    // PTX as relocatable code, which runs slower (a tiled SGEMM 1.88 -> 2.41
    // ms on an H200, nvcc's PTX as much as Ferry's).
    auto LoadPTX = [&]() -> Error {
      std::string Text(static_cast<const char *>(Images[0].Data), Images[0].Size);
      CUresult R = Api.cuModuleLoadDataEx(&M, Text.c_str(), 2, Options, Values);
      return R == CUDA_SUCCESS ? Error::success()
                               : makeError(FERRY_ERROR_BACKEND, "cuModuleLoadDataEx: %s\n%s",
                                           describe(R).c_str(), LogText().c_str());
    };
    if (Images.size() == 1 && Tables.empty()) {
      if (Error E = LoadPTX())
        return E;
    } else {
      // Linked results are kept per (image set, device): a second load of
      // the same kernel image and libraries skips the PTX JIT and the link.
      // (The function address tables follow from the images.)
      const std::string &Dir = cacheDir();
      std::string Key = std::to_string(Device);
      for (const Image &I : Images)
        Key += '\0' + std::to_string(I.Size) + ':' +
               std::string(static_cast<const char *>(I.Data), I.Size);
      std::shared_ptr<const std::vector<char>> Cubin;
      {
        std::lock_guard<std::mutex> Lock(Mutex);
        if (auto It = Linked.find(Key); It != Linked.end())
          Cubin = It->second;
      }
      // Then the disk cache: what an earlier run JIT-compiled (a file the
      // driver refuses is compiled again).
      const std::string Cached = Cubin || Dir.empty() ? "" : cacheFile(Dir, Device, Images);
      if (!Cached.empty()) {
        auto Earlier = std::make_shared<std::vector<char>>();
        if (readCacheFile(Cached, *Earlier) &&
            Api.cuModuleLoadDataEx(&M, Earlier->data(), 0, nullptr, nullptr) == CUDA_SUCCESS) {
          std::lock_guard<std::mutex> Lock(Mutex);
          Linked.emplace(Key, std::move(Earlier));
        }
      }
      if (!M && !Cubin) {
        auto Fresh = std::make_shared<std::vector<char>>();
        if (Error E = link(Images, Tables, *Fresh, Options, Values, LogText))
          return E;
        if (!Cached.empty())
          writeCacheFile(Cached, *Fresh);
        std::lock_guard<std::mutex> Lock(Mutex);
        Cubin = Linked.emplace(Key, std::move(Fresh)).first->second;
      }
      if (!M)
        if (Error E = check(Api.cuModuleLoadDataEx(&M, Cubin->data(), 0, nullptr, nullptr),
                            "cuModuleLoadDataEx"))
          return E;
    }
    Mod->Handle = M;
    Out = std::move(Mod);
    return Error::success();
  }

  Error unloadModule(std::unique_ptr<DeviceModule> Module) override {
    auto *M = &own<CudaModule>(*this, *Module);
    Error E = enter(M->Device);
    if (!E)
      E = check(Api.cuModuleUnload(M->Handle), "cuModuleUnload");
    return E;
  }

  Error getKernel(DeviceModule &Module, const char *Name, DeviceKernel *&Out) override {
    auto *M = &own<CudaModule>(*this, Module);
    if (Error E = enter(M->Device))
      return E;
    CUfunction F = nullptr;
    CUresult R = Api.cuModuleGetFunction(&F, M->Handle, Name);
    if (R != CUDA_SUCCESS)
      return makeError(FERRY_ERROR_INVALID,
                       "kernel '%s' is not in the module (cuModuleGetFunction: %s)", Name,
                       describe(R).c_str());
    M->Kernels.push_back(std::make_unique<CudaKernel>(*this, M, F, Name));
    Out = M->Kernels.back().get();
    return Error::success();
  }

  /// Variables: cuModuleGetGlobal. Device functions: the value of their
  /// entry in the module's function address table (size 0: unknown).
  Error symbolAddress(DeviceModule &Module, const char *Name, uint64_t &Address,
                      uint64_t &Size) override {
    auto *M = &own<CudaModule>(*this, Module);
    if (Error E = enter(M->Device))
      return E;
    const std::string_view N = Name;
    if (M->Functions.count(N))
      return functionAddress(*M, Name, Address, Size);
    if (N.substr(0, FunctionAddressPrefix.size()) == FunctionAddressPrefix &&
        M->Functions.count(N.substr(FunctionAddressPrefix.size())))
      return makeError(FERRY_ERROR_INVALID,
                       "'%s' is not a symbol of the module's images: the runtime keeps the "
                       "address of device function '%s' there; ask for '%s'",
                       Name, Name + FunctionAddressPrefix.size(),
                       Name + FunctionAddressPrefix.size());
    if (M->Entries.count(N))
      return makeError(FERRY_ERROR_INVALID,
                       "'%s' is a kernel: kernels of PTX images have no device address on "
                       "NVIDIA (launch it through ferry_module_get_kernel)",
                       Name);
    CUdeviceptr P = 0;
    size_t Bytes = 0;
    CUresult R = Api.cuModuleGetGlobal(&P, &Bytes, M->Handle, Name);
    if (R != CUDA_SUCCESS) {
      if (!M->ScanError.empty())
        return makeError(FERRY_ERROR_INVALID,
                         "'%s' is not a variable of the module (cuModuleGetGlobal: %s), and "
                         "its device functions have no addresses: its PTX could not be "
                         "scanned (%s)",
                         Name, describe(R).c_str(), M->ScanError.c_str());
      return makeError(FERRY_ERROR_INVALID,
                       "'%s' is neither a variable nor a visible device function of the module "
                       "(cuModuleGetGlobal: %s)",
                       Name, describe(R).c_str());
    }
    Address = P;
    Size = Bytes;
    return Error::success();
  }

  Error launch(CudaKernel &K, const uint32_t Grid[3], const uint32_t Block[3],
               uint32_t SharedBytes, void **Args, int Queue) {
    CUstream S;
    if (Error E = enterStream(K.Owner->Device, Queue, S))
      return E;
    notifyf(NotifyLaunch, "launch %s on nvidia device %d: grid %ux%ux%u block %ux%ux%u "
                          "shared %u queue %d",
            K.name().c_str(), K.Owner->Device, Grid[0], Grid[1], Grid[2], Block[0],
            Block[1], Block[2], SharedBytes, Queue);
    CUresult R = Api.cuLaunchKernel(K.Handle, Grid[0], Grid[1], Grid[2], Block[0],
                                    Block[1], Block[2], SharedBytes, S, Args, nullptr);
    if (R != CUDA_SUCCESS)
      return makeError(FERRY_ERROR_BACKEND, "launching kernel '%s' failed: cuLaunchKernel: %s",
                       K.name().c_str(), describe(R).c_str());
    if (Queue == acc_async_sync)
      if (Error E = syncStream(S))
        return makeError(E.status(), "kernel '%s' failed on nvidia device %d: %s",
                         K.name().c_str(), K.Owner->Device, E.message().c_str());
    return Error::success();
  }

  std::unique_ptr<DeviceEvent> eventRecord(int Device, int Queue) override {
    CUstream S;
    CUevent Event = nullptr;
    Error E = enterStream(Device, Queue, S);
    if (!E)
      E = check(Api.cuEventCreate(&Event, 0), "cuEventCreate");
    if (!E) {
      E = check(Api.cuEventRecord(Event, S), "cuEventRecord");
      if (E)
        Api.cuEventDestroy(Event);
    }
    if (E) {
      report(E);
      return nullptr;
    }
    return std::make_unique<CudaEvent>(*this, Event);
  }
  bool hasDeviceEvents() const override { return true; }

  Error fill(int Device, void *Dst, unsigned char Value, size_t Bytes,
                    int Queue) override {
    CUstream S;
    if (Error E = enterStream(Device, Queue, S))
      return E;
    if (Error E = check(Api.cuMemsetD8Async(CUdeviceptr(Dst), Value, Bytes, S),
                        "cuMemsetD8Async"))
      return E;
    return Queue == acc_async_sync ? syncStream(S) : Error::success();
  }
  Error allocateManaged(int Device, size_t Bytes, void **Out) override {
    if (Error E = enter(Device))
      return E;
    CUdeviceptr P = 0;
    // CU_MEM_ATTACH_GLOBAL
    if (Error E = check(Api.cuMemAllocManaged(&P, Bytes, 1), "cuMemAllocManaged"))
      return E;
    *Out = reinterpret_cast<void *>(P);
    return Error::success();
  }
  Error releaseManaged(int Device, void *Ptr) override { return release(Device, Ptr); }
  bool hasManagedMemory() const override { return true; }
  Error allocateHost(int Device, size_t Bytes, void **Out) override {
    if (Error E = enter(Device))
      return E;
    // CU_MEMHOSTALLOC_PORTABLE: pinned for every context.
    return check(Api.cuMemHostAlloc(Out, Bytes, 1), "cuMemHostAlloc");
  }
  Error releaseHost(int Device, void *Ptr) override {
    if (Error E = enter(Device))
      return E;
    return check(Api.cuMemFreeHost(Ptr), "cuMemFreeHost");
  }
  bool reachesHostMemory(int Device) override {
    int Pageable = 0;
    return vendorAttribute(Device, CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, Pageable) &&
           Pageable;
  }
  bool vendorAttribute(int Device, int Attr, int &Out) override {
    CUdevice D;
    return !enter(Device) && Api.cuDeviceGet(&D, Device) == CUDA_SUCCESS &&
           Api.cuDeviceGetAttribute(&Out, Attr, D) == CUDA_SUCCESS;
  }
  bool kernelAttribute(CudaKernel &K, int Attr, int &Out) {
    return !enter(K.Owner->Device) &&
           Api.cuFuncGetAttribute(&Out, Attr, K.Handle) == CUDA_SUCCESS;
  }
  Error setKernelAttribute(CudaKernel &K, int Attr, int Value) {
    if (Error E = enter(K.Owner->Device))
      return E;
    return check(Api.cuFuncSetAttribute(K.Handle, Attr, Value), "cuFuncSetAttribute");
  }
  bool occupancy(CudaKernel &K, int BlockSize, size_t DynamicShared, int &Blocks) {
    return !enter(K.Owner->Device) &&
           Api.cuOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, K.Handle, BlockSize,
                                                           DynamicShared) == CUDA_SUCCESS;
  }

  Error initDevice(int Device) override { return enter(Device); }

  /// Ferry's streams of the device go (after the caller waited for them);
  /// streams given with acc_set_cuda_stream are the program's and are only
  /// forgotten. The primary context stays, and device memory with it.
  void shutdownDevice(int Device) override {
    if (Error E = enter(Device)) {
      report(E);
      return;
    }
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto It = Streams.begin(); It != Streams.end();) {
      if (It->first.first != Device) {
        ++It;
        continue;
      }
      if (!UserStreams.count(It->second))
        report(check(Api.cuStreamDestroy(It->second), "cuStreamDestroy"));
      UserStreams.erase(It->second);
      It = Streams.erase(It);
    }
  }

  /// The primary context is reset: its memory, modules and streams go, and
  /// a sticky failure with them; the next use makes it anew. Streams the
  /// program gave (acc_set_cuda_stream) went with it too.
  bool resetDevice(int Device) override {
    CUdevice D;
    if (Device < 0 || Device >= numDevices() || Api.cuDeviceGet(&D, Device) != CUDA_SUCCESS)
      return false;
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto It = Streams.begin(); It != Streams.end();) {
      if (It->first.first != Device) {
        ++It;
        continue;
      }
      UserStreams.erase(It->second);
      It = Streams.erase(It);
    }
    // Not current and not retained by Ferry any more, then reset: a context
    // that saw a kernel fail is destroyed for good.
    if (Contexts[Device]) {
      Api.cuCtxSetCurrent(nullptr);
      Api.cuDevicePrimaryCtxRelease(D);
    }
    if (report(check(Api.cuDevicePrimaryCtxReset(D), "cuDevicePrimaryCtxReset")))
      return false;
    // The next use retains it again, which makes it anew. Its memory is
    // gone: no address of it is device memory any more.
    Contexts[Device] = nullptr;
    countReset(Device);
    return true;
  }

  void *nativeQueue(int Device, int Queue) override {
    CUstream S = nullptr;
    if (Error E = enterStream(Device, Queue, S)) {
      report(E);
      return nullptr;
    }
    return S;
  }

  /// The queue's earlier work completes first; a stream Ferry made for it
  /// goes.
  bool setNativeQueue(int Device, int Queue, void *Native) override {
    if (Error E = enter(Device)) {
      report(E);
      return false;
    }
    if (Queue == acc_async_sync)
      Queue = acc_async_noval;
    std::lock_guard<std::mutex> Lock(Mutex);
    CUstream &S = Streams[{Device, Queue}];
    if (S) {
      report(check(Api.cuStreamSynchronize(S), "cuStreamSynchronize"));
      if (!UserStreams.count(S))
        report(check(Api.cuStreamDestroy(S), "cuStreamDestroy"));
      UserStreams.erase(S);
    }
    S = static_cast<CUstream>(Native);
    UserStreams.insert(S);
    return true;
  }

  /// "nvptx64-nvidia-cuda--sm_90" from the compute capability.
  std::string isa(int Device) override {
    CUdevice D;
    int Major = 0, Minor = 0;
    if (enter(Device) || check(Api.cuDeviceGet(&D, Device), "cuDeviceGet") ||
        check(Api.cuDeviceGetAttribute(&Major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, D),
              "cuDeviceGetAttribute") ||
        check(Api.cuDeviceGetAttribute(&Minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, D),
              "cuDeviceGetAttribute"))
      return "";
    return "nvptx64-nvidia-cuda--sm_" + std::to_string(Major * 10 + Minor);
  }

  Error properties(int Device, Properties &Out) override {
    if (Error E = enter(Device))
      return E;
    CUdevice D;
    char Name[256] = {0};
    int Version = 0;
    Error E = check(Api.cuDeviceGet(&D, Device), "cuDeviceGet");
    if (!E)
      E = check(Api.cuDeviceGetName(Name, sizeof Name - 1, D), "cuDeviceGetName");
    if (!E)
      E = check(Api.cuDeviceTotalMem(&Out.TotalMemory, D), "cuDeviceTotalMem");
    if (!E)
      E = check(Api.cuMemGetInfo(&Out.FreeMemory, &Out.TotalMemory), "cuMemGetInfo");
    if (!E)
      E = check(Api.cuDriverGetVersion(&Version), "cuDriverGetVersion");
    if (E)
      return E;
    Out.Name = Name;
    Out.Vendor = "NVIDIA";
    Out.Driver = "CUDA " + std::to_string(Version / 1000) + "." +
                 std::to_string(Version % 1000 / 10);
    return Error::success();
  }

protected:
  void discover() override {
    std::vector<std::string> Candidates;
    if (auto Override = envString("FERRY_CUDA_LIB"))
      Candidates.push_back(*Override);
    else
      Candidates = {"libcuda.so.1"};
    if (!Lib.open(Candidates)) {
      Status = "CUDA driver not available: " + Lib.error();
      return;
    }
    if (!Api.load(Lib)) {
      Status = "CUDA driver unusable: " + Lib.error();
      return;
    }
    CUresult R = Api.cuInit(0);
    if (R != CUDA_SUCCESS) {
      Status = R == CUDA_ERROR_NO_DEVICE ? "no NVIDIA GPU (cuInit: 100)"
                                         : "cuInit failed: " + describe(R);
      return;
    }
    int Count = 0;
    R = Api.cuDeviceGetCount(&Count);
    if (R != CUDA_SUCCESS) {
      Status = "cuDeviceGetCount failed: " + describe(R);
      return;
    }
    NumDevices = Count;
    Contexts.assign(Count, nullptr);
    Status = Count ? "ok" : "no NVIDIA GPU";
    debugf("cuda: %d device(s) via %s", Count, Lib.path().c_str());
  }

private:
  std::string describe(CUresult R) {
    const char *Name = nullptr, *Text = nullptr;
    std::string S = std::to_string(R);
    if (Api.cuGetErrorName && Api.cuGetErrorName(R, &Name) == CUDA_SUCCESS && Name)
      S = std::string(Name) + " (" + S + ")";
    if (Api.cuGetErrorString && Api.cuGetErrorString(R, &Text) == CUDA_SUCCESS && Text)
      S += std::string(": ") + Text;
    return S;
  }

  /// The driver's result \p R of \p Call as an Error.
  Error check(CUresult R, const char *Call) {
    if (R == CUDA_SUCCESS)
      return Error::success();
    return makeError(FERRY_ERROR_BACKEND, "%s: %s", Call, describe(R).c_str());
  }

  /// Makes \p Device's primary context current on this thread.
  Error enter(int Device) {
    if (Device < 0 || Device >= numDevices())
      return makeError(FERRY_ERROR_BACKEND, "nvidia device %d does not exist (%d device(s))",
                       Device, numDevices());
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Contexts[Device]) {
      CUdevice D;
      if (Error E = check(Api.cuDeviceGet(&D, Device), "cuDeviceGet"))
        return E;
      if (Error E = check(Api.cuDevicePrimaryCtxRetain(&Contexts[Device], D),
                          "cuDevicePrimaryCtxRetain"))
        return E;
    }
    return check(Api.cuCtxSetCurrent(Contexts[Device]), "cuCtxSetCurrent");
  }

  /// The stream of OpenACC queue \p Queue on \p Device (context current).
  Error stream(int Device, int Queue, CUstream &Out) {
    if (Queue == acc_async_sync)
      Queue = acc_async_noval;
    std::lock_guard<std::mutex> Lock(Mutex);
    CUstream &S = Streams[{Device, Queue}];
    if (!S)
      if (Error E = check(Api.cuStreamCreate(&S, CU_STREAM_NON_BLOCKING), "cuStreamCreate"))
        return E;
    Out = S;
    return Error::success();
  }

  /// enter() and stream().
  Error enterStream(int Device, int Queue, CUstream &Out) {
    if (Error E = enter(Device))
      return E;
    return stream(Device, Queue, Out);
  }

  std::vector<CUstream> streamsOf(int Device, int Queue, bool All) {
    if (Queue == acc_async_sync)
      Queue = acc_async_noval;
    std::lock_guard<std::mutex> Lock(Mutex);
    std::vector<CUstream> Out;
    for (auto &[Key, S] : Streams)
      if (Key.first == Device && (All || Key.second == Queue))
        Out.push_back(S);
    return Out;
  }

  Error syncStream(CUstream S) {
    return check(Api.cuStreamSynchronize(S), "cuStreamSynchronize");
  }

  /// The function address tables to link with \p Images (one per image
  /// that defines visible device functions, each function once), recording
  /// the functions and kernels in \p M. An image that cannot be scanned
  /// leaves the module without function addresses (M.ScanError says why);
  /// whether it loads is the driver's to say.
  std::vector<std::string> functionTables(const std::vector<Image> &Images, CudaModule &M) {
    std::vector<std::string> Tables;
    for (size_t I = 0; I < Images.size(); ++I) {
      PtxScan Scan;
      std::string Why =
          scanPtx({static_cast<const char *>(Images[I].Data), Images[I].Size}, Scan);
      if (!Why.empty()) {
        M.ScanError = (Images.size() == 1 ? std::string("the image")
                       : I                ? "library " + std::to_string(I)
                                          : std::string("the kernel image")) +
                      ": " + Why;
        debugf("cuda: no device-function addresses for the module: %s", M.ScanError.c_str());
        M.Functions.clear();
        return {};
      }
      M.Entries.insert(Scan.Kernels.begin(), Scan.Kernels.end());
      // A weak function defined by two images: the first one's entry.
      Scan.Functions.erase(std::remove_if(Scan.Functions.begin(), Scan.Functions.end(),
                                          [&](const PtxFunction &F) {
                                            return !M.Functions.insert(F.Name).second;
                                          }),
                           Scan.Functions.end());
      if (!Scan.Functions.empty())
        Tables.push_back(functionAddressTable(Scan));
    }
    return Tables;
  }

  /// The device address of visible device function \p Name of \p M: the
  /// value of its table entry, which the driver relocated at load.
  Error functionAddress(CudaModule &M, const char *Name, uint64_t &Address, uint64_t &Size) {
    const std::string Entry = std::string(FunctionAddressPrefix) + Name;
    CUdeviceptr P = 0;
    size_t Bytes = 0;
    if (Error E = check(Api.cuModuleGetGlobal(&P, &Bytes, M.Handle, Entry.c_str()),
                        "cuModuleGetGlobal"))
      return makeError(E.status(), "device function '%s': its address table entry '%s': %s",
                       Name, Entry.c_str(), E.message().c_str());
    uint64_t Value = 0;
    if (Bytes != 4 && Bytes != 8)
      return makeError(FERRY_ERROR_BACKEND,
                       "device function '%s': its address table entry '%s' has %zu bytes, "
                       "not 4 or 8",
                       Name, Entry.c_str(), Bytes);
    if (Error E = check(Api.cuMemcpyDtoH(&Value, P, Bytes), "cuMemcpyDtoH"))
      return makeError(E.status(), "device function '%s': reading its address: %s", Name,
                       E.message().c_str());
    Address = Value;
    Size = 0;
    return Error::success();
  }

  /// The disk cache of what the driver JIT-compiles from PTX, so that a
  /// program's next run loads native code: the cache directory's cuda/
  /// (core/DiskCache.h); "" without one.
  static const std::string &cacheDir() {
    static const std::string Dir = runtimeCacheDir("cuda");
    return Dir;
  }
  /// The file in \p Dir for \p Images on \p Device: <key>.cubin, the key an
  /// FNV-1a digest of the driver's version, the device's architecture and
  /// the images; "" when the driver does not say its version or the
  /// device's architecture.
  std::string cacheFile(const std::string &Dir, int Device, const std::vector<Image> &Images) {
    int Driver = 0;
    const std::string Arch = isa(Device);
    if (Api.cuDriverGetVersion(&Driver) != CUDA_SUCCESS || Arch.empty())
      return "";
    Fnv1a Hash;
    const std::string Head = "ferry-cuda-jit-1 " + std::to_string(Driver) + " " + Arch;
    Hash.add(Head.data(), Head.size());
    for (const Image &I : Images) {
      Hash.add(uint64_t(I.Size));
      Hash.add(I.Data, I.Size);
    }
    return Dir + "/" + Hash.hex() + ".cubin";
  }

  /// Links \p Images (the kernel image first) and the function address
  /// \p Tables into a cubin.
  template <class LogFn>
  Error link(const std::vector<Image> &Images, const std::vector<std::string> &Tables,
             std::vector<char> &Out, CUjit_option *Options, void **Values, LogFn LogText) {
    CUlinkState State = nullptr;
    if (Error E = check(Api.cuLinkCreate(2, Options, Values, &State), "cuLinkCreate"))
      return E;
    auto Fail = [&](const char *Call, CUresult R, const char *What) {
      Error E = makeError(FERRY_ERROR_BACKEND, "%s%s: %s\n%s", Call, What, describe(R).c_str(),
                          LogText().c_str());
      Api.cuLinkDestroy(State);
      return E;
    };
    // (name, PTX text), the text NUL-terminated for the driver.
    std::vector<std::pair<std::string, std::string>> Inputs;
    for (size_t I = 0; I < Images.size(); ++I)
      Inputs.emplace_back(I ? "library " + std::to_string(I) : std::string("kernel image"),
                          std::string(static_cast<const char *>(Images[I].Data), Images[I].Size));
    for (size_t I = 0; I < Tables.size(); ++I)
      Inputs.emplace_back("function address table " + std::to_string(I + 1), Tables[I]);
    for (auto &[Name, Text] : Inputs) {
      CUresult R = Api.cuLinkAddData(State, CU_JIT_INPUT_PTX, Text.data(), Text.size() + 1,
                                     Name.c_str(), 0, nullptr, nullptr);
      if (R != CUDA_SUCCESS)
        return Fail("cuLinkAddData", R, (" (" + Name + ")").c_str());
    }
    void *Cubin = nullptr;
    size_t Size = 0;
    CUresult R = Api.cuLinkComplete(State, &Cubin, &Size);
    if (R != CUDA_SUCCESS) {
      std::string What = Images.size() == 1
                             ? std::string(" (linking the image")
                             : " (linking the kernel image with " +
                                   std::to_string(Images.size() - 1) + " librar" +
                                   (Images.size() == 2 ? "y" : "ies");
      if (!Tables.empty())
        What += (Images.size() == 1 ? " with " : " and ") + std::to_string(Tables.size()) +
                " function address table" + (Tables.size() == 1 ? "" : "s");
      return Fail("cuLinkComplete", R, (What + ")").c_str());
    }
    Out.assign(static_cast<const char *>(Cubin), static_cast<const char *>(Cubin) + Size);
    Api.cuLinkDestroy(State);
    return Error::success();
  }

  DynamicLibrary Lib;
  CudaApi Api;
  std::mutex Mutex;
  std::vector<CUcontext> Contexts;
  std::map<std::pair<int, int>, CUstream> Streams;
  std::set<CUstream> UserStreams; ///< from acc_set_cuda_stream, not Ferry's to destroy
  std::map<std::string, std::shared_ptr<const std::vector<char>>> Linked;
};

CudaModule::CudaModule(CudaBackend &Cuda, int Device) : DeviceModule(Cuda), Device(Device) {}

CudaKernel::CudaKernel(CudaBackend &Cuda, CudaModule *Owner, CUfunction Handle,
                       std::string Name)
    : DeviceKernel(Cuda, std::move(Name)), Owner(Owner), Handle(Handle), Cuda(Cuda) {}
Error CudaKernel::launch(const uint32_t Grid[3], const uint32_t Block[3], uint32_t SharedBytes,
                         void **Args, int Queue) {
  return Cuda.launch(*this, Grid, Block, SharedBytes, Args, Queue);
}
bool CudaKernel::attribute(int Attr, int &Out) { return Cuda.kernelAttribute(*this, Attr, Out); }
Error CudaKernel::setAttribute(int Attr, int Value) {
  return Cuda.setKernelAttribute(*this, Attr, Value);
}
bool CudaKernel::occupancy(int BlockSize, size_t DynamicShared, int &Blocks) {
  return Cuda.occupancy(*this, BlockSize, DynamicShared, Blocks);
}

CudaEvent::CudaEvent(CudaBackend &Cuda, CUevent Handle)
    : DeviceEvent(Cuda), Cuda(Cuda), Handle(Handle) {}
CudaEvent::~CudaEvent() { Cuda.Api.cuEventDestroy(Handle); }
bool CudaEvent::done() { return Cuda.Api.cuEventQuery(Handle) != CUDA_ERROR_NOT_READY; }
Error CudaEvent::wait() {
  return Cuda.check(Cuda.Api.cuEventSynchronize(Handle), "cuEventSynchronize");
}
Error CudaEvent::queueWait(int Device, int Queue) {
  CUstream S;
  if (Error E = Cuda.enterStream(Device, Queue, S))
    return E;
  return Cuda.check(Cuda.Api.cuStreamWaitEvent(S, Handle, 0), "cuStreamWaitEvent");
}
double CudaEvent::secondsSince(DeviceEvent &Start) {
  float Ms = -1;
  if (report(Cuda.check(Cuda.Api.cuEventSynchronize(Handle), "cuEventSynchronize")) ||
      report(Cuda.check(
          Cuda.Api.cuEventElapsedTime(&Ms, own<CudaEvent>(Cuda, Start).Handle, Handle),
          "cuEventElapsedTime")))
    return -1;
  return Ms / 1e3;
}

} // namespace

std::unique_ptr<Backend> createCudaBackend() {
  return std::make_unique<CudaBackend>();
}

} // namespace ferry

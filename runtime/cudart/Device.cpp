//===- Device.cpp - CUDA device management and properties -----------------===//
///
/// \file
/// cudaGetDeviceCount, cudaGetDeviceProperties, cudaDeviceGetAttribute and
/// the rest of device management. NVIDIA devices answer with the driver's
/// values. AMD devices answer with their own: compute units as
/// multiprocessors, the clocks, memory and caches ROCR reports (the
/// emulator: those of a representative product, docs/cuda.md), a warp of 32
/// (the CUDA warp Ferry keeps: two per wave64 on gfx9, one wave32 on
/// gfx10+), 64 KiB of group memory per block, and as compute capability the
/// highest sm_NN the program was compiled for (its device code was written
/// for that and Ferry translates what it uses).
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

#include "core/Debug.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace ferry;
using namespace ferry::cudart;

namespace {

CudaRuntime &rt() { return CudaRuntime::get(); }

/// An attribute whose value is the same on every AMD device.
struct FixedAttribute {
  cudaDeviceAttr Attr;
  int Value;
};
constexpr FixedAttribute AmdFixedAttributes[] = {
    {cudaDevAttrMaxBlockDimZ, 64},
    {cudaDevAttrMaxGridDimX, 0x7fffffff},
    {cudaDevAttrMaxGridDimY, 65535},
    {cudaDevAttrMaxGridDimZ, 65535},
    {cudaDevAttrReservedSharedMemoryPerBlock, 0},
    {cudaDevAttrTotalConstantMemory, 65536},
    {cudaDevAttrWarpSize, 32},
    {cudaDevAttrMaxPitch, 0x7fffffff},
    {cudaDevAttrMaxRegistersPerBlock, 65536},
    {cudaDevAttrMaxRegistersPerMultiprocessor, 65536},
    {cudaDevAttrTextureAlignment, 256},
    {cudaDevAttrTexturePitchAlignment, 256},
    {cudaDevAttrSurfaceAlignment, 256},
    {cudaDevAttrKernelExecTimeout, 0},
    {cudaDevAttrIntegrated, 0},
    {cudaDevAttrEccEnabled, 0},
    {cudaDevAttrTccDriver, 0},
    {cudaDevAttrIsMultiGpuBoard, 0},
    {cudaDevAttrCooperativeLaunch, 0},
    {cudaDevAttrComputePreemptionSupported, 0},
    {cudaDevAttrStreamPrioritiesSupported, 0},
    {cudaDevAttrHostNativeAtomicSupported, 0},
    {cudaDevAttrPageableMemoryAccess, 0},
    {cudaDevAttrClusterLaunch, 0},
    {cudaDevAttrGPUDirectRDMASupported, 0},
    {cudaDevAttrCanMapHostMemory, 1},
    {cudaDevAttrUnifiedAddressing, 1},
    {cudaDevAttrConcurrentKernels, 1},
    {cudaDevAttrGlobalL1CacheSupported, 1},
    {cudaDevAttrLocalL1CacheSupported, 1},
    {cudaDevAttrHostRegisterSupported, 1},
    {cudaDevAttrCanUseHostPointerForRegisteredMem, 1},
    {cudaDevAttrMemoryPoolsSupported, 1}, // each device's default pool
    {cudaDevAttrComputeMode, cudaComputeModeDefault},
    {cudaDevAttrAsyncEngineCount, 2},
    {cudaDevAttrMaxBlocksPerMultiprocessor, 32},
    {cudaDevAttrSingleToDoublePrecisionPerfRatio, 2},
    {cudaDevAttrMaxPersistingL2CacheSize, 0},
    {cudaDevAttrMaxAccessPolicyWindowSize, 0},
    {cudaDevAttrGpuOverlap, 1}, // copies and kernels of other streams overlap
    {cudaDevAttrNumaId, -1},
    {cudaDevAttrHostNumaId, -1},
};

/// The value of \p Attr that follows from the AMD device's properties \p P
/// (and, for the compute capability, from the program); false for an
/// attribute that does not.
bool amdPropertyAttribute(Device &D, const Backend::Properties &P, cudaDeviceAttr Attr,
                          int &Out) {
  const int SM = rt().programSM();
  switch (Attr) {
  case cudaDevAttrMaxThreadsPerBlock:
  case cudaDevAttrMaxBlockDimX:
  case cudaDevAttrMaxBlockDimY:
    Out = P.MaxWorkGroupSize ? P.MaxWorkGroupSize : 1024;
    return true;
  case cudaDevAttrMaxSharedMemoryPerBlock:
  case cudaDevAttrMaxSharedMemoryPerBlockOptin:
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    Out = P.GroupMemoryBytes ? P.GroupMemoryBytes : 65536;
    return true;
  case cudaDevAttrClockRate:
    Out = P.ClockKHz;
    return true;
  case cudaDevAttrMultiProcessorCount:
    Out = P.ComputeUnits ? P.ComputeUnits : 1;
    return true;
  case cudaDevAttrManagedMemory:
  case cudaDevAttrConcurrentManagedAccess:
  case cudaDevAttrDirectManagedMemAccessFromHost:
    // Where the backend has managed memory (the emulator: host memory).
    Out = D.B->hasManagedMemory();
    return true;
  case cudaDevAttrPciBusId:
    Out = P.PciBus;
    return true;
  case cudaDevAttrPciDeviceId:
    Out = P.PciDevice;
    return true;
  case cudaDevAttrPciDomainId:
    Out = P.PciDomain;
    return true;
  case cudaDevAttrMemoryClockRate:
    Out = P.MemoryClockKHz;
    return true;
  case cudaDevAttrGlobalMemoryBusWidth:
    Out = P.MemoryBusWidth;
    return true;
  case cudaDevAttrL2CacheSize:
    Out = P.L2Bytes;
    return true;
  case cudaDevAttrMaxThreadsPerMultiProcessor:
    Out = (P.MaxWavesPerCU ? P.MaxWavesPerCU : 32) * (P.WaveSize ? P.WaveSize : 64);
    return true;
  case cudaDevAttrComputeCapabilityMajor:
    Out = SM / 10;
    return true;
  case cudaDevAttrComputeCapabilityMinor:
    Out = SM % 10;
    return true;
  default:
    return false;
  }
}

/// The value of \p Attr for the AMD device \p D; false for a value that
/// is no attribute of CUDA's (cudaErrorInvalidValue).
bool amdAttribute(Device &D, cudaDeviceAttr Attr, int &Out) {
  Backend::Properties P;
  report(D.B->properties(D.Number, P));
  for (const FixedAttribute &F : AmdFixedAttributes)
    if (F.Attr == Attr) {
      Out = F.Value;
      return true;
    }
  if (amdPropertyAttribute(D, P, Attr, Out))
    return true;
  // The rest are sizes and capabilities of what Ferry's devices do not
  // have (textures and surfaces, NUMA, MPS, IPC handles, graphics
  // interop): 0, as CUDA reports a capability a device lacks.
  if (int(Attr) > 0 && Attr < cudaDevAttrMax) {
    Out = 0;
    return true;
  }
  return false;
}

cudaError_t attribute(Device &D, cudaDeviceAttr Attr, int &Out) {
  if (rt().isAmd())
    return amdAttribute(D, Attr, Out) ? cudaSuccess : fail(cudaErrorInvalidValue);
  return D.B->vendorAttribute(D.Number, int(Attr), Out) ? cudaSuccess : fail(cudaErrorInvalidValue);
}

} // namespace

extern "C" {

cudaError_t cudaGetDeviceCount(int *Count) {
  if (!Count)
    return fail(cudaErrorInvalidValue);
  *Count = int(rt().devices().size());
  return *Count ? cudaSuccess : fail(cudaErrorNoDevice);
}

cudaError_t cudaDeviceGetAttribute(int *Value, cudaDeviceAttr Attr, int DeviceNum) {
  if (!Value)
    return fail(cudaErrorInvalidValue);
  if (rt().devices().empty())
    return fail(cudaErrorNoDevice);
  Device *D = rt().device(DeviceNum);
  if (!D)
    return fail(cudaErrorInvalidDevice);
  return attribute(*D, Attr, *Value);
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp *Prop, int DeviceNum) {
  if (!Prop)
    return fail(cudaErrorInvalidValue);
  if (rt().devices().empty())
    return fail(cudaErrorNoDevice);
  Device *D = rt().device(DeviceNum);
  if (!D)
    return fail(cudaErrorInvalidDevice);
  std::memset(Prop, 0, sizeof *Prop);
  Backend::Properties P;
  if (report(D->B->properties(D->Number, P)) != FERRY_SUCCESS)
    return fail(cudaErrorUnknown);
  std::snprintf(Prop->name, sizeof Prop->name, "%s", P.Name.c_str());
  Prop->totalGlobalMem = P.TotalMemory;
  auto Get = [&](cudaDeviceAttr A) {
    int V = 0;
    (void)attribute(*D, A, V);
    return V;
  };
  Prop->sharedMemPerBlock = size_t(Get(cudaDevAttrMaxSharedMemoryPerBlock));
  Prop->regsPerBlock = Get(cudaDevAttrMaxRegistersPerBlock);
  Prop->warpSize = Get(cudaDevAttrWarpSize);
  Prop->memPitch = size_t(Get(cudaDevAttrMaxPitch));
  Prop->maxThreadsPerBlock = Get(cudaDevAttrMaxThreadsPerBlock);
  Prop->maxThreadsDim[0] = Get(cudaDevAttrMaxBlockDimX);
  Prop->maxThreadsDim[1] = Get(cudaDevAttrMaxBlockDimY);
  Prop->maxThreadsDim[2] = Get(cudaDevAttrMaxBlockDimZ);
  Prop->maxGridSize[0] = Get(cudaDevAttrMaxGridDimX);
  Prop->maxGridSize[1] = Get(cudaDevAttrMaxGridDimY);
  Prop->maxGridSize[2] = Get(cudaDevAttrMaxGridDimZ);
  Prop->totalConstMem = size_t(Get(cudaDevAttrTotalConstantMemory));
  Prop->major = Get(cudaDevAttrComputeCapabilityMajor);
  Prop->minor = Get(cudaDevAttrComputeCapabilityMinor);
  Prop->textureAlignment = size_t(Get(cudaDevAttrTextureAlignment));
  Prop->texturePitchAlignment = size_t(Get(cudaDevAttrTexturePitchAlignment));
  Prop->multiProcessorCount = Get(cudaDevAttrMultiProcessorCount);
  Prop->integrated = Get(cudaDevAttrIntegrated);
  Prop->canMapHostMemory = Get(cudaDevAttrCanMapHostMemory);
  Prop->surfaceAlignment = size_t(Get(cudaDevAttrSurfaceAlignment));
  Prop->concurrentKernels = Get(cudaDevAttrConcurrentKernels);
  Prop->ECCEnabled = Get(cudaDevAttrEccEnabled);
  Prop->pciBusID = Get(cudaDevAttrPciBusId);
  Prop->pciDeviceID = Get(cudaDevAttrPciDeviceId);
  Prop->pciDomainID = Get(cudaDevAttrPciDomainId);
  Prop->asyncEngineCount = Get(cudaDevAttrAsyncEngineCount);
  Prop->unifiedAddressing = Get(cudaDevAttrUnifiedAddressing);
  Prop->memoryBusWidth = Get(cudaDevAttrGlobalMemoryBusWidth);
  Prop->l2CacheSize = Get(cudaDevAttrL2CacheSize);
  Prop->maxThreadsPerMultiProcessor = Get(cudaDevAttrMaxThreadsPerMultiProcessor);
  Prop->streamPrioritiesSupported = Get(cudaDevAttrStreamPrioritiesSupported);
  Prop->globalL1CacheSupported = Get(cudaDevAttrGlobalL1CacheSupported);
  Prop->localL1CacheSupported = Get(cudaDevAttrLocalL1CacheSupported);
  Prop->sharedMemPerMultiprocessor = size_t(Get(cudaDevAttrMaxSharedMemoryPerMultiprocessor));
  Prop->regsPerMultiprocessor = Get(cudaDevAttrMaxRegistersPerMultiprocessor);
  Prop->managedMemory = Get(cudaDevAttrManagedMemory);
  Prop->concurrentManagedAccess = Get(cudaDevAttrConcurrentManagedAccess);
  Prop->computePreemptionSupported = Get(cudaDevAttrComputePreemptionSupported);
  Prop->canUseHostPointerForRegisteredMem = Get(cudaDevAttrCanUseHostPointerForRegisteredMem);
  Prop->cooperativeLaunch = Get(cudaDevAttrCooperativeLaunch);
  Prop->sharedMemPerBlockOptin = size_t(Get(cudaDevAttrMaxSharedMemoryPerBlockOptin));
  Prop->directManagedMemAccessFromHost = Get(cudaDevAttrDirectManagedMemAccessFromHost);
  Prop->maxBlocksPerMultiProcessor = Get(cudaDevAttrMaxBlocksPerMultiprocessor);
  Prop->hostRegisterSupported = Get(cudaDevAttrHostRegisterSupported);
  Prop->memoryPoolsSupported = Get(cudaDevAttrMemoryPoolsSupported);
  Prop->hostNumaId = -1;
  return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *DeviceNum, const cudaDeviceProp *) {
  if (!DeviceNum)
    return fail(cudaErrorInvalidValue);
  if (rt().devices().empty())
    return fail(cudaErrorNoDevice);
  *DeviceNum = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceReset(void) {
  cudaError_t Err;
  const bool Failed = rt().Sticky != cudaSuccess;
  rt().Sticky = cudaSuccess;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  // Work still queued completes first; after a kernel failed, the reset
  // discards it.
  if (!Failed)
    report(D->B->wait(D->Number, 0, /*All=*/true));
  rt().reset(*D);
  return cudaSuccess;
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaSetDeviceFlags(unsigned Flags) {
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  D->Flags = Flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned *Flags) {
  if (!Flags)
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  *Flags = D->Flags;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(cudaLimit Limit, size_t Value) {
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  // Stack, printf buffer and heap sizes are fixed by Ferry's translation;
  // the values are kept so that the program reads back what it set.
  D->Limits[size_t(Limit)] = Value;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *Value, cudaLimit Limit) {
  if (!Value)
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  auto It = D->Limits.find(size_t(Limit));
  if (It != D->Limits.end()) {
    *Value = It->second;
    return cudaSuccess;
  }
  switch (Limit) {
  case cudaLimitStackSize:
    *Value = 1024;
    return cudaSuccess;
  case cudaLimitPrintfFifoSize:
  case cudaLimitMallocHeapSize:
    *Value = size_t(8) << 20;
    return cudaSuccess;
  default:
    *Value = 0;
    return cudaSuccess;
  }
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return cudaSuccess; }

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache *Config) {
  if (!Config)
    return fail(cudaErrorInvalidValue);
  *Config = cudaFuncCachePreferNone;
  return cudaSuccess;
}

// Bank widths: a configuration of Kepler's shared memory, which later GPUs
// (and AMD's group memory) do not have: accepted, the default reported.
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig Config) {
  return Config <= cudaSharedMemBankSizeEightByte ? cudaSuccess : fail(cudaErrorInvalidValue);
}

cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *Config) {
  if (!Config)
    return fail(cudaErrorInvalidValue);
  *Config = cudaSharedMemBankSizeFourByte;
  return cudaSuccess;
}

cudaError_t cudaFuncSetSharedMemConfig(const void *Func, cudaSharedMemConfig Config) {
  if (!Func)
    return fail(cudaErrorInvalidDeviceFunction);
  return Config <= cudaSharedMemBankSizeEightByte ? cudaSuccess : fail(cudaErrorInvalidValue);
}

/// "dddd:bb:dd.0", as CUDA writes a device's PCI address.
cudaError_t cudaDeviceGetPCIBusId(char *Id, int Length, int DeviceNum) {
  if (!Id || Length <= 0)
    return fail(cudaErrorInvalidValue);
  int Domain, Bus, Dev;
  if (cudaError_t E = cudaDeviceGetAttribute(&Domain, cudaDevAttrPciDomainId, DeviceNum))
    return E;
  cudaDeviceGetAttribute(&Bus, cudaDevAttrPciBusId, DeviceNum);
  cudaDeviceGetAttribute(&Dev, cudaDevAttrPciDeviceId, DeviceNum);
  std::snprintf(Id, size_t(Length), "%04x:%02x:%02x.0", Domain, Bus, Dev);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *DeviceNum, const char *Id) {
  if (!DeviceNum || !Id)
    return fail(cudaErrorInvalidValue);
  unsigned Domain = 0, Bus = 0, Dev = 0;
  // "dddd:bb:dd.f" or "bb:dd.f".
  if (std::sscanf(Id, "%x:%x:%x", &Domain, &Bus, &Dev) != 3) {
    Domain = 0;
    if (std::sscanf(Id, "%x:%x", &Bus, &Dev) != 2)
      return fail(cudaErrorInvalidValue);
  }
  for (int N = 0; N < int(rt().devices().size()); ++N) {
    int D = -1, B = -1, V = -1;
    cudaDeviceGetAttribute(&D, cudaDevAttrPciDomainId, N);
    cudaDeviceGetAttribute(&B, cudaDevAttrPciBusId, N);
    cudaDeviceGetAttribute(&V, cudaDevAttrPciDeviceId, N);
    if (unsigned(D) == Domain && unsigned(B) == Bus && unsigned(V) == Dev) {
      *DeviceNum = N;
      return cudaSuccess;
    }
  }
  return fail(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceCanAccessPeer(int *Can, int DeviceNum, int PeerDevice) {
  if (!Can)
    return fail(cudaErrorInvalidValue);
  if (!rt().device(DeviceNum) || !rt().device(PeerDevice))
    return fail(cudaErrorInvalidDevice);
  *Can = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetP2PAttribute(int *Value, cudaDeviceP2PAttr Attr, int Src, int Dst) {
  // Ferry gives devices no peer access (cudaDeviceCanAccessPeer): every
  // capability 0, the performance rank too.
  if (!Value || int(Attr) < cudaDevP2PAttrPerformanceRank ||
      int(Attr) > cudaDevP2PAttrCudaArrayAccessSupported)
    return fail(cudaErrorInvalidValue);
  if (!rt().device(Src) || !rt().device(Dst) || Src == Dst)
    return fail(cudaErrorInvalidDevice);
  *Value = 0;
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *Version) {
  if (!Version)
    return fail(cudaErrorInvalidValue);
  *Version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *Version) {
  if (!Version)
    return fail(cudaErrorInvalidValue);
  *Version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaInitDevice(int DeviceNum, unsigned, unsigned) {
  Device *D = rt().device(DeviceNum);
  if (!D)
    return fail(rt().devices().empty() ? cudaErrorNoDevice : cudaErrorInvalidDevice);
  return fromError(D->B->initDevice(D->Number));
}

} // extern "C"

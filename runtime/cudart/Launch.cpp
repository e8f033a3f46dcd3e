//===- Launch.cpp - Kernel launches, function attributes, occupancy -------===//
///
/// \file
/// cudaLaunchKernel (what `<<<>>>` becomes), its checks of the launch
/// configuration against the device's limits, host functions on streams,
/// cudaFuncGetAttributes/SetAttribute and the occupancy calculator. On
/// NVIDIA the driver answers for its kernels; on AMD the answers come from
/// the code object's metadata (registers, group and private memory) and the
/// device's compute units.
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

#include "core/Debug.h"

#include <algorithm>
#include <cstring>

using namespace ferry;
using namespace ferry::cudart;

namespace {

CudaRuntime &rt() { return CudaRuntime::get(); }

/// Group memory of a work-group on AMD GPUs.
constexpr int AmdGroupMemory = 65536;

/// Resident blocks of \p Threads work-items using \p Shared bytes of group
/// memory per AMD compute unit: limited by waves, registers and group memory.
int amdBlocksPerCU(Device &D, const Kernel &K, int Threads, size_t Shared) {
  Backend::Properties P;
  report(D.B->properties(D.Number, P));
  const int Wave = P.WaveSize ? P.WaveSize : 64;
  const int MaxWaves = P.MaxWavesPerCU ? P.MaxWavesPerCU : 32;
  const int WavesPerBlock = (Threads + Wave - 1) / Wave;
  int Blocks = MaxWaves / std::max(WavesPerBlock, 1);
  const SymbolInfo *S = K.Amd;
  if (S && S->VGPRs) {
    // 512 registers per lane of a SIMD (gfx90a: VGPRs and AGPRs), 4 SIMDs
    // per compute unit; a wave holds its registers on one SIMD.
    const int PerWave = int(S->VGPRs + S->AGPRs);
    const int WavesPerSimd = std::min(8, 512 / std::max(PerWave, 1));
    Blocks = std::min(Blocks, WavesPerSimd * 4 / std::max(WavesPerBlock, 1));
  }
  const size_t Group = (S ? S->LDS : 0) + Shared;
  if (Group)
    Blocks = std::min<int>(Blocks, int(AmdGroupMemory / Group));
  return std::max(Blocks, 0);
}

cudaError_t checkConfig(Kernel &K, dim3 Grid, dim3 Block, size_t Shared) {
  const uint64_t Threads = uint64_t(Block.x) * Block.y * Block.z;
  if (!Grid.x || !Grid.y || !Grid.z || !Threads || Threads > 1024 || Block.z > 64 ||
      Grid.y > 65535 || Grid.z > 65535 || Grid.x > 0x7fffffffu)
    return fail(cudaErrorInvalidConfiguration);
  if (rt().isAmd()) {
    const SymbolInfo *S = K.Amd;
    const size_t Static = S ? S->LDS : 0;
    if (Static + Shared > AmdGroupMemory)
      return fail(cudaErrorInvalidValue);
    // __launch_bounds__: the code was compiled for blocks up to that size.
    if (S && S->MaxFlatWorkGroupSize && Threads > S->MaxFlatWorkGroupSize)
      return fail(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t launchOn(const void *Func, dim3 Grid, dim3 Block, void **Args, size_t Shared,
                     cudaStream_t Stream) {
  cudaError_t Err;
  Device *D;
  const int Queue = rt().enterStream(Stream, D, Err);
  if (!D)
    return Err;
  Kernel *K = rt().kernel(*D, Func, Err);
  if (!K)
    return Err;
  if (cudaError_t E = checkConfig(*K, Grid, Block, Shared))
    return E;
  const uint32_t G[3] = {Grid.x, Grid.y, Grid.z}, B[3] = {Block.x, Block.y, Block.z};
  if (Error E = K->Handle->launch(G, B, uint32_t(Shared), Args, Queue)) {
    errorf("kernel '%s' failed on device %d: %s", K->Name.c_str(), rt().deviceIndex(*D),
           E.message().c_str());
    if (E.status() == FERRY_ERROR_INVALID)
      return fail(cudaErrorLaunchFailure);
    // A kernel that ran and failed (the emulator runs launches to
    // completion): as in CUDA, the launch succeeded and the failure is what
    // the program's next calls return.
    kernelFailure(E.message());
  }
  return cudaSuccess;
}

/// The current device and its kernel of host stub \p Func; null with \p Err.
Kernel *currentKernel(const void *Func, Device *&D, cudaError_t &Err) {
  D = rt().current(Err);
  return D ? rt().kernel(*D, Func, Err) : nullptr;
}

/// Why a plain launch does not do what launch attribute \p A asks, or null
/// where it does: hints (the L2 access-policy window, synchronization and
/// scheduling policies, priority, memory-sync domains, the shared-memory
/// carveout, NVLink scheduling), a cooperative flag of 0, clusters of one
/// block, programmatic stream serialization (it only allows the kernel to
/// start before the previous one ends: CUB's launches for sm_90), and the
/// events cudaLaunchKernelExC records after the launch.
const char *unhonouredAttribute(const cudaLaunchAttribute &A) {
  switch (A.id) {
  case cudaLaunchAttributeCooperative:
    return A.val.cooperative ? "cooperative launches (cudaLaunchAttributeCooperative) have no "
                               "AMD counterpart in Ferry yet"
                             : nullptr;
  case cudaLaunchAttributeClusterDimension:
  case cudaLaunchAttributePreferredClusterDimension: {
    const uint64_t Blocks =
        A.id == cudaLaunchAttributeClusterDimension
            ? uint64_t(A.val.clusterDim.x) * A.val.clusterDim.y * A.val.clusterDim.z
            : uint64_t(A.val.preferredClusterDim.x) * A.val.preferredClusterDim.y *
                  A.val.preferredClusterDim.z;
    return Blocks > 1 ? "clusters of more than one block have no AMD counterpart in Ferry yet"
                      : nullptr;
  }
  case cudaLaunchAttributeProgrammaticEvent:
    return A.val.programmaticEvent.triggerAtBlockStart
               ? "a programmatic event fired as each block starts is not supported"
               : nullptr;
  case cudaLaunchAttributeDeviceUpdatableKernelNode:
    return "device-updatable kernel nodes belong to CUDA graphs, which Ferry does not support";
  case cudaLaunchAttributeIgnore:
  case cudaLaunchAttributeAccessPolicyWindow:
  case cudaLaunchAttributeSynchronizationPolicy:
  case cudaLaunchAttributeClusterSchedulingPolicyPreference:
  case cudaLaunchAttributeProgrammaticStreamSerialization:
  case cudaLaunchAttributePriority:
  case cudaLaunchAttributeMemSyncDomainMap:
  case cudaLaunchAttributeMemSyncDomain:
  case cudaLaunchAttributeLaunchCompletionEvent:
  case cudaLaunchAttributePreferredSharedMemoryCarveout:
  case cudaLaunchAttributeNvlinkUtilCentricScheduling:
    return nullptr;
  }
  return "an attribute this CUDA runtime does not know";
}

} // namespace

extern "C" {

cudaError_t cudaLaunchKernel(const void *Func, dim3 Grid, dim3 Block, void **Args, size_t Shared,
                             cudaStream_t Stream) {
  return launchOn(Func, Grid, Block, Args, Shared, Stream);
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *Config, const void *Func, void **Args) {
  if (!Config || (Config->numAttrs && !Config->attrs))
    return fail(cudaErrorInvalidValue);
  for (unsigned I = 0; I < Config->numAttrs; ++I)
    if (const char *Why = unhonouredAttribute(Config->attrs[I]))
      return unsupported("cudaLaunchKernelExC with this launch attribute", Why);
  if (cudaError_t E = launchOn(Func, Config->gridDim, Config->blockDim, Args,
                               Config->dynamicSmemBytes, Config->stream))
    return E;
  // The events to fire when the blocks trigger or start: once the kernel
  // is done, which is later than allowed and never earlier.
  for (unsigned I = 0; I < Config->numAttrs; ++I) {
    const cudaLaunchAttribute &A = Config->attrs[I];
    cudaEvent_t Event = A.id == cudaLaunchAttributeProgrammaticEvent ? A.val.programmaticEvent.event
                        : A.id == cudaLaunchAttributeLaunchCompletionEvent
                            ? A.val.launchCompletionEvent.event
                            : nullptr;
    if (Event)
      if (cudaError_t E = cudaEventRecord(Event, Config->stream))
        return E;
  }
  return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t Stream, cudaHostFn_t Fn, void *UserData) {
  if (!Fn)
    return fail(cudaErrorInvalidValue);
  // Runs once the stream's earlier work is done and before its later work:
  // here, after waiting for the stream.
  if (cudaError_t E = cudaStreamSynchronize(Stream))
    return E;
  Fn(UserData);
  return cudaSuccess;
}

cudaError_t cudaStreamAddCallback(cudaStream_t Stream, cudaStreamCallback_t Callback,
                                  void *UserData, unsigned Flags) {
  if (!Callback || Flags)
    return fail(cudaErrorInvalidValue);
  cudaError_t E = cudaStreamSynchronize(Stream);
  Callback(Stream, E, UserData);
  return cudaSuccess;
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *Attr, const void *Func) {
  if (!Attr)
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D;
  Kernel *K = currentKernel(Func, D, Err);
  if (!K)
    return Err;
  std::memset(Attr, 0, sizeof *Attr);
  if (!rt().isAmd()) {
    // CUfunction_attribute numbers.
    int V = 0;
    auto Get = [&](int A) { return K->Handle->attribute(A, V) ? V : 0; };
    Attr->maxThreadsPerBlock = Get(0);
    Attr->sharedSizeBytes = size_t(Get(1));
    Attr->constSizeBytes = size_t(Get(2));
    Attr->localSizeBytes = size_t(Get(3));
    Attr->numRegs = Get(4);
    Attr->ptxVersion = Get(5);
    Attr->binaryVersion = Get(6);
    Attr->cacheModeCA = Get(7);
    Attr->maxDynamicSharedSizeBytes = Get(8);
    Attr->preferredShmemCarveout = Get(9);
    return cudaSuccess;
  }
  const SymbolInfo *S = K->Amd;
  const int SM = rt().programSM();
  Attr->maxThreadsPerBlock = S && S->MaxFlatWorkGroupSize ? int(S->MaxFlatWorkGroupSize) : 1024;
  Attr->sharedSizeBytes = S ? S->LDS : 0;
  Attr->localSizeBytes = S ? S->Scratch : 0;
  Attr->numRegs = S ? int(S->VGPRs) : 0;
  Attr->ptxVersion = SM;
  Attr->binaryVersion = SM;
  Attr->maxDynamicSharedSizeBytes =
      K->MaxDynamicShared >= 0 ? K->MaxDynamicShared : AmdGroupMemory - int(Attr->sharedSizeBytes);
  Attr->preferredShmemCarveout = -1;
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *Func, enum cudaFuncAttribute Attr, int Value) {
  cudaError_t Err;
  Device *D;
  Kernel *K = currentKernel(Func, D, Err);
  if (!K)
    return Err;
  if (Attr != cudaFuncAttributeMaxDynamicSharedMemorySize &&
      Attr != cudaFuncAttributePreferredSharedMemoryCarveout &&
      Attr != cudaFuncAttributeRequiredClusterWidth &&
      Attr != cudaFuncAttributeRequiredClusterHeight &&
      Attr != cudaFuncAttributeRequiredClusterDepth &&
      Attr != cudaFuncAttributeNonPortableClusterSizeAllowed &&
      Attr != cudaFuncAttributeClusterSchedulingPolicyPreference)
    return fail(cudaErrorInvalidValue);
  if (!rt().isAmd()) {
    // cudaFuncAttribute numbers are CUfunction_attribute's.
    if (Error E = K->Handle->setAttribute(int(Attr), Value)) {
      errorf("cudaFuncSetAttribute of kernel '%s': %s", K->Name.c_str(), E.message().c_str());
      return fail(cudaErrorInvalidValue);
    }
    return cudaSuccess;
  }
  if (Attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    const SymbolInfo *S = K->Amd;
    if (Value < 0 || Value + int(S ? S->LDS : 0) > AmdGroupMemory)
      return fail(cudaErrorInvalidValue);
    K->MaxDynamicShared = Value;
  }
  // The carve-out is a hint; AMD's group memory is not carved from a cache.
  return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *Func, enum cudaFuncCache) {
  return Func ? cudaSuccess : fail(cudaErrorInvalidDeviceFunction);
}

cudaError_t cudaFuncGetName(const char **Name, const void *Func) {
  if (!Name)
    return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  auto It = rt().Functions.find(Func);
  if (It == rt().Functions.end())
    return fail(cudaErrorInvalidDeviceFunction);
  *Name = It->second.Name.c_str();
  return cudaSuccess;
}

/// cudaGetKernel and cudaGetFuncBySymbol: the handle of a kernel is its
/// host stub's address, which every call taking a kernel accepts as it is
/// (Ferry has no driver API for the handles to be used with).
static cudaError_t kernelHandle(void **Handle, const void *Func) {
  if (!Handle)
    return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  if (!rt().Functions.count(Func))
    return fail(cudaErrorInvalidDeviceFunction);
  *Handle = const_cast<void *>(Func);
  return cudaSuccess;
}

cudaError_t cudaGetKernel(cudaKernel_t *Kernel, const void *Func) {
  return kernelHandle(reinterpret_cast<void **>(Kernel), Func);
}

cudaError_t cudaGetFuncBySymbol(cudaFunction_t *Function, const void *Func) {
  return kernelHandle(reinterpret_cast<void **>(Function), Func);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *NumBlocks, const void *Func,
                                                                   int BlockSize,
                                                                   size_t DynamicShared, unsigned) {
  if (!NumBlocks || BlockSize <= 0 || BlockSize > 1024)
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D;
  Kernel *K = currentKernel(Func, D, Err);
  if (!K)
    return Err;
  if (!rt().isAmd()) {
    if (!K->Handle->occupancy(BlockSize, DynamicShared, *NumBlocks))
      return fail(cudaErrorInvalidValue);
    return cudaSuccess;
  }
  *NumBlocks = amdBlocksPerCU(*D, *K, BlockSize, DynamicShared);
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *NumBlocks, const void *Func,
                                                          int BlockSize, size_t DynamicShared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(NumBlocks, Func, BlockSize,
                                                                DynamicShared, 0);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *Shared, const void *Func,
                                                      int NumBlocks, int BlockSize) {
  if (!Shared || NumBlocks <= 0 || BlockSize <= 0)
    return fail(cudaErrorInvalidValue);
  cudaFuncAttributes A;
  if (cudaError_t E = cudaFuncGetAttributes(&A, Func))
    return E;
  *Shared = size_t(A.maxDynamicSharedSizeBytes);
  return cudaSuccess;
}

} // extern "C"

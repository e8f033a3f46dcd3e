//===- MemoryPools.cpp - The stream-ordered allocator's pools -------------===//
///
/// \file
/// cudaMallocAsync's memory pools: each device has one pool, its default
/// and current one; cudaMallocFromPoolAsync allocates as cudaMallocAsync
/// does (once the stream's earlier work is done). The pool's attributes are
/// kept and read back, and its usage counters follow the allocations made
/// through it; the release threshold and trimming have nothing to release,
/// since freed blocks go back to the device at once. Pools of their own
/// (cudaMemPoolCreate) and pools shared between processes are not
/// supported.
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

#include <cstring>
#include <map>

using namespace ferry;
using namespace ferry::cudart;

/// A device's pool (the CUDA header names only the pointer type).
struct CUmemPoolHandle_st {
  int Device;
  std::map<int, uint64_t> Attributes; ///< cudaMemPoolAttr -> value
};

namespace {

CudaRuntime &rt() { return CudaRuntime::get(); }

CUmemPoolHandle_st *poolOf(int Device) {
  static std::mutex Lock;
  static std::map<int, CUmemPoolHandle_st> Pools;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Pools.try_emplace(Device);
  if (New)
    It->second.Device = Device;
  return &It->second;
}

bool validPool(cudaMemPool_t Pool) {
  return Pool && rt().device(Pool->Device) && poolOf(Pool->Device) == Pool;
}

} // namespace

extern "C" {

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *Pool, int DeviceNum) {
  if (!Pool)
    return fail(cudaErrorInvalidValue);
  if (!rt().device(DeviceNum))
    return fail(rt().devices().empty() ? cudaErrorNoDevice : cudaErrorInvalidDevice);
  *Pool = poolOf(DeviceNum);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *Pool, int DeviceNum) {
  return cudaDeviceGetDefaultMemPool(Pool, DeviceNum);
}

cudaError_t cudaDeviceSetMemPool(int DeviceNum, cudaMemPool_t Pool) {
  if (!validPool(Pool) || Pool->Device != DeviceNum)
    return fail(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t Pool, enum cudaMemPoolAttr Attr, void *Value) {
  if (!validPool(Pool) || !Value)
    return fail(cudaErrorInvalidValue);
  uint64_t V = 0;
  // The reuse flags are ints, the thresholds and counters 64-bit.
  const bool Int = Attr == cudaMemPoolReuseFollowEventDependencies ||
                   Attr == cudaMemPoolReuseAllowOpportunistic ||
                   Attr == cudaMemPoolReuseAllowInternalDependencies;
  if (Int)
    V = uint64_t(*static_cast<int *>(Value));
  else
    std::memcpy(&V, Value, sizeof V);
  Pool->Attributes[int(Attr)] = V;
  return cudaSuccess;
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t Pool, enum cudaMemPoolAttr Attr, void *Value) {
  if (!validPool(Pool) || !Value)
    return fail(cudaErrorInvalidValue);
  const bool Int = Attr == cudaMemPoolReuseFollowEventDependencies ||
                   Attr == cudaMemPoolReuseAllowOpportunistic ||
                   Attr == cudaMemPoolReuseAllowInternalDependencies;
  uint64_t V = 0;
  if (auto It = Pool->Attributes.find(int(Attr)); It != Pool->Attributes.end())
    V = It->second;
  else if (Int)
    V = 1;
  if (Int)
    *static_cast<int *>(Value) = int(V);
  else
    std::memcpy(Value, &V, sizeof V);
  return cudaSuccess;
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t Pool, size_t) {
  return validPool(Pool) ? cudaSuccess : fail(cudaErrorInvalidValue);
}

cudaError_t cudaMallocFromPoolAsync(void **Ptr, size_t Size, cudaMemPool_t Pool,
                                    cudaStream_t Stream) {
  if (!validPool(Pool))
    return fail(cudaErrorInvalidValue);
  int Current = 0;
  cudaGetDevice(&Current);
  if (Pool->Device != Current)
    return fail(cudaErrorInvalidValue);
  return cudaMallocAsync(Ptr, Size, Stream);
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *, const struct cudaMemPoolProps *) {
  return unsupported("cudaMemPoolCreate",
                     "only each device's default pool exists (cudaDeviceGetDefaultMemPool)");
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t) {
  return unsupported("cudaMemPoolDestroy", "a device's default pool cannot be destroyed");
}

} // extern "C"

//===- Runtime.cpp - The process-wide offload runtime ---------------------===//
///
/// \file
/// Device selection and region execution. Device images do not exist yet in
/// this version of Ferry: a region asked to run on a GPU reports that it has
/// no image for it instead of running somewhere else.
///
//===----------------------------------------------------------------------===//
#include "core/Runtime.h"

#include "core/Debug.h"
#include "cuda/CudaBackend.h"
#include "host/HostBackend.h"
#include "host/HostThreadPool.h"
#include "hsa/HsaBackend.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace ferry {

std::optional<DeviceKind>
selectDeviceKind(std::optional<DeviceKind> Requested,
                 int (*Available)(DeviceKind, void *), void *Ctx) {
  if (Requested) {
    if (*Requested == DeviceKind::Host || Available(*Requested, Ctx) > 0)
      return Requested;
    return std::nullopt;
  }
  for (DeviceKind K : {DeviceKind::Radeon, DeviceKind::Nvidia})
    if (Available(K, Ctx) > 0)
      return K;
  return DeviceKind::Host;
}

Runtime &Runtime::get() {
  // Never destroyed: regions may run from static destructors of user code.
  static Runtime *R = new Runtime();
  return *R;
}

Runtime::Runtime() {
  Backends.push_back(createHsaBackend());
  Backends.push_back(createCudaBackend());
  Backends.push_back(createHostBackend());
}

Runtime::~Runtime() = default;

Backend &Runtime::backendFor(DeviceKind K) {
  for (auto &B : Backends)
    if (B->kind() == K)
      return *B;
  std::abort(); // Every kind has exactly one backend.
}

std::optional<DeviceKind> Runtime::selectedKind() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Selected)
    return Selected;
  if (!RequestParsed) {
    RequestParsed = true;
    auto Text = envString("ACC_DEVICE_TYPE");
    if (Text && !Text->empty()) { // empty counts as unset
      Requested = parseDeviceKind(*Text);
      if (!Requested) {
        RequestInvalid = true;
        errorf("ACC_DEVICE_TYPE='%s' is not a device type (use host, nvidia "
               "or radeon)",
               Text->c_str());
      }
    }
    if (auto Num = envString("ACC_DEVICE_NUM")) {
      auto N = parseUnsigned(*Num);
      if (!N)
        errorf("ACC_DEVICE_NUM='%s' is not a device number; using 0",
               Num->c_str());
      for (int &D : DeviceNum)
        D = N ? int(*N) : 0;
    }
  }
  if (RequestInvalid)
    return std::nullopt;
  Selected = selectDeviceKind(
      Requested,
      [](DeviceKind K, void *Self) {
        return static_cast<Runtime *>(Self)->backendFor(K).numDevices();
      },
      this);
  if (!Selected) {
    Backend &B = backendFor(*Requested);
    errorf("ACC_DEVICE_TYPE=%s requested, but the %s backend has no device: %s",
           deviceKindName(*Requested), B.name(), B.status().c_str());
    return std::nullopt;
  }
  debugf("selected device type %s", deviceKindName(*Selected));
  return Selected;
}

void Runtime::setDeviceKind(std::optional<DeviceKind> K) {
  std::lock_guard<std::mutex> Lock(Mutex);
  RequestParsed = true;
  RequestInvalid = false;
  Requested = K;
  Selected.reset();
}

void Runtime::setDeviceNum(DeviceKind K, int Num) {
  std::lock_guard<std::mutex> Lock(Mutex);
  DeviceNum[int(K)] = Num;
}

int Runtime::deviceNum(DeviceKind K) {
  std::lock_guard<std::mutex> Lock(Mutex);
  return DeviceNum[int(K)];
}

PresentTable &Runtime::presentTable(DeviceKind K, int Device) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto &T = Tables[{int(K), Device}];
  if (!T)
    T = std::make_unique<PresentTable>();
  return *T;
}

ferry_status BackendMemory::allocate(size_t Bytes, void **Out) {
  return B.allocate(Device, Bytes, Out);
}
ferry_status BackendMemory::release(void *Dev) { return B.release(Device, Dev); }
ferry_status BackendMemory::toDevice(void *Dev, const void *Host, size_t Bytes) {
  return B.copyToDevice(Device, Dev, Host, Bytes, Queue);
}
ferry_status BackendMemory::fromDevice(void *Host, const void *Dev, size_t Bytes) {
  return B.copyFromDevice(Device, Host, Dev, Bytes, Queue);
}
ferry_status BackendMemory::zero(void *Dev, size_t Bytes) {
  // Zeroes through a synchronous copy, so the buffer may go right after.
  std::vector<unsigned char> Zeros(Bytes, 0);
  return B.copyToDevice(Device, Dev, Zeros.data(), Bytes, -2 /*acc_async_sync*/);
}
std::string BackendMemory::name() const {
  return std::string(deviceKindName(B.kind())) + " device " + std::to_string(Device);
}

HostThreadPool &Runtime::hostPool() {
  std::call_once(PoolOnce, [this] {
    unsigned N = std::max(1u, std::thread::hardware_concurrency());
    if (auto Env = envUnsigned("FERRY_HOST_THREADS"))
      N = std::max(1u, *Env);
    Pool = std::make_unique<HostThreadPool>(N - 1);
  });
  return *Pool;
}

ferry_status Runtime::parallelFor(const ferry_region &Region,
                                  const void *Closure, int64_t TripCount,
                                  ferry_host_chunk_fn HostFn,
                                  const ferry_reduction *Reduction,
                                  void *Result) {
  std::optional<DeviceKind> Kind = selectedKind();
  if (!Kind) {
    errorf("%s: compute region not run: no usable device", Region.name);
    return FERRY_ERROR_NO_DEVICE;
  }
  if (*Kind != DeviceKind::Host) {
    errorf("%s: no %s device code was compiled for this region (this Ferry "
           "build runs compute regions on the host only; set "
           "ACC_DEVICE_TYPE=host)",
           Region.name, deviceKindName(*Kind));
    return FERRY_ERROR_NO_IMAGE;
  }
  return runOnHost(Region, Closure, TripCount, HostFn, Reduction, Result);
}

ferry_status Runtime::runOnHost(const ferry_region &Region,
                                const void *Closure, int64_t TripCount,
                                ferry_host_chunk_fn HostFn,
                                const ferry_reduction *Reduction,
                                void *Result) {
  if (Reduction && Reduction->init)
    Reduction->init(Result);
  if (TripCount <= 0)
    return FERRY_SUCCESS;
  HostThreadPool &Pool = hostPool();
  const bool Sequential = Region.flags & FERRY_REGION_SEQ;
  const unsigned Chunks =
      Sequential ? 1u
                 : unsigned(std::min<int64_t>(TripCount, Pool.concurrency()));
  notifyf(NotifyLaunch, "launch %s on host: %lld iterations in %u chunk(s)",
          Region.name, (long long)TripCount, Chunks);

  // Private reduction storage, one slot per chunk, combined in chunk order so
  // that the result does not depend on thread timing.
  const size_t Stride =
      Reduction ? (Reduction->size + Reduction->align - 1) / Reduction->align *
                      Reduction->align
                : 0;
  std::vector<unsigned char> Storage;
  unsigned char *Partials = nullptr;
  if (Reduction) {
    Storage.resize(Stride * Chunks + Reduction->align);
    uintptr_t P = reinterpret_cast<uintptr_t>(Storage.data());
    P = (P + Reduction->align - 1) / Reduction->align * Reduction->align;
    Partials = reinterpret_cast<unsigned char *>(P);
    for (unsigned C = 0; C < Chunks; ++C)
      Reduction->init(Partials + C * Stride);
  }
  Pool.run(Chunks, [&](unsigned C) {
    int64_t Begin = TripCount / Chunks * C + std::min<int64_t>(C, TripCount % Chunks);
    int64_t End = Begin + TripCount / Chunks + (C < TripCount % Chunks ? 1 : 0);
    HostFn(Closure, Begin, End, Partials ? Partials + C * Stride : nullptr);
  });
  if (Reduction)
    for (unsigned C = 0; C < Chunks; ++C)
      Reduction->combine(Result, Partials + C * Stride);
  return FERRY_SUCCESS;
}

} // namespace ferry

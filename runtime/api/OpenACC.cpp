//===- OpenACC.cpp - OpenACC runtime library routines ---------------------===//
///
/// \file
/// The routines of <openacc.h> implemented so far: device types and numbers,
/// device memory (acc_malloc, acc_free, acc_memcpy_*) and waits. Arguments
/// are checked on every device; a wrong one is an error naming the routine
/// and the argument, and the routine does nothing (docs/runtime.md).
///
//===----------------------------------------------------------------------===//
#include "core/Debug.h"
#include "core/Runtime.h"
#include "host/HostQueues.h"
#include "openacc.h"

#include <cstdio>
#include <optional>
#include <string>

using namespace ferry;

namespace {

/// The DeviceKind of an acc_device_t that names one kind.
std::optional<DeviceKind> kindOf(acc_device_t T) {
  switch (T) {
  case acc_device_host:
    return DeviceKind::Host;
  case acc_device_nvidia:
    return DeviceKind::Nvidia;
  case acc_device_radeon:
    return DeviceKind::Radeon;
  default:
    return std::nullopt;
  }
}

/// The backend and device number that the current device type selects, or
/// nullptr after saying why there is none.
Backend *current(int &Device) {
  Runtime &R = Runtime::get();
  auto K = R.selectedKind();
  if (!K)
    return nullptr;
  Device = R.deviceNum(*K);
  return &R.backendFor(*K);
}

acc_device_t accTypeOf(DeviceKind K) {
  switch (K) {
  case DeviceKind::Host:
    return acc_device_host;
  case DeviceKind::Nvidia:
    return acc_device_nvidia;
  case DeviceKind::Radeon:
    return acc_device_radeon;
  }
  return acc_device_none;
}

/// acc_memcpy_to_device / acc_memcpy_from_device: both ranges are checked
/// first; nothing is copied when one is wrong.
void copyChecked(const char *Routine, bool ToDevice, void *Dst, const char *DstArg, void *Src,
                 const char *SrcArg, size_t Bytes, int Async) {
  if (!Bytes || !checkRange(Routine, DstArg, Dst, Bytes) ||
      !checkRange(Routine, SrcArg, Src, Bytes))
    return;
  int D;
  if (Backend *B = current(D)) {
    Runtime::get().countTransfer(ToDevice, Bytes);
    if (ToDevice)
      B->copyToDevice(D, Dst, Src, Bytes, Async);
    else
      B->copyFromDevice(D, Dst, Src, Bytes, Async);
  }
}

} // namespace

extern "C" {

int acc_get_num_devices(acc_device_t T) {
  Runtime &R = Runtime::get();
  if (auto K = kindOf(T))
    return R.numDevices(*K);
  if (T == acc_device_not_host)
    return R.numDevices(DeviceKind::Radeon) + R.numDevices(DeviceKind::Nvidia);
  if (T == acc_device_default)
    return R.numDevices(DeviceKind::Radeon) + R.numDevices(DeviceKind::Nvidia) +
           R.numDevices(DeviceKind::Host);
  return 0;
}

void acc_set_device_type(acc_device_t T) {
  Runtime &R = Runtime::get();
  if (auto K = kindOf(T)) {
    R.setDeviceKind(*K);
    return;
  }
  if (T == acc_device_default) {
    R.setDeviceKind(std::nullopt);
    return;
  }
  if (T == acc_device_not_host) {
    for (DeviceKind K : {DeviceKind::Radeon, DeviceKind::Nvidia})
      if (R.numDevices(K) > 0) {
        R.setDeviceKind(K);
        return;
      }
    // No GPU: request one anyway so that regions report it instead of
    // running on the host.
    R.setDeviceKind(DeviceKind::Radeon);
    return;
  }
  errorf("acc_set_device_type: %d is not a device type", int(T));
}

acc_device_t acc_get_device_type(void) {
  auto K = Runtime::get().selectedKind();
  return K ? accTypeOf(*K) : acc_device_none;
}

void acc_set_device_num(int Num, acc_device_t T) {
  Runtime &R = Runtime::get();
  // A negative number restores the default (device 0); one past the devices
  // of the type is refused with a message, keeping the current device.
  auto Set = [&](DeviceKind K, bool Quiet) {
    const int Count = R.numDevices(K);
    if (Num >= Count) {
      if (!Quiet)
        errorf("acc_set_device_num: %s device %d does not exist (%d device(s)); keeping "
               "device %d",
               deviceKindName(K), Num, Count, R.deviceNum(K));
      return;
    }
    R.setDeviceNum(K, Num < 0 ? 0 : Num);
  };
  if (auto K = kindOf(T)) {
    Set(*K, false);
    return;
  }
  // acc_device_default / not_host: every type that has such a device.
  for (DeviceKind K : {DeviceKind::Host, DeviceKind::Nvidia, DeviceKind::Radeon})
    Set(K, true);
}

int acc_get_device_num(acc_device_t T) {
  Runtime &R = Runtime::get();
  if (auto K = kindOf(T))
    return R.deviceNum(*K);
  auto K = R.selectedKind();
  return K ? R.deviceNum(*K) : -1;
}

void *acc_malloc(size_t Bytes) {
  int Dev;
  Backend *B = current(Dev);
  if (!B || !Bytes)
    return nullptr;
  void *P = nullptr;
  if (B->allocate(Dev, Bytes, &P) != FERRY_SUCCESS || !P) {
    errorf("acc_malloc: cannot allocate %zu bytes (bytes) on %s device %d; returning NULL", Bytes,
           deviceKindName(B->kind()), Dev);
    return nullptr;
  }
  Runtime::get().allocations(B->kind(), Dev).add(P, Bytes);
  return P;
}

void acc_free(void *Ptr) {
  int Dev;
  Backend *B = current(Dev);
  if (!B || !Ptr)
    return;
  Runtime &R = Runtime::get();
  if (std::string Why = R.allocations(B->kind(), Dev).remove(Ptr); !Why.empty()) {
    // Device memory of the present table belongs to a data clause or routine.
    std::string Hint;
    if (B->kind() != DeviceKind::Host)
      if (std::optional<void *> Host = R.presentTable(B->kind(), Dev).hostAddress(Ptr)) {
        char Buffer[160];
        std::snprintf(Buffer, sizeof Buffer,
                      " (it is the device copy of host data at %p: acc_delete or acc_copyout "
                      "release it)",
                      *Host);
        Hint = Buffer;
      }
    errorf("acc_free: data_dev %p on %s device %d %s%s; nothing freed", Ptr,
           deviceKindName(B->kind()), Dev, Why.c_str(), Hint.c_str());
    return;
  }
  B->release(Dev, Ptr);
}

void acc_memcpy_to_device_async(void *Dev, void *Host, size_t Bytes, int Async) {
  copyChecked("acc_memcpy_to_device", true, Dev, "data_dev_dest", Host, "data_host_src", Bytes,
              Async);
}

void acc_memcpy_from_device_async(void *Host, void *Dev, size_t Bytes, int Async) {
  copyChecked("acc_memcpy_from_device", false, Host, "data_host_dest", Dev, "data_dev_src", Bytes,
              Async);
}

void acc_memcpy_to_device(void *Dev, void *Host, size_t Bytes) {
  acc_memcpy_to_device_async(Dev, Host, Bytes, acc_async_sync);
}

void acc_memcpy_from_device(void *Host, void *Dev, size_t Bytes) {
  acc_memcpy_from_device_async(Host, Dev, Bytes, acc_async_sync);
}

void acc_wait(int Async) {
  int D;
  if (Backend *B = current(D))
    B->wait(D, Async, /*All=*/false);
}

void acc_wait_all(void) {
  int D;
  if (Backend *B = current(D))
    B->wait(D, acc_async_noval, /*All=*/true);
}

void acc_wait_async(int WaitArg, int Async) {
  int D;
  if (Backend *B = current(D))
    B->waitAsync(D, WaitArg, Async);
}

void acc_wait_all_async(int Async) {
  // Every queue that exists now; the host backend orders them without
  // blocking, GPU backends by waiting.
  int D;
  if (Backend *B = current(D)) {
    if (HostQueues *Q = B->hostQueues(); Q && Async != acc_async_sync)
      Q->waitAllAsync(Async == acc_async_noval ? acc_async_noval : Async);
    else
      B->wait(D, acc_async_noval, /*All=*/true);
  }
}

int acc_async_test(int Async) {
  int D;
  Backend *B = current(D);
  return !B || B->idle(D, Async, /*All=*/false);
}

int acc_async_test_all(void) {
  int D;
  Backend *B = current(D);
  return !B || B->idle(D, acc_async_noval, /*All=*/true);
}

int acc_on_device(acc_device_t T) {
  // Host code (and the host fallback of a region) runs on the host.
  return T == acc_device_host || T == acc_device_default ? 1 : 0;
}

} // extern "C"

//===- OpenACC.cpp - OpenACC runtime library routines ---------------------===//
///
/// \file
/// The routines of <openacc.h> for device types and numbers, device
/// lifecycle (acc_init_device, acc_shutdown_device), device memory
/// (acc_malloc, acc_free, acc_memcpy_to/from_device), queues (the waits and
/// tests with their _device and _async forms, acc_wait_any, the default
/// queue) and NVIDIA's streams. Arguments are checked on every device; a
/// wrong one is an error naming the routine and the argument, and the
/// routine does nothing or returns its error value (docs/runtime.md).
///
//===----------------------------------------------------------------------===//
#include "api/DeviceTypes.h"
#include "core/Debug.h"
#include "core/Runtime.h"
#include "host/HostQueues.h"
#include "openacc.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using namespace ferry;

bool ferry::knownDeviceType(const char *Routine, acc_device_t T, bool NoneToo,
                            const char *Outcome) {
  switch (T) {
  case acc_device_none:
    if (NoneToo)
      return true;
    break;
  case acc_device_default:
  case acc_device_host:
  case acc_device_not_host:
  case acc_device_nvidia:
  case acc_device_radeon:
    return true;
  default:
    break;
  }
  errorf("%s: dev_type %d is not a device type; %s", Routine, int(T), Outcome);
  return false;
}

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
/// first; nothing is copied when one is wrong. On the host and the emulated
/// devices the device range is host memory too, and is asked of mincore like
/// the host range.
void copyChecked(const char *Routine, bool ToDevice, void *Dst, const char *DstArg, void *Src,
                 const char *SrcArg, size_t Bytes, int Async) {
  if (!Bytes || !checkRange(Routine, DstArg, Dst, Bytes) ||
      !checkRange(Routine, SrcArg, Src, Bytes))
    return;
  if (!checkQueue(Routine, "async_arg", Async))
    return;
  int D;
  if (Backend *B = current(D)) {
    const char *DevArg = ToDevice ? DstArg : SrcArg;
    void *DevPtr = ToDevice ? Dst : Src;
    if (!Runtime::get().checkDeviceRange(Routine, DevArg, B->kind(), D, DevPtr, Bytes) ||
        (B->deviceMemoryIsHostMemory() && !checkHostMapped(Routine, DevArg, DevPtr, Bytes)) ||
        !checkHostMapped(Routine, ToDevice ? SrcArg : DstArg, ToDevice ? Src : Dst, Bytes))
      return;
    Runtime::get().countTransfer(ToDevice, Bytes);
    Async = Runtime::get().resolveAsync(B->kind(), D, Async);
    if (ToDevice)
      report(B->copyToDevice(D, Dst, Src, Bytes, Async));
    else
      report(B->copyFromDevice(D, Dst, Src, Bytes, Async));
  }
}

/// A device of the current type.
struct Target {
  Backend *B = nullptr;
  DeviceKind Kind = DeviceKind::Host;
  int Device = 0;
  /// \p Q with acc_async_noval replaced by this thread's default queue.
  int resolve(int Q) const { return Runtime::get().resolveAsync(Kind, Device, Q); }
};

/// The current device; false when the current type has none (said already).
bool currentDevice(Target &T) {
  Runtime &R = Runtime::get();
  auto K = R.selectedKind();
  if (!K)
    return false;
  T = {&R.backendFor(*K), *K, R.deviceNum(*K)};
  return true;
}

/// Device \p Num of the current type, for the _device routines; false
/// after a message naming \p Routine and the numbers when there is none.
bool deviceOfCurrentType(const char *Routine, int Num, Target &T) {
  Runtime &R = Runtime::get();
  auto K = R.selectedKind();
  if (!K)
    return false;
  Backend &B = R.backendFor(*K);
  const int Count = B.numDevices();
  if (Num < 0 || Num >= Count) {
    errorf("%s: dev_num %d is not a %s device (there %s %d); nothing done", Routine, Num,
           deviceKindName(*K), Count == 1 ? "is" : "are", Count);
    return false;
  }
  T = {&B, *K, Num};
  return true;
}


void waitOn(const Target &T, int WaitArg) {
  report(T.B->wait(T.Device, T.resolve(WaitArg), /*All=*/false));
}

void waitAllOn(const Target &T) { report(T.B->wait(T.Device, acc_async_noval, /*All=*/true)); }

/// acc_wait_async: later work of \p Async waits for \p WaitArg's work;
/// acc_async_sync as \p Async is the caller.
void waitAsyncOn(const Target &T, int WaitArg, int Async) {
  WaitArg = T.resolve(WaitArg);
  Async = T.resolve(Async);
  if (Async == acc_async_sync)
    report(T.B->wait(T.Device, WaitArg, /*All=*/false));
  else
    report(T.B->waitAsync(T.Device, WaitArg, Async));
}

/// acc_wait_all_async: every queue that exists now; the host backend
/// orders them without blocking, GPU backends by waiting.
void waitAllAsyncOn(const Target &T, int Async) {
  Async = T.resolve(Async);
  if (HostQueues *Q = T.B->hostQueues(); Q && Async != acc_async_sync)
    Q->waitAllAsync(Async);
  else
    waitAllOn(T);
}

int waitAnyOn(const char *Routine, const Target &T, int Count, const int *WaitArg) {
  std::vector<int> Queues, Positions;
  for (int I = 0; I < Count; ++I) {
    const int Q = WaitArg[I];
    if (Q == acc_async_sync)
      continue; // no queue (OpenACC 3.3: skipped)
    if (!(Q >= 0 || Q == acc_async_noval)) {
      errorf("%s: wait_arg[%d] is %d, not an async queue; skipped", Routine, I, Q);
      continue;
    }
    const int Resolved = T.resolve(Q);
    if (Resolved == acc_async_sync)
      continue;
    Queues.push_back(Resolved);
    Positions.push_back(I);
  }
  if (Queues.empty())
    return -1;
  size_t At = 0;
  report(T.B->waitAny(T.Device, Queues, At));
  return Positions[At];
}

/// The count and array of acc_wait_any: false (the routine returns -1)
/// for a negative count, or a null array with entries.
bool checkWaitList(const char *Routine, int Count, const int *WaitArg) {
  if (Count < 0) {
    errorf("%s: count %d is negative; returning -1", Routine, Count);
    return false;
  }
  if (Count > 0 && !WaitArg) {
    errorf("%s: wait_arg is a null pointer but count is %d; returning -1", Routine, Count);
    return false;
  }
  return Count > 0;
}

/// The kind that acc_init_device / acc_shutdown_device name, and checks
/// \p Num against its devices; false after a message.
std::optional<DeviceKind> deviceOfType(const char *Routine, int Num, acc_device_t T) {
  Runtime &R = Runtime::get();
  std::optional<DeviceKind> K = kindOf(T);
  if (!K && T == acc_device_not_host) {
    for (DeviceKind G : {DeviceKind::Radeon, DeviceKind::Nvidia})
      if (!K && R.numDevices(G) > 0)
        K = G;
    if (!K) {
      errorf("%s: dev_type acc_device_not_host: there is no GPU; nothing done", Routine);
      return std::nullopt;
    }
  } else if (!K && T == acc_device_default) {
    K = R.selectedKind();
    if (!K)
      return std::nullopt;
  } else if (!K) {
    errorf("%s: dev_type %d is not a device type; nothing done", Routine, int(T));
    return std::nullopt;
  }
  const int Count = R.numDevices(*K);
  if (Num < 0 || Num >= Count) {
    errorf("%s: dev_num %d is not a %s device (there %s %d); nothing done", Routine, Num,
           deviceKindName(*K), Count == 1 ? "is" : "are", Count);
    return std::nullopt;
  }
  return K;
}

} // namespace

extern "C" {

int acc_get_num_devices(acc_device_t T) {
  if (!knownDeviceType("acc_get_num_devices", T, /*NoneToo=*/true, "returning 0"))
    return 0;
  Runtime &R = Runtime::get();
  if (auto K = kindOf(T))
    return R.numDevices(*K);
  if (T == acc_device_not_host)
    return R.numDevices(DeviceKind::Radeon) + R.numDevices(DeviceKind::Nvidia);
  // The devices of the type acc_device_default stands for: the selected one
  // (as libgomp and NVHPC count), so that every number below the count is
  // a device acc_set_device_num(n, acc_device_default) selects.
  if (T == acc_device_default) {
    std::optional<DeviceKind> K = R.selectedKind();
    return K ? R.numDevices(*K) : 0;
  }
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
  if (!knownDeviceType("acc_set_device_num", T, /*NoneToo=*/true, "nothing done"))
    return;
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
  // acc_device_default / not_host: every type (GPUs only for not_host) that
  // has such a device; where none has, the message names the type programs
  // run on (for not_host a GPU type: the first with devices).
  bool Done = false;
  std::optional<DeviceKind> First;
  for (DeviceKind K : {DeviceKind::Host, DeviceKind::Nvidia, DeviceKind::Radeon}) {
    if (K == DeviceKind::Host && T == acc_device_not_host)
      continue;
    if (!First && R.numDevices(K) > 0 && K != DeviceKind::Host)
      First = K;
    if (Num < R.numDevices(K)) {
      Set(K, true);
      Done = true;
    }
  }
  if (!Done) {
    std::optional<DeviceKind> Selected = R.selectedKind();
    if (Selected && (T == acc_device_default || *Selected != DeviceKind::Host))
      First = Selected;
    Set(First.value_or(T == acc_device_not_host ? DeviceKind::Radeon : DeviceKind::Host),
        false);
  }
}

int acc_get_device_num(acc_device_t T) {
  if (!knownDeviceType("acc_get_device_num", T, /*NoneToo=*/true, "returning -1"))
    return -1;
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
  if (report(B->allocate(Dev, Bytes, &P)) != FERRY_SUCCESS || !P) {
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
  // Memory acc_map_data lent to host data stays until acc_unmap_data, at the
  // start of the block or anywhere in it: the present table would go on
  // copying into it after the free.
  if (B->kind() != DeviceKind::Host)
    if (const size_t Size = R.allocations(B->kind(), Dev).blockBytes(Ptr))
      if (std::optional<PresentTable::Mapping> M =
              R.presentTable(B->kind(), Dev).mappedInto(Ptr, Size)) {
        const size_t Offset = size_t(M->Dev - static_cast<char *>(Ptr));
        const std::string Where =
            Offset ? ", from " + std::to_string(Offset) + " bytes into the block," : "";
        errorf("acc_free: data_dev %p on %s device %d is mapped%s to host data at %p by "
               "acc_map_data (acc_unmap_data first); nothing freed",
               Ptr, deviceKindName(B->kind()), Dev, Where.c_str(),
               reinterpret_cast<void *>(M->HostBegin));
        return;
      }
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
  report(B->release(Dev, Ptr));
}

void acc_memcpy_to_device_async(void *Dev, void *Host, size_t Bytes, int Async) {
  copyChecked("acc_memcpy_to_device_async", true, Dev, "data_dev_dest", Host, "data_host_src",
              Bytes, Async);
}

void acc_memcpy_from_device_async(void *Host, void *Dev, size_t Bytes, int Async) {
  copyChecked("acc_memcpy_from_device_async", false, Host, "data_host_dest", Dev, "data_dev_src",
              Bytes, Async);
}

void acc_memcpy_to_device(void *Dev, void *Host, size_t Bytes) {
  copyChecked("acc_memcpy_to_device", true, Dev, "data_dev_dest", Host, "data_host_src", Bytes,
              acc_async_sync);
}

void acc_memcpy_from_device(void *Host, void *Dev, size_t Bytes) {
  copyChecked("acc_memcpy_from_device", false, Host, "data_host_dest", Dev, "data_dev_src", Bytes,
              acc_async_sync);
}

void acc_wait(int WaitArg) {
  Target T;
  if (checkQueue("acc_wait", "wait_arg", WaitArg) && currentDevice(T))
    waitOn(T, WaitArg);
}

void acc_async_wait(int WaitArg) {
  Target T;
  if (checkQueue("acc_async_wait", "wait_arg", WaitArg) && currentDevice(T))
    waitOn(T, WaitArg);
}

void acc_wait_device(int WaitArg, int DevNum) {
  Target T;
  if (checkQueue("acc_wait_device", "wait_arg", WaitArg) &&
      deviceOfCurrentType("acc_wait_device", DevNum, T))
    waitOn(T, WaitArg);
}

void acc_wait_all(void) {
  Target T;
  if (currentDevice(T))
    waitAllOn(T);
}

void acc_async_wait_all(void) { acc_wait_all(); }

void acc_wait_all_device(int DevNum) {
  Target T;
  if (deviceOfCurrentType("acc_wait_all_device", DevNum, T))
    waitAllOn(T);
}

void acc_wait_async(int WaitArg, int Async) {
  Target T;
  if (checkQueue("acc_wait_async", "wait_arg", WaitArg) &&
      checkQueue("acc_wait_async", "async_arg", Async) && currentDevice(T))
    waitAsyncOn(T, WaitArg, Async);
}

void acc_wait_device_async(int WaitArg, int Async, int DevNum) {
  Target T;
  if (checkQueue("acc_wait_device_async", "wait_arg", WaitArg) &&
      checkQueue("acc_wait_device_async", "async_arg", Async) &&
      deviceOfCurrentType("acc_wait_device_async", DevNum, T))
    waitAsyncOn(T, WaitArg, Async);
}

void acc_wait_all_async(int Async) {
  Target T;
  if (checkQueue("acc_wait_all_async", "async_arg", Async) && currentDevice(T))
    waitAllAsyncOn(T, Async);
}

void acc_wait_all_device_async(int Async, int DevNum) {
  Target T;
  if (checkQueue("acc_wait_all_device_async", "async_arg", Async) &&
      deviceOfCurrentType("acc_wait_all_device_async", DevNum, T))
    waitAllAsyncOn(T, Async);
}

int acc_wait_any(int Count, int *WaitArg) {
  Target T;
  if (!checkWaitList("acc_wait_any", Count, WaitArg) || !currentDevice(T))
    return -1;
  return waitAnyOn("acc_wait_any", T, Count, WaitArg);
}

int acc_wait_any_device(int Count, int *WaitArg, int DevNum) {
  Target T;
  if (!checkWaitList("acc_wait_any_device", Count, WaitArg) ||
      !deviceOfCurrentType("acc_wait_any_device", DevNum, T))
    return -1;
  return waitAnyOn("acc_wait_any_device", T, Count, WaitArg);
}

// The tests answer "done" (1) when there is nothing to test: a wrong
// argument or no device.
int acc_async_test(int WaitArg) {
  Target T;
  if (!checkQueue("acc_async_test", "wait_arg", WaitArg) || !currentDevice(T))
    return 1;
  return T.B->idle(T.Device, T.resolve(WaitArg), /*All=*/false);
}

int acc_async_test_device(int WaitArg, int DevNum) {
  Target T;
  if (!checkQueue("acc_async_test_device", "wait_arg", WaitArg) ||
      !deviceOfCurrentType("acc_async_test_device", DevNum, T))
    return 1;
  return T.B->idle(T.Device, T.resolve(WaitArg), /*All=*/false);
}

int acc_async_test_all(void) {
  Target T;
  return !currentDevice(T) || T.B->idle(T.Device, acc_async_noval, /*All=*/true);
}

int acc_async_test_all_device(int DevNum) {
  Target T;
  return !deviceOfCurrentType("acc_async_test_all_device", DevNum, T) ||
         T.B->idle(T.Device, acc_async_noval, /*All=*/true);
}

int acc_get_default_async(void) {
  // The initial default queue (acc_async_noval inside the runtime) is queue 0.
  Target T;
  const int Queue =
      currentDevice(T) ? Runtime::get().defaultAsync(T.Kind, T.Device) : acc_async_noval;
  return Queue == acc_async_noval ? 0 : Queue;
}

void acc_set_default_async(int Async) {
  Target T;
  if (!currentDevice(T))
    return;
  Runtime &R = Runtime::get();
  if (Async != acc_async_default && !(Async >= 0 || Async == acc_async_sync ||
                                      Async == acc_async_noval)) {
    errorf("acc_set_default_async: async_arg %d is not an async queue (a number >= 0, "
           "acc_async_sync or acc_async_default); the default stays %d",
           Async, acc_get_default_async());
    return;
  }
  if (Async != acc_async_noval) // acc_async_noval names the default itself
    R.setDefaultAsync(T.Kind, T.Device, Async);
}

void acc_init_device(int DevNum, acc_device_t Type) {
  if (std::optional<DeviceKind> K = deviceOfType("acc_init_device", DevNum, Type))
    report(Runtime::get().backendFor(*K).initDevice(DevNum));
}

void acc_shutdown_device(int DevNum, acc_device_t Type) {
  if (std::optional<DeviceKind> K = deviceOfType("acc_shutdown_device", DevNum, Type))
    Runtime::get().shutdownDevice(*K, DevNum);
}

void *acc_get_cuda_stream(int Async) {
  Target T;
  if (!checkQueue("acc_get_cuda_stream", "async_arg", Async) || !currentDevice(T) ||
      T.Kind != DeviceKind::Nvidia)
    return nullptr;
  return T.B->nativeQueue(T.Device, T.resolve(Async));
}

int acc_set_cuda_stream(int Async, void *Stream) {
  Target T;
  if (!checkQueue("acc_set_cuda_stream", "async_arg", Async) || !currentDevice(T) ||
      T.Kind != DeviceKind::Nvidia)
    return 0;
  if (!Stream) {
    errorf("acc_set_cuda_stream: stream is a null pointer; queue %d keeps its stream", Async);
    return 0;
  }
  return T.B->setNativeQueue(T.Device, T.resolve(Async), Stream) ? 1 : 0;
}

int acc_on_device(acc_device_t T) {
  if (!knownDeviceType("acc_on_device", T, /*NoneToo=*/true, "returning 0"))
    return 0;
  // Host code (and the host fallback of a region) runs on the host.
  return T == acc_device_host || T == acc_device_default ? 1 : 0;
}

} // extern "C"

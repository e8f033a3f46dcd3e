//===- OpenACCData.cpp - OpenACC data routines ----------------------------===//
///
/// \file
/// acc_copyin & co. over the current device's present table, with dynamic
/// reference counts. On the host, memory is shared: data is always present,
/// device and host addresses coincide, and data routines move nothing.
///
//===----------------------------------------------------------------------===//
#include "core/Debug.h"
#include "core/Runtime.h"
#include "openacc.h"

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <tuple>

using namespace ferry;

namespace {

/// The current device, or nothing after saying why (or on the host).
struct Current {
  Backend *B = nullptr;
  DeviceKind Kind = DeviceKind::Host;
  int Device = 0;
  bool ok() const { return B != nullptr; }
  bool host() const { return Kind == DeviceKind::Host; }
};

Current current() {
  Runtime &R = Runtime::get();
  Current C;
  auto K = R.selectedKind();
  if (!K)
    return C;
  C.Kind = *K;
  C.Device = R.deviceNum(*K);
  C.B = &R.backendFor(*K);
  return C;
}

/// The checks every data routine makes first, on every device: a null
/// pointer with bytes 0 is no action (OpenACC 3.3 §3.2); a null pointer with
/// bytes, or a range past the end of the address space, is an error named
/// after \p Routine. True when the routine goes on.
bool checkData(const char *Routine, const void *Data, size_t Bytes) {
  if (!Data && !Bytes)
    return false;
  return checkRange(Routine, "data_arg", Data, Bytes);
}

void *enter(const char *Routine, void *Data, size_t Bytes, PresentTable::Entry What, int Async,
            bool Zero = false) {
  if (!checkData(Routine, Data, Bytes))
    return nullptr;
  Current C = current();
  if (!C.ok())
    return nullptr;
  if (C.host())
    return Data;
  BackendMemory Mem(*C.B, C.Device, Async);
  void *Dev = nullptr;
  if (Runtime::get()
          .presentTable(C.Kind, C.Device)
          .enter(Data, Bytes, What, PresentTable::Counter::Dynamic, Zero, Mem, &Dev)) {
    errorf("%s: data_arg %p (%zu bytes) was not made present on %s", Routine, Data, Bytes,
           Mem.name().c_str());
    return nullptr;
  }
  return Dev;
}

void exit(const char *Routine, void *Data, size_t Bytes, PresentTable::Exit What, bool Finalize,
          int Async) {
  if (!checkData(Routine, Data, Bytes))
    return;
  Current C = current();
  if (!C.ok() || C.host())
    return;
  BackendMemory Mem(*C.B, C.Device, Async);
  Runtime::get()
      .presentTable(C.Kind, C.Device)
      .exit(Data, Bytes, What, PresentTable::Counter::Dynamic, Finalize, Mem);
}

void update(const char *Routine, void *Data, size_t Bytes, bool ToDevice, int Async) {
  if (!checkData(Routine, Data, Bytes))
    return;
  Current C = current();
  if (!C.ok() || C.host() || !Bytes)
    return;
  BackendMemory Mem(*C.B, C.Device, Async);
  Runtime::get().presentTable(C.Kind, C.Device).update(Data, Bytes, ToDevice, Mem);
}

acc_device_t accTypeOfKind(DeviceKind K) {
  return K == DeviceKind::Host     ? acc_device_host
         : K == DeviceKind::Nvidia ? acc_device_nvidia
                                   : acc_device_radeon;
}

using E = PresentTable::Entry;
using X = PresentTable::Exit;

} // namespace

extern "C" {

void *acc_copyin(void *D, size_t N) {
  return enter("acc_copyin", D, N, E::Copyin, acc_async_sync);
}
void *acc_create(void *D, size_t N) {
  return enter("acc_create", D, N, E::Create, acc_async_sync);
}
void acc_copyin_async(void *D, size_t N, int A) { enter("acc_copyin_async", D, N, E::Copyin, A); }
void acc_create_async(void *D, size_t N, int A) { enter("acc_create_async", D, N, E::Create, A); }
void ferry_create_zero_async(void *D, size_t N, int A) {
  enter("create(zero:)", D, N, E::Create, A, true);
}
void acc_copyout(void *D, size_t N) {
  exit("acc_copyout", D, N, X::Copyout, false, acc_async_sync);
}
void acc_copyout_finalize(void *D, size_t N) {
  exit("acc_copyout_finalize", D, N, X::Copyout, true, acc_async_sync);
}
void acc_delete(void *D, size_t N) { exit("acc_delete", D, N, X::Delete, false, acc_async_sync); }
void acc_delete_finalize(void *D, size_t N) {
  exit("acc_delete_finalize", D, N, X::Delete, true, acc_async_sync);
}
void acc_copyout_async(void *D, size_t N, int A) {
  exit("acc_copyout_async", D, N, X::Copyout, false, A);
}
void acc_copyout_finalize_async(void *D, size_t N, int A) {
  exit("acc_copyout_finalize_async", D, N, X::Copyout, true, A);
}
void acc_delete_async(void *D, size_t N, int A) {
  exit("acc_delete_async", D, N, X::Delete, false, A);
}
void acc_delete_finalize_async(void *D, size_t N, int A) {
  exit("acc_delete_finalize_async", D, N, X::Delete, true, A);
}
void acc_update_device(void *D, size_t N) {
  update("acc_update_device", D, N, true, acc_async_sync);
}
void acc_update_self(void *D, size_t N) { update("acc_update_self", D, N, false, acc_async_sync); }
void acc_update_device_async(void *D, size_t N, int A) {
  update("acc_update_device_async", D, N, true, A);
}
void acc_update_self_async(void *D, size_t N, int A) {
  update("acc_update_self_async", D, N, false, A);
}

int acc_is_present(void *D, size_t N) {
  Current C = current();
  if (!C.ok())
    return 0;
  if (C.host())
    return 1;
  return Runtime::get().presentTable(C.Kind, C.Device).deviceAddress(D, N).has_value();
}

void *acc_deviceptr(void *D) {
  Current C = current();
  if (!C.ok())
    return nullptr;
  if (C.host())
    return D;
  return Runtime::get().presentTable(C.Kind, C.Device).deviceAddress(D, 0).value_or(nullptr);
}

void *acc_hostptr(void *Dev) {
  Current C = current();
  if (!C.ok())
    return nullptr;
  if (C.host())
    return Dev;
  return Runtime::get().presentTable(C.Kind, C.Device).hostAddress(Dev).value_or(nullptr);
}

void acc_map_data(void *D, void *Dev, size_t N) {
  Current C = current();
  if (!C.ok() || C.host())
    return;
  BackendMemory Mem(*C.B, C.Device, acc_async_sync);
  Runtime::get().presentTable(C.Kind, C.Device).map(D, Dev, N, Mem);
}

void acc_unmap_data(void *D) {
  Current C = current();
  if (!C.ok() || C.host())
    return;
  BackendMemory Mem(*C.B, C.Device, acc_async_sync);
  Runtime::get().presentTable(C.Kind, C.Device).unmap(D, Mem);
}

void acc_memcpy_device(void *Dst, void *Src, size_t N) {
  if (!N || !checkRange("acc_memcpy_device", "data_dev_dest", Dst, N) ||
      !checkRange("acc_memcpy_device", "data_dev_src", Src, N))
    return;
  Current C = current();
  if (!C.ok())
    return;
  if (C.host()) {
    std::memmove(Dst, Src, N);
    return;
  }
  // Device to device through a host buffer (correct everywhere; a direct
  // device copy is an optimization for later).
  std::unique_ptr<unsigned char[]> Buffer(new (std::nothrow) unsigned char[N]);
  if (!Buffer) {
    errorf("acc_memcpy_device: no host memory for a %zu-byte staging buffer; nothing copied", N);
    return;
  }
  if (!C.B->copyFromDevice(C.Device, Buffer.get(), Src, N, acc_async_sync))
    C.B->copyToDevice(C.Device, Dst, Buffer.get(), N, acc_async_sync);
}

void acc_init(acc_device_t T) {
  // Discovery is lazy; acc_init makes it happen now and selects the type.
  acc_set_device_type(T);
  Current C = current();
  if (C.ok())
    C.B->numDevices();
}

void acc_shutdown(acc_device_t T) {
  // Finishes the device's outstanding work; contexts and memory pools stay
  // until the process exits (the runtime may be used again after this).
  Runtime &R = Runtime::get();
  for (DeviceKind K : {DeviceKind::Host, DeviceKind::Nvidia, DeviceKind::Radeon}) {
    if (T != acc_device_default && T != acc_device_not_host &&
        accTypeOfKind(K) != T)
      continue;
    Backend &B = R.backendFor(K);
    for (int D = 0; D < B.numDevices(); ++D)
      B.wait(D, acc_async_noval, /*All=*/true);
  }
}

namespace {
/// Properties of device \p Num of type \p T (the current type for
/// acc_device_default), or false after saying why.
bool propertiesOf(int Num, acc_device_t T, Backend::Properties &Out) {
  Runtime &R = Runtime::get();
  std::optional<DeviceKind> K;
  if (T == acc_device_host)
    K = DeviceKind::Host;
  else if (T == acc_device_nvidia)
    K = DeviceKind::Nvidia;
  else if (T == acc_device_radeon)
    K = DeviceKind::Radeon;
  else
    K = R.selectedKind();
  if (!K)
    return false;
  Backend &B = R.backendFor(*K);
  if (Num < 0 || Num >= B.numDevices())
    return false;
  return B.properties(Num, Out) == FERRY_SUCCESS;
}
} // namespace

size_t acc_get_property(int Num, acc_device_t T, acc_device_property_t P) {
  Backend::Properties Props;
  if (!propertiesOf(Num, T, Props))
    return 0;
  return P == acc_property_memory        ? Props.TotalMemory
         : P == acc_property_free_memory ? Props.FreeMemory
                                         : 0;
}

const char *acc_get_property_string(int Num, acc_device_t T, acc_device_property_t P) {
  // The strings live as long as the process, one per (device, property).
  static std::mutex Mutex;
  static std::map<std::tuple<int, int, int>, std::string> Strings;
  Backend::Properties Props;
  if (!propertiesOf(Num, T, Props))
    return nullptr;
  const std::string *Value = P == acc_property_name     ? &Props.Name
                             : P == acc_property_vendor ? &Props.Vendor
                             : P == acc_property_driver ? &Props.Driver
                                                        : nullptr;
  if (!Value)
    return nullptr;
  std::lock_guard<std::mutex> Lock(Mutex);
  std::string &S = Strings[{Num, int(T), int(P)}];
  S = *Value;
  return S.c_str();
}

} // extern "C"

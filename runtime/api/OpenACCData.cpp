//===- OpenACCData.cpp - OpenACC data routines ----------------------------===//
///
/// \file
/// acc_copyin & co. over the current device's present table, with dynamic
/// reference counts. On the host, memory is shared: data is always present,
/// device and host addresses coincide, and data routines move nothing.
///
//===----------------------------------------------------------------------===//
#include "api/DeviceTypes.h"
#include "core/Debug.h"
#include "core/Runtime.h"
#include "openacc.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

using namespace ferry;

namespace {

/// The current device, or nothing after saying why (or on the host).
struct Current {
  Backend *B = nullptr;
  DeviceKind Kind = DeviceKind::Host;
  int Device = 0;
  bool ok() const { return B != nullptr; }
  bool host() const { return Kind == DeviceKind::Host; }
  /// The host's memory is the device's (the host, the emulated devices).
  bool hostMemory() const { return B->deviceMemoryIsHostMemory(); }
  /// \p Q with acc_async_noval replaced by this thread's default queue.
  int resolve(int Q) const { return Runtime::get().resolveAsync(Kind, Device, Q); }
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

/// Who a data routine's messages name: an OpenACC routine and its argument
/// ("acc_copyin_async: data_arg 0x..."), or a clause of an `enter data`,
/// `exit data` or `update` directive ("t.c:6 enter data (t.c:6):
/// copyin(a[0:n]): the section 0x...").
struct Caller {
  Caller(const char *Routine) : Routine(Routine) {}
  Caller(std::string Routine, const char *Arg) : Routine(std::move(Routine)), Arg(Arg) {}
  const char *routine() const { return Routine.c_str(); }
  std::string Routine;
  const char *Arg = "data_arg";
};

/// The checks every data routine makes first, on every device: a null
/// pointer with bytes 0 is no action (OpenACC 3.3 §3.2); a null pointer with
/// bytes, or a range past the end of the address space, is an error named
/// after \p Who. True when the routine goes on; \p Failed tells the two
/// kinds of false apart.
bool checkData(const Caller &Who, const void *Data, size_t Bytes, int Async, bool &Failed) {
  if (!Data && !Bytes)
    return false;
  Failed = !checkRange(Who.routine(), Who.Arg, Data, Bytes) ||
           !checkQueue(Who.routine(), "async_arg", Async);
  return !Failed;
}

/// The data entry of acc_copyin/acc_create & co.: the device address of
/// \p Data in \p Dev (null where nothing was entered); false after a
/// message where the data was not made present.
bool enter(const Caller &Who, void *Data, size_t Bytes, PresentTable::Entry What, int Async,
           bool Zero, void *&Dev) {
  Dev = nullptr;
  bool Failed = false;
  if (!checkData(Who, Data, Bytes, Async, Failed))
    return !Failed;
  Current C = current();
  if (!C.ok())
    return false;
  if (C.host()) {
    Dev = Data;
    return true;
  }
  if (!checkHostMapped(Who.routine(), Who.Arg, Data, Bytes))
    return false;
  BackendMemory Mem(*C.B, C.Device, C.resolve(Async));
  if (Runtime::get()
          .presentTable(C.Kind, C.Device)
          .enter(Data, Bytes, What, PresentTable::Counter::Dynamic, Zero, Mem, &Dev)) {
    errorf("%s: %s %p (%zu bytes) was not made present on %s", Who.routine(), Who.Arg, Data,
           Bytes, Mem.name().c_str());
    Dev = nullptr;
    return false;
  }
  return true;
}

void *enter(const char *Routine, void *Data, size_t Bytes, PresentTable::Entry What, int Async,
            bool Zero = false) {
  void *Dev = nullptr;
  enter(Caller(Routine), Data, Bytes, What, Async, Zero, Dev);
  return Dev;
}

bool exit(const Caller &Who, void *Data, size_t Bytes, PresentTable::Exit What, bool Finalize,
          int Async) {
  bool Failed = false;
  if (!checkData(Who, Data, Bytes, Async, Failed))
    return !Failed;
  Current C = current();
  if (!C.ok())
    return false;
  if (C.host())
    return true;
  if (What == PresentTable::Exit::Copyout && !checkHostMapped(Who.routine(), Who.Arg, Data, Bytes))
    return false;
  BackendMemory Mem(*C.B, C.Device, C.resolve(Async));
  if (Runtime::get()
          .presentTable(C.Kind, C.Device)
          .exit(Data, Bytes, What, PresentTable::Counter::Dynamic, Finalize, Mem)) {
    errorf("%s: %s %p (%zu bytes) was not %s on %s", Who.routine(), Who.Arg, Data, Bytes,
           What == PresentTable::Exit::Copyout ? "copied out" : "deleted", Mem.name().c_str());
    return false;
  }
  return true;
}

/// \p Queues: a synchronous `update` directive, which first waits for the
/// device's queues, as a synchronous data exit does (the legacy default
/// stream's order, which programs written for NVHPC rely on: `update
/// host(a)` right after an `async(1)` region that writes a; on the host
/// device the region's worker thread was still writing).
bool update(const Caller &Who, void *Data, size_t Bytes, bool ToDevice, int Async,
            bool Queues = false) {
  bool Failed = false;
  if (!checkData(Who, Data, Bytes, Async, Failed))
    return !Failed;
  Current C = current();
  if (!C.ok())
    return false;
  if (Queues && C.resolve(Async) == acc_async_sync &&
      report(Runtime::get().backendFor(C.Kind).wait(C.Device, acc_async_noval, /*All=*/true)) !=
          FERRY_SUCCESS)
    return false;
  if (C.host() || !Bytes)
    return true;
  if (!checkHostMapped(Who.routine(), Who.Arg, Data, Bytes))
    return false;
  BackendMemory Mem(*C.B, C.Device, C.resolve(Async));
  if (Runtime::get().presentTable(C.Kind, C.Device).update(Data, Bytes, ToDevice, Mem)) {
    errorf("%s: %s %p (%zu bytes) was not updated on %s", Who.routine(), Who.Arg, Data, Bytes,
           Mem.name().c_str());
    return false;
  }
  return true;
}

/// acc_map_data of \p Data: device range [Dev, Dev + Bytes) is memory that
/// no other host data uses, not a block acc_free freed, and lies within the
/// block it starts in (and, where device memory is host memory, in mapped
/// pages); false after a message naming data_dev.
bool deviceMemoryToMap(const Current &C, const void *Data, void *Dev, size_t Bytes,
                       BackendMemory &Mem) {
  Runtime &R = Runtime::get();
  if (!checkRange("acc_map_data", "data_dev", Dev, Bytes))
    return false;
  // The same pair again is left to the present table, which names the host
  // range.
  std::optional<void *> Host = R.presentTable(C.Kind, C.Device).hostAddress(Dev);
  if (Host && *Host != Data) {
    errorf("acc_map_data: data_dev %p is already the device memory of host data at %p on %s; "
           "nothing mapped",
           Dev, *Host, Mem.name().c_str());
    return false;
  }
  if (C.B->deviceHolding(Dev) < 0)
    if (std::string Freed = R.allocations(C.Kind, C.Device).freedBlock(Dev); !Freed.empty()) {
      errorf("acc_map_data: data_dev %p on %s is in the block %s that acc_free freed; nothing "
             "mapped",
             Dev, Mem.name().c_str(), Freed.c_str());
      return false;
    }
  // The emulated devices' memory is the host's: a range into unmapped pages
  // would fault in the first copy.
  return R.checkDeviceRange("acc_map_data", "data_dev", C.Kind, C.Device, Dev, Bytes,
                            "nothing mapped") &&
         (!C.hostMemory() || checkHostMapped("acc_map_data", "data_dev", Dev, Bytes));
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

void ferry_data_directive(const ferry_region *R, int Action, int Flags, void *D, size_t N,
                          int A, const char *Clause) {
  static const char *const Names[] = {"copyin", "create", "copyout", "delete", "self", "device"};
  const bool Known = Action >= FERRY_DIRECTIVE_COPYIN && Action <= FERRY_DIRECTIVE_UPDATE_DEVICE;
  const Caller Who(std::string(R && R->name ? R->name : "directive") + " (" +
                       (R && R->file ? R->file : "?") + ":" + std::to_string(R ? R->line : 0) +
                       "): " + (Known ? Names[Action] : "?") + "(" + (Clause ? Clause : "?") +
                       ")",
                   "the section");
  const bool Finalize = Flags & FERRY_DIRECTIVE_FINALIZE;
  void *Dev = nullptr;
  bool Done = false;
  switch (Action) {
  case FERRY_DIRECTIVE_COPYIN:
  case FERRY_DIRECTIVE_CREATE:
    Done = enter(Who, D, N, Action == FERRY_DIRECTIVE_COPYIN ? E::Copyin : E::Create, A,
                 Flags & FERRY_DIRECTIVE_ZERO, Dev);
    break;
  case FERRY_DIRECTIVE_COPYOUT:
  case FERRY_DIRECTIVE_DELETE:
    Done = exit(Who, D, N, Action == FERRY_DIRECTIVE_COPYOUT ? X::Copyout : X::Delete, Finalize,
                A);
    break;
  case FERRY_DIRECTIVE_UPDATE_SELF:
  case FERRY_DIRECTIVE_UPDATE_DEVICE:
    Done = update(Who, D, N, Action == FERRY_DIRECTIVE_UPDATE_DEVICE, A, /*Queues=*/true);
    break;
  default:
    errorf("%s: unknown data action %d", Who.routine(), Action);
    break;
  }
  // As for a data construct's clause: the program does not go on with data
  // that is not where the directive put it.
  if (!Done)
    ferry_region_abort(R, nullptr);
}

int acc_is_present(void *D, size_t N) {
  // A range that is no range is not present, on the host as anywhere.
  if (!checkRange("acc_is_present", "data_arg", D, N))
    return 0;
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
  if (Dev && N && !deviceMemoryToMap(C, D, Dev, N, Mem))
    return;
  Runtime::get().presentTable(C.Kind, C.Device).map(D, Dev, N, Mem);
}

void acc_unmap_data(void *D) {
  Current C = current();
  if (!C.ok() || C.host())
    return;
  BackendMemory Mem(*C.B, C.Device, acc_async_sync);
  Runtime::get().presentTable(C.Kind, C.Device).unmap(D, Mem);
}

namespace {
/// acc_memcpy_device(_async): both device ranges within what they start in;
/// on the host and the emulated devices, whose device memory is host memory,
/// in mapped pages too.
bool deviceRangesFit(const char *Routine, const Current &C, const void *Dst, const void *Src,
                     size_t N) {
  Runtime &R = Runtime::get();
  return R.checkDeviceRange(Routine, "data_dev_dest", C.Kind, C.Device, Dst, N) &&
         R.checkDeviceRange(Routine, "data_dev_src", C.Kind, C.Device, Src, N) &&
         (!C.hostMemory() || (checkHostMapped(Routine, "data_dev_dest", Dst, N) &&
                              checkHostMapped(Routine, "data_dev_src", Src, N)));
}
} // namespace

void acc_memcpy_device_async(void *Dst, void *Src, size_t N, int Async) {
  const char *Routine = "acc_memcpy_device_async";
  if (!N || !checkRange(Routine, "data_dev_dest", Dst, N) ||
      !checkRange(Routine, "data_dev_src", Src, N) || !checkQueue(Routine, "async_arg", Async))
    return;
  Current C = current();
  if (C.ok() && deviceRangesFit(Routine, C, Dst, Src, N))
    report(C.B->copyDeviceToDevice(C.Device, Dst, C.Device, Src, N, C.resolve(Async)));
}

void acc_memcpy_device(void *Dst, void *Src, size_t N) {
  if (!N || !checkRange("acc_memcpy_device", "data_dev_dest", Dst, N) ||
      !checkRange("acc_memcpy_device", "data_dev_src", Src, N))
    return;
  Current C = current();
  if (C.ok() && deviceRangesFit("acc_memcpy_device", C, Dst, Src, N))
    report(C.B->copyDeviceToDevice(C.Device, Dst, C.Device, Src, N, acc_async_sync));
}

namespace {
/// acc_memcpy_d2d(_async): the device copies of two host ranges on two
/// devices of the current type; on the host, whose memory is shared, the
/// host ranges themselves.
void copyBetweenDevices(const char *Routine, void *Dst, void *Src, size_t N, int DstNum,
                        int SrcNum, int Async) {
  if (!N || !checkRange(Routine, "data_arg_dest", Dst, N) ||
      !checkRange(Routine, "data_arg_src", Src, N) ||
      !checkQueue(Routine, "async_arg_src", Async))
    return;
  Current C = current();
  if (!C.ok())
    return;
  const int Count = C.B->numDevices();
  for (auto [Arg, Num] : {std::pair<const char *, int>{"dev_num_dest", DstNum},
                          std::pair<const char *, int>{"dev_num_src", SrcNum}})
    if (Num < 0 || Num >= Count) {
      errorf("%s: %s %d is not a %s device (there %s %d); nothing copied", Routine, Arg, Num,
             deviceKindName(C.Kind), Count == 1 ? "is" : "are", Count);
      return;
    }
  Runtime &R = Runtime::get();
  const int Queue = R.resolveAsync(C.Kind, SrcNum, Async);
  if (C.host()) {
    if (checkHostMapped(Routine, "data_arg_dest", Dst, N) &&
        checkHostMapped(Routine, "data_arg_src", Src, N))
      report(C.B->copyDeviceToDevice(DstNum, Dst, SrcNum, Src, N, Queue));
    return;
  }
  void *DevAddr[2] = {nullptr, nullptr};
  const struct {
    const char *Arg;
    void *Host;
    int Num;
  } Sides[2] = {{"data_arg_dest", Dst, DstNum}, {"data_arg_src", Src, SrcNum}};
  for (int I = 0; I < 2; ++I) {
    std::optional<void *> Dev =
        R.presentTable(C.Kind, Sides[I].Num).deviceAddress(Sides[I].Host, N);
    if (!Dev) {
      errorf("%s: %s %p (%zu bytes) is not present on %s device %d; nothing copied", Routine,
             Sides[I].Arg, Sides[I].Host, N, deviceKindName(C.Kind), Sides[I].Num);
      return;
    }
    DevAddr[I] = *Dev;
  }
  // The emulated devices' memory is the host's: a device copy in memory the
  // program unmapped after acc_map_data would fault in the copy.
  if (C.hostMemory() &&
      (!checkHostMapped(Routine, "the device copy of data_arg_dest", DevAddr[0], N) ||
       !checkHostMapped(Routine, "the device copy of data_arg_src", DevAddr[1], N)))
    return;
  report(C.B->copyDeviceToDevice(DstNum, DevAddr[0], SrcNum, DevAddr[1], N, Queue));
}

/// acc_attach / acc_detach and their forms.
void attachOrDetach(const char *Routine, void **PtrAddr, bool Attach, bool Finalize,
                    int Async) {
  if (!PtrAddr) {
    errorf("%s: ptr_addr is a null pointer; nothing done", Routine);
    return;
  }
  if (!checkQueue(Routine, "async_arg", Async))
    return;
  Current C = current();
  if (!C.ok() || C.host()) // shared memory: pointers need no translation
    return;
  BackendMemory Mem(*C.B, C.Device, C.resolve(Async));
  PresentTable &Table = Runtime::get().presentTable(C.Kind, C.Device);
  PresentTable::Attach Result;
  ferry_status S = Attach ? Table.attach(PtrAddr, Mem, Result)
                          : Table.detach(PtrAddr, Finalize, Mem, Result);
  if (S != FERRY_SUCCESS)
    errorf("%s: the device copy of the pointer at %p on %s could not be written", Routine,
           static_cast<void *>(PtrAddr), Mem.name().c_str());
  else if (Result == PresentTable::Attach::TargetAbsent)
    errorf("%s: the pointer at ptr_addr %p points to %p, which is not present on %s; nothing "
           "attached",
           Routine, static_cast<void *>(PtrAddr), *PtrAddr, Mem.name().c_str());
}
} // namespace

void acc_memcpy_d2d(void *Dst, void *Src, size_t N, int DstNum, int SrcNum) {
  copyBetweenDevices("acc_memcpy_d2d", Dst, Src, N, DstNum, SrcNum, acc_async_sync);
}

void acc_memcpy_d2d_async(void *Dst, void *Src, size_t N, int DstNum, int SrcNum, int Async) {
  copyBetweenDevices("acc_memcpy_d2d_async", Dst, Src, N, DstNum, SrcNum, Async);
}

void acc_attach(void **P) { attachOrDetach("acc_attach", P, true, false, acc_async_sync); }
void acc_attach_async(void **P, int A) { attachOrDetach("acc_attach_async", P, true, false, A); }
void acc_detach(void **P) { attachOrDetach("acc_detach", P, false, false, acc_async_sync); }
void acc_detach_async(void **P, int A) { attachOrDetach("acc_detach_async", P, false, false, A); }
void acc_detach_finalize(void **P) {
  attachOrDetach("acc_detach_finalize", P, false, true, acc_async_sync);
}
void acc_detach_finalize_async(void **P, int A) {
  attachOrDetach("acc_detach_finalize_async", P, false, true, A);
}

// OpenACC 2.5 made acc_copyin and acc_create "present or": the old names
// remain (deprecated).
void *acc_pcopyin(void *D, size_t N) {
  return enter("acc_pcopyin", D, N, E::Copyin, acc_async_sync);
}
void *acc_present_or_copyin(void *D, size_t N) {
  return enter("acc_present_or_copyin", D, N, E::Copyin, acc_async_sync);
}
void *acc_pcreate(void *D, size_t N) {
  return enter("acc_pcreate", D, N, E::Create, acc_async_sync);
}
void *acc_present_or_create(void *D, size_t N) {
  return enter("acc_present_or_create", D, N, E::Create, acc_async_sync);
}

void acc_init(acc_device_t T) {
  // Discovery is lazy; acc_init makes it happen now and selects the type.
  if (!knownDeviceType("acc_init", T, /*NoneToo=*/false, "nothing done"))
    return;
  acc_set_device_type(T);
  Current C = current();
  if (C.ok())
    C.B->numDevices();
}

void acc_shutdown(acc_device_t T) {
  // acc_shutdown_device for every device of the type: outstanding work
  // finishes, queues and loaded code go; data and contexts stay, and the
  // next use makes the rest again.
  if (!knownDeviceType("acc_shutdown", T, /*NoneToo=*/false, "nothing done"))
    return;
  Runtime &R = Runtime::get();
  for (DeviceKind K : {DeviceKind::Host, DeviceKind::Nvidia, DeviceKind::Radeon}) {
    if (T != acc_device_default && accTypeOfKind(K) != T &&
        !(T == acc_device_not_host && K != DeviceKind::Host))
      continue;
    Backend &B = R.backendFor(K);
    for (int D = 0; D < B.numDevices(); ++D)
      R.shutdownDevice(K, D);
  }
}

namespace {
/// Properties of device \p Num of type \p T (the current type for
/// acc_device_default and acc_device_not_host), or false after saying why
/// under \p Routine (\p Returning: what it returns then); \p Kind receives
/// its kind.
bool propertiesOf(const char *Routine, const char *Returning, int Num, acc_device_t T,
                  Backend::Properties &Out, DeviceKind *Kind = nullptr) {
  Runtime &R = Runtime::get();
  std::optional<DeviceKind> K;
  if (T == acc_device_host)
    K = DeviceKind::Host;
  else if (T == acc_device_nvidia)
    K = DeviceKind::Nvidia;
  else if (T == acc_device_radeon)
    K = DeviceKind::Radeon;
  else if (T == acc_device_default || T == acc_device_not_host)
    K = R.selectedKind();
  else {
    errorf("%s: dev_type %d is not a device type; returning %s", Routine, int(T), Returning);
    return false;
  }
  if (!K)
    return false;
  Backend &B = R.backendFor(*K);
  const int Count = B.numDevices();
  if (Num < 0 || Num >= Count) {
    errorf("%s: dev_num %d is not a %s device (there %s %d); returning %s", Routine, Num,
           deviceKindName(*K), Count == 1 ? "is" : "are", Count, Returning);
    return false;
  }
  if (Kind)
    *Kind = *K;
  return report(B.properties(Num, Out)) == FERRY_SUCCESS;
}
} // namespace

size_t acc_get_property(int Num, acc_device_t T, acc_device_property_t P) {
  Backend::Properties Props;
  DeviceKind K;
  if (!propertiesOf("acc_get_property", "0", Num, T, Props, &K))
    return 0;
  // Shared memory: the host is its own device; Ferry's GPUs get copies.
  return P == acc_property_memory                  ? Props.TotalMemory
         : P == acc_property_free_memory           ? Props.FreeMemory
         : P == acc_property_shared_memory_support ? size_t(K == DeviceKind::Host)
                                                   : 0;
}

void *ferry_reduction_load(void *Var, size_t Bytes, int OnDevice) {
  if (!OnDevice || !Bytes || acc_get_device_type() == acc_device_host ||
      !acc_is_present(Var, Bytes))
    return nullptr;
  void *Saved = std::malloc(Bytes);
  if (!Saved)
    ferry_region_abort(nullptr, "out of host memory for a reduction's result");
  std::memcpy(Saved, Var, Bytes);
  acc_update_self(Var, Bytes);
  return Saved;
}

void ferry_reduction_store(void *Saved, void *Var, size_t Bytes) {
  if (!Saved)
    return;
  acc_update_device(Var, Bytes);
  std::memcpy(Var, Saved, Bytes);
  std::free(Saved);
}

const char *acc_get_property_string(int Num, acc_device_t T, acc_device_property_t P) {
  // The strings live as long as the process, one per (device, property).
  static std::mutex Mutex;
  static std::map<std::tuple<int, int, int>, std::string> Strings;
  Backend::Properties Props;
  if (!propertiesOf("acc_get_property_string", "NULL", Num, T, Props))
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

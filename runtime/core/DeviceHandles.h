//===- DeviceHandles.h - What a backend hands out --------------*- C++ -*-===//
///
/// \file
/// The typed handles of a Backend's device objects, after LLVM offload's
/// generic and derived classes: the generic class says what every backend
/// does with the object; each backend derives its own, holding the vendor's
/// handle (a CUmodule, a CUfunction, a CUevent, ...), and is the only code
/// that sees the derived type. A backend that needs its own type of a
/// handle it is given gets it with own(), the one checked downcast. The C
/// ABI's opaque pointers (ferry_module, ferry_kernel, cudaEvent_t, ...)
/// stay the runtime's own objects, which hold these.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_DEVICEHANDLES_H
#define FERRY_RUNTIME_CORE_DEVICEHANDLES_H

#include "core/Error.h"

#include "ferry/runtime.h"

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace ferry {

class Backend;

/// What every handle knows: the backend that made it. Not copied: the
/// object is the device's.
class DeviceHandle {
public:
  DeviceHandle(const DeviceHandle &) = delete;
  DeviceHandle &operator=(const DeviceHandle &) = delete;
  Backend &backend() const { return Owner; }

protected:
  explicit DeviceHandle(Backend &Owner) : Owner(Owner) {}
  ~DeviceHandle() = default;

private:
  Backend &Owner;
};

/// \p Handle as \p Derived, the type backend \p B makes its handles of that
/// kind with; \p Handle must be one of \p B's.
template <typename Derived, typename Base> Derived &own(const Backend &B, Base &Handle) {
  static_assert(std::is_base_of_v<DeviceHandle, Base> && std::is_base_of_v<Base, Derived>,
                "a handle type and the backend's type derived from it");
  assert(&Handle.backend() == &B && "a handle of another backend");
  (void)B;
  return static_cast<Derived &>(Handle);
}

/// Device code loaded on one device (Backend::loadModule): one image, or a
/// kernel image linked with its libraries. It owns the kernels looked up in
/// it; Backend::unloadModule unloads it.
class DeviceModule : public DeviceHandle {
public:
  virtual ~DeviceModule() = default;

  /// How many of the runtime's declared globals (Runtime::addDeclaredRef)
  /// have been looked up in this module, and their device variables filled
  /// where it has them.
  std::atomic<size_t> DeclaredRefsFilled{0};

protected:
  explicit DeviceModule(Backend &Owner) : DeviceHandle(Owner) {}
};

/// A kernel of a loaded module (Backend::getKernel), which owns it: it
/// lives as long as the module, like a CUfunction.
class DeviceKernel : public DeviceHandle {
public:
  virtual ~DeviceKernel() = default;
  const std::string &name() const { return Name; }
  /// Launches the kernel on \p Queue of its module's device. A synchronous
  /// launch (\p Queue acc_async_sync) also waits for the kernel and returns
  /// its failure.
  virtual Error launch(const uint32_t Grid[3], const uint32_t Block[3], uint32_t SharedBytes,
                       void **Args, int Queue) = 0;
  /// CUDA's value of function attribute \p Attr (a CUfunction_attribute),
  /// in the backend's terms; false where it has none.
  virtual bool attribute(int /*Attr*/, int & /*Out*/) { return false; }
  /// NVIDIA kernels: sets function attribute \p Attr.
  virtual Error setAttribute(int Attr, int Value);
  /// NVIDIA kernels: resident blocks per multiprocessor.
  virtual bool occupancy(int /*BlockSize*/, size_t /*DynamicShared*/, int & /*Blocks*/) {
    return false;
  }

protected:
  DeviceKernel(Backend &Owner, std::string Name) : DeviceHandle(Owner), Name(std::move(Name)) {}

private:
  std::string Name;
};

/// A marker recorded on a queue after the work submitted to it so far
/// (Backend::eventRecord): cudaEvent_t's, and FERRY_TIME's timestamps
/// around a kernel. Destroying it releases it.
class DeviceEvent : public DeviceHandle {
public:
  virtual ~DeviceEvent() = default;
  /// Whether the work before the event is done.
  virtual bool done() = 0;
  /// Blocks until the work before the event is done.
  virtual Error wait() = 0;
  /// Orders later work of queue \p Queue of device \p Device after the
  /// work before the event.
  virtual Error queueWait(int Device, int Queue) = 0;
  /// Seconds from \p Start, an event of the same backend, to this one once
  /// this one happened (waits for it); negative if unknown.
  virtual double secondsSince(DeviceEvent &Start) = 0;

protected:
  explicit DeviceEvent(Backend &Owner) : DeviceHandle(Owner) {}
};

} // namespace ferry

#endif

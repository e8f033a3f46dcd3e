//===- Backend.h - A kind of device the runtime can drive ------*- C++ -*-===//
///
/// \file
/// A Backend owns the devices of one kind (ROCR agents, CUDA devices, the
/// host). Discovery runs once, lazily, and never prints: why a backend has no
/// device is kept in status() for ferry-info and FERRY_DEBUG.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_BACKEND_H
#define FERRY_RUNTIME_CORE_BACKEND_H

#include "core/Env.h"

#include <mutex>
#include <string>

namespace ferry {

class Backend {
public:
  virtual ~Backend() = default;

  /// Short name: "hsa", "cuda", "host".
  virtual const char *name() const = 0;
  virtual DeviceKind kind() const = 0;

  /// Number of usable devices; runs discovery on first use.
  int numDevices() {
    ensureDiscovered();
    return NumDevices;
  }
  /// "ok", or why there is no usable device (library missing, no GPU, ...).
  const std::string &status() {
    ensureDiscovered();
    return Status;
  }

protected:
  /// Finds the devices: sets NumDevices and Status. Must not print.
  virtual void discover() = 0;

  int NumDevices = 0;
  std::string Status = "not initialized";

private:
  void ensureDiscovered() {
    std::call_once(Discovered, [this] { discover(); });
  }
  std::once_flag Discovered;
};

} // namespace ferry

#endif

//===- HostBackend.cpp - The host as a device -----------------------------===//
///
/// \file
/// Implementation of the host backend.
///
//===----------------------------------------------------------------------===//
#include "host/HostBackend.h"

namespace ferry {
namespace {

class HostBackend final : public Backend {
public:
  const char *name() const override { return "host"; }
  DeviceKind kind() const override { return DeviceKind::Host; }

protected:
  void discover() override {
    NumDevices = 1;
    Status = "ok";
  }
};

} // namespace

std::unique_ptr<Backend> createHostBackend() {
  return std::make_unique<HostBackend>();
}

} // namespace ferry

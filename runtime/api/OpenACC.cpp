//===- OpenACC.cpp - OpenACC runtime library routines ---------------------===//
///
/// \file
/// The routines of <openacc.h> implemented so far: device types and numbers.
///
//===----------------------------------------------------------------------===//
#include "core/Debug.h"
#include "core/Runtime.h"
#include "openacc.h"

#include <optional>

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
  if (auto K = kindOf(T)) {
    R.setDeviceNum(*K, Num);
    return;
  }
  for (DeviceKind K : {DeviceKind::Host, DeviceKind::Nvidia, DeviceKind::Radeon})
    R.setDeviceNum(K, Num);
}

int acc_get_device_num(acc_device_t T) {
  Runtime &R = Runtime::get();
  if (auto K = kindOf(T))
    return R.deviceNum(*K);
  auto K = R.selectedKind();
  return K ? R.deviceNum(*K) : -1;
}

int acc_on_device(acc_device_t T) {
  // Host code (and the host fallback of a region) runs on the host.
  return T == acc_device_host || T == acc_device_default ? 1 : 0;
}

} // extern "C"

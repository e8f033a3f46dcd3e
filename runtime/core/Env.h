//===- Env.h - Environment variables the runtime reads ---------*- C++ -*-===//
///
/// \file
/// Parsing of ACC_DEVICE_TYPE, ACC_DEVICE_NUM and Ferry's own FERRY_*
/// variables. Pure functions of strings so that they can be unit-tested.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_ENV_H
#define FERRY_RUNTIME_CORE_ENV_H

#include <optional>
#include <string>

namespace ferry {

/// The kinds of device a region can run on.
enum class DeviceKind { Host, Nvidia, Radeon };

/// "host", "nvidia", "radeon".
const char *deviceKindName(DeviceKind K);

/// Parses an ACC_DEVICE_TYPE value (case-insensitive; "amd" and "radeon" are
/// the same kind). std::nullopt for anything else.
std::optional<DeviceKind> parseDeviceKind(const std::string &Text);

/// Parses a non-negative decimal integer; std::nullopt if malformed.
std::optional<unsigned> parseUnsigned(const std::string &Text);

/// The value of \p Name, or std::nullopt when unset.
std::optional<std::string> envString(const char *Name);
/// parseUnsigned of \p Name's value.
std::optional<unsigned> envUnsigned(const char *Name);
/// True when \p Name is set to something other than "", "0", "off", "false".
bool envFlag(const char *Name);

} // namespace ferry

#endif

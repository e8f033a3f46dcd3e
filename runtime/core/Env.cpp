//===- Env.cpp - Environment variables the runtime reads ------------------===//
///
/// \file
/// Implementation of the environment parsers.
///
//===----------------------------------------------------------------------===//
#include "core/Env.h"

#include <cstdio>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace ferry {

const char *deviceKindName(DeviceKind K) {
  switch (K) {
  case DeviceKind::Host:
    return "host";
  case DeviceKind::Nvidia:
    return "nvidia";
  case DeviceKind::Radeon:
    return "radeon";
  }
  return "unknown";
}

static std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  return S;
}

std::optional<DeviceKind> parseDeviceKind(const std::string &Text) {
  const std::string S = lower(Text);
  if (S == "host")
    return DeviceKind::Host;
  if (S == "nvidia")
    return DeviceKind::Nvidia;
  if (S == "radeon" || S == "amd")
    return DeviceKind::Radeon;
  return std::nullopt;
}

std::optional<unsigned> parseUnsigned(const std::string &Text) {
  if (Text.empty() || Text.size() > 9)
    return std::nullopt;
  unsigned V = 0;
  for (char C : Text) {
    if (C < '0' || C > '9')
      return std::nullopt;
    V = V * 10 + unsigned(C - '0');
  }
  return V;
}

std::optional<std::string> envString(const char *Name) {
  const char *V = std::getenv(Name);
  if (!V)
    return std::nullopt;
  return std::string(V);
}

std::optional<unsigned> envUnsigned(const char *Name) {
  auto V = envString(Name);
  if (!V)
    return std::nullopt;
  std::optional<unsigned> N = parseUnsigned(*V);
  if (!N)
    std::fprintf(stderr, "ferry: error: %s='%s' is not a number; ignored\n", Name, V->c_str());
  return N;
}

bool envFlag(const char *Name) {
  auto V = envString(Name);
  if (!V)
    return false;
  const std::string S = lower(*V);
  return !(S.empty() || S == "0" || S == "off" || S == "false" || S == "no");
}

} // namespace ferry

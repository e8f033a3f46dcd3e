//===- ferry-info.cpp - What Ferry's runtime sees -------------------------===//
///
/// \file
/// `ferry-info` lists the runtime's backends and their devices (and why a
/// backend has none). `ferry-info --has=TYPE` prints nothing and exits 0 when
/// a usable device of TYPE (radeon, nvidia, host) exists, 1 otherwise; the
/// lit configuration uses it to detect GPUs.
///
//===----------------------------------------------------------------------===//
#include "ferry/runtime.h"

#include <cstdio>
#include <cstring>
#include <string>

static int usage() {
  std::fprintf(stderr, "usage: ferry-info [--has=radeon|nvidia|host]\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc > 2)
    return usage();
  if (argc == 2) {
    std::string Arg = argv[1];
    if (Arg == "--help" || Arg == "-h") {
      std::printf("usage: ferry-info [--has=radeon|nvidia|host]\n"
                  "Lists Ferry's runtime backends and devices.\n");
      return 0;
    }
    if (Arg.rfind("--has=", 0) != 0)
      return usage();
    std::string Type = Arg.substr(6);
    if (Type != "radeon" && Type != "nvidia" && Type != "host") {
      std::fprintf(stderr, "ferry-info: error: unknown device type '%s'\n",
                   Type.c_str());
      return 2;
    }
    for (size_t I = 0, N = ferry_backend_count(); I < N; ++I) {
      ferry_backend_info Info;
      if (ferry_get_backend_info(I, &Info) == FERRY_SUCCESS &&
          Type == Info.device_type && Info.num_devices > 0)
        return 0;
    }
    return 1;
  }
  std::printf("%-6s %-8s %-8s %s\n", "BACKEND", "TYPE", "DEVICES", "STATUS");
  for (size_t I = 0, N = ferry_backend_count(); I < N; ++I) {
    ferry_backend_info Info;
    if (ferry_get_backend_info(I, &Info) != FERRY_SUCCESS)
      continue;
    std::printf("%-7s %-8s %-8d %s\n", Info.name, Info.device_type,
                Info.num_devices, Info.status);
  }
  std::printf("compute regions run on: %s\n", ferry_selected_device_type());
  return 0;
}

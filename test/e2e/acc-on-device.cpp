// acc_on_device inside compute regions, as OpenACC programs use it to pick a
// code path: in a region on a GPU it is true for acc_device_not_host and for
// the GPU's vendor, false for the host; in the host version of a region (no
// GPU, ACC_DEVICE_TYPE=host) true for the host only. Each value is checked
// against the device the program runs on.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>

int main() {
  const int n = 64;
  int host[n], notHost[n], nvidia[n], radeon[n], path[n];
#pragma acc parallel loop copyout(host, notHost, nvidia, radeon, path)
  for (int i = 0; i < n; ++i) {
    host[i] = acc_on_device(acc_device_host);
    notHost[i] = acc_on_device(acc_device_not_host);
    nvidia[i] = acc_on_device(acc_device_nvidia);
    radeon[i] = acc_on_device(acc_device_radeon);
    // The usual idiom: a device path and a host path.
    if (acc_on_device(acc_device_not_host))
      path[i] = 2 * i;
    else
      path[i] = -i;
  }
  const acc_device_t Type = acc_get_device_type();
  const bool OnGpu = Type != acc_device_host;
  for (int i = 0; i < n; ++i) {
    CHECK(host[i] == !OnGpu);
    CHECK(notHost[i] == OnGpu);
    CHECK(nvidia[i] == (Type == acc_device_nvidia));
    CHECK(radeon[i] == (Type == acc_device_radeon));
    CHECK(path[i] == (OnGpu ? 2 * i : -i));
  }
  // In host code: the host.
  CHECK(acc_on_device(acc_device_host) == 1);
  CHECK(acc_on_device(acc_device_not_host) == 0);
  return report();
}

// acc_set_device_type(acc_device_default) restores the default device type:
// the one ACC_DEVICE_TYPE names (acc-device-type-var's initial value), else
// the first type with a device (before: always the GPU, ACC_DEVICE_TYPE
// ignored). The `set device_type(default)` directive is the same call.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host FERRY_EMULATE=gfx90a %run %t host 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a %run %t radeon 2>&1 | %count 0
// RUN: env FERRY_EMULATE=gfx90a %run %t radeon 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <openacc.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  // The default type: the argument, else ACC_DEVICE_TYPE (the GPU runner's).
  const char *Name = argc > 1 ? argv[1] : getenv("ACC_DEVICE_TYPE");
  const acc_device_t Default = !Name || strcmp(Name, "host") == 0 ? acc_device_host
                               : strcmp(Name, "nvidia") == 0    ? acc_device_nvidia
                                                                : acc_device_radeon;
  CHECK(acc_get_device_type() == Default);
  acc_set_device_type(Default == acc_device_host ? acc_device_radeon : acc_device_host);
  CHECK(acc_get_device_type() != Default);
  acc_set_device_type(acc_device_default);
  CHECK(acc_get_device_type() == Default);
  acc_set_device_type(acc_device_host);
#pragma acc set device_type(default)
  CHECK(acc_get_device_type() == Default);
  int on_host = 0;
#pragma acc parallel copyout(on_host)
  on_host = acc_on_device(acc_device_host);
  CHECK(on_host == (Default == acc_device_host));
  return report();
}

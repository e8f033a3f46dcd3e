// On an NVIDIA GPU: the OpenACC data routines against real device memory -
// reference counts, copy back only at the last exit, update, present checks,
// device/host address translation, map/unmap, properties. Silent on success.
// REQUIRES: cuda
// RUN: %ferry-translate %S/Inputs/axpy-kernel.ll --emit=ptx --cuda-arch=sm_80 -o %t.kernel.ptx
// RUN: %ferry-translate %S/Inputs/axpy-library.ll --emit=ptx --cuda-arch=sm_80 -o %t.library.ptx
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %run %t %t.kernel.ptx %t.library.ptx
#include "ferry/runtime.h"
#include <openacc.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define SELF_CHECK_NAME "data-api"
#include "Inputs/SelfCheck.h"

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  acc_init(acc_device_nvidia);
  CHECK(acc_get_device_type() == acc_device_nvidia, "not on the NVIDIA device");
  CHECK(acc_get_property(0, acc_device_nvidia, acc_property_memory) > (1ull << 30),
        "device memory property");
  const char *name = acc_get_property_string(0, acc_device_nvidia, acc_property_name);
  CHECK(name && std::strstr(name, "NVIDIA"), "device name property");

  std::string k = slurp(argv[1]), l = slurp(argv[2]);
  ferry_image_desc images[2] = {{"ptx", k.data(), k.size()}, {"ptx", l.data(), l.size()}};
  ferry_module m;
  ferry_kernel axpy;
  if (ferry_module_load(images, 2, &m) || ferry_module_get_kernel(m, "axpy", &axpy))
    return 1;

  const int n = 4096;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);
  float *dx = (float *)acc_copyin(x.data(), n * sizeof(float));
  float *dy = (float *)acc_copyin(y.data(), n * sizeof(float));
  CHECK(dx && dy && dx != x.data(), "acc_copyin did not give device addresses");
  CHECK(acc_is_present(y.data(), n * sizeof(float)), "y not present");
  CHECK(acc_deviceptr(y.data() + 10) == dy + 10, "acc_deviceptr of an element");
  CHECK(acc_hostptr(dy + 10) == y.data() + 10, "acc_hostptr of an element");
  CHECK(acc_copyin(y.data(), n * sizeof(float)) == dy, "second copyin moved the data");

  float a = 3.0f;
  int count = n;
  void *args[] = {&a, &dx, &dy, &count};
  uint32_t grid[3] = {uint32_t(n / 256), 1, 1}, block[3] = {256, 1, 1};
  CHECK(ferry_launch(axpy, grid, block, 0, args, acc_async_sync) == FERRY_SUCCESS, "launch");

  acc_copyout(y.data(), n * sizeof(float)); // one reference left: no copy back
  CHECK(y[0] == 2.0f, "copied back while still referenced");
  y[1] = 100.0f;
  acc_update_device(y.data() + 1, sizeof(float));
  acc_update_self(y.data(), 2 * sizeof(float));
  CHECK(y[0] == 5.0f && y[1] == 100.0f, "update device/self");
  acc_copyout(y.data(), n * sizeof(float)); // last reference: copy back
  CHECK(y[n - 1] == 5.0f, "copyout result");
  CHECK(!acc_is_present(y.data(), n * sizeof(float)), "y still present");
  acc_delete_finalize(x.data(), n * sizeof(float));
  CHECK(!acc_is_present(x.data(), n * sizeof(float)), "x still present");

  // acc_map_data: the user's device memory, never freed by the runtime.
  void *mine = acc_malloc(n * sizeof(float));
  acc_map_data(x.data(), mine, n * sizeof(float));
  CHECK(acc_deviceptr(x.data()) == mine, "mapped address");
  acc_unmap_data(x.data());
  acc_free(mine);
  ferry_module_unload(m);
  acc_shutdown(acc_device_nvidia);
  return failures ? 1 : 0;
}

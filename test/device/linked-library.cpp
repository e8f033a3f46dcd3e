// On an NVIDIA GPU: loads a PTX kernel image linked at load time with a
// separate PTX device-function library, moves data, launches on async
// queues, checks the results, and checks that the kernel image alone is
// refused with the missing function named (in ferry_last_error). Silent on
// success.
//   linked-library <kernel.ptx> <library.ptx>
// REQUIRES: cuda
// RUN: %ferry-translate %S/Inputs/axpy-kernel.ll --emit=ptx --cuda-arch=sm_80 -o %t.kernel.ptx
// RUN: %ferry-translate %S/Inputs/axpy-library.ll --emit=ptx --cuda-arch=sm_80 -o %t.library.ptx
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %run %t %t.kernel.ptx %t.library.ptx
#include "ferry/runtime.h"
#include <openacc.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define SELF_CHECK_NAME "linked-library"
#include "Inputs/SelfCheck.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: linked-library <kernel.ptx> <library.ptx>\n");
    return 2;
  }
  acc_set_device_type(acc_device_nvidia);
  if (acc_get_num_devices(acc_device_nvidia) < 1) {
    std::fprintf(stderr, "linked-library: no NVIDIA GPU\n");
    return 1;
  }
  std::string kernel = slurp(argv[1]), library = slurp(argv[2]);
  ferry_image_desc images[2] = {{"ptx", kernel.data(), kernel.size()},
                                {"ptx", library.data(), library.size()}};

  ferry_module module = nullptr;
  CHECK(ferry_module_load(images, 2, &module) == FERRY_SUCCESS, "linking failed");
  ferry_kernel axpy = nullptr;
  CHECK(module && ferry_module_get_kernel(module, "axpy", &axpy) == FERRY_SUCCESS,
        "no kernel axpy");
  if (failures)
    return 1;

  const int n = 1 << 20;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 977);
    y[i] = float(i % 13);
  }
  float *dx = (float *)acc_malloc(n * sizeof(float));
  float *dy = (float *)acc_malloc(n * sizeof(float));
  CHECK(dx && dy, "acc_malloc failed");
  // Queue 1: both copies and the launch, in order; queue 2: the copy back.
  acc_memcpy_to_device_async(dx, x.data(), n * sizeof(float), 1);
  acc_memcpy_to_device_async(dy, y.data(), n * sizeof(float), 1);
  float a = 2.5f;
  int count = n;
  void *args[] = {&a, &dx, &dy, &count};
  uint32_t grid[3] = {uint32_t((n + 255) / 256), 1, 1}, block[3] = {256, 1, 1};
  CHECK(ferry_launch(axpy, grid, block, 0, args, 1) == FERRY_SUCCESS, "launch failed");
  acc_wait(1);
  CHECK(acc_async_test(1), "queue 1 not idle after acc_wait(1)");
  acc_memcpy_from_device_async(out.data(), dy, n * sizeof(float), 2);
  acc_wait_all();
  CHECK(acc_async_test_all(), "queues not idle after acc_wait_all");
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (out[i] != std::fma(a, x[i], y[i]) && bad++ < 3)
      std::fprintf(stderr, "linked-library: y[%d] = %g, want %g\n", i, out[i],
                   std::fma(a, x[i], y[i]));
  CHECK(bad == 0, "%d wrong elements", bad);

  // Synchronous launch on the default queue, again.
  acc_memcpy_to_device(dy, y.data(), n * sizeof(float));
  CHECK(ferry_launch(axpy, grid, block, 0, args, acc_async_sync) == FERRY_SUCCESS,
        "synchronous launch failed");
  acc_memcpy_from_device(out.data(), dy, n * sizeof(float));
  CHECK(out[n - 1] == std::fma(a, x[n - 1], y[n - 1]), "synchronous result wrong");

  acc_free(dx);
  acc_free(dy);
  CHECK(ferry_module_unload(module) == FERRY_SUCCESS, "unload failed");

  // The kernel image alone cannot be linked: the error, returned and not
  // printed, names axpy_element.
  ferry_module alone = nullptr;
  CHECK(ferry_module_load(images, 1, &alone) != FERRY_SUCCESS,
        "kernel without its library loaded");
  CHECK(std::string(ferry_last_error()).find("axpy_element") != std::string::npos,
        "the link error does not name axpy_element");
  return failures ? 1 : 0;
}

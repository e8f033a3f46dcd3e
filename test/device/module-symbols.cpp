// On an NVIDIA GPU: device addresses of a loaded module's variables
// (ferry_module_symbol), read back through the OpenACC API, and of its
// device function; kernels have none on NVIDIA and say so; a kernel image
// linked with its library a second time comes from the linked-module cache.
// Silent on success (MODULE_SYMBOLS_VERBOSE=1 prints the load times).
// REQUIRES: cuda
// RUN: %ferry-translate %S/../runtime/Inputs/symbols.ll --emit=ptx --cuda-arch=sm_80 -o %t.symbols.ptx
// RUN: %ferry-translate %S/Inputs/axpy-kernel.ll --emit=ptx --cuda-arch=sm_80 -o %t.kernel.ptx
// RUN: %ferry-translate %S/Inputs/axpy-library.ll --emit=ptx --cuda-arch=sm_80 -o %t.library.ptx
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %run %t %t.symbols.ptx %t.kernel.ptx %t.library.ptx
#include "ferry/runtime.h"
#include <openacc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#define SELF_CHECK_NAME "module-symbols"
#include "Inputs/SelfCheck.h"

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: module-symbols <symbols.ptx> <kernel.ptx> <library.ptx>\n");
    return 2;
  }
  acc_set_device_type(acc_device_nvidia);
  std::string symbols = slurp(argv[1]);
  ferry_image_desc image = {"ptx", symbols.data(), symbols.size()};
  ferry_module module = nullptr;
  if (ferry_module_load(&image, 1, &module) != FERRY_SUCCESS) {
    std::fprintf(stderr, "module-symbols: cannot load %s\n", argv[1]);
    return 1;
  }
  uint64_t address = 0, size = 0;
  CHECK(ferry_module_symbol(module, "scale", &address, &size) == FERRY_SUCCESS,
        "no address for variable 'scale'");
  CHECK(address != 0 && size == 4, "'scale' has the wrong address or size");
  int scale = 0;
  if (address)
    acc_memcpy_from_device(&scale, reinterpret_cast<void *>(address), sizeof scale);
  CHECK(scale == 3, "'scale' does not hold its initializer 3");
  CHECK(ferry_module_symbol(module, "table", &address, &size) == FERRY_SUCCESS && size == 256,
        "'table' has the wrong size");
  CHECK(ferry_module_symbol(module, "scale_element", &address, &size) == FERRY_SUCCESS &&
            address != 0,
        "no address for device function 'scale_element': %s", ferry_last_error());
  CHECK(ferry_module_symbol(module, "apply", &address, &size) == FERRY_ERROR_INVALID,
        "a PTX kernel was given an address");
  const ferry_symbol *syms = nullptr;
  size_t count = 0;
  CHECK(ferry_module_symbols(module, &syms, &count) == FERRY_SUCCESS && count == 4,
        "the module does not list its 4 symbols");
  for (size_t i = 0; i < count; ++i)
    CHECK((syms[i].address != 0) == (syms[i].kind != FERRY_SYMBOL_KERNEL),
          "listed '%s' has the wrong address (variables and functions only on NVIDIA)",
          syms[i].name);
  ferry_module_unload(module);

  // The same kernel image and library twice: the second load is a cache hit.
  std::string kernel = slurp(argv[2]), library = slurp(argv[3]);
  ferry_image_desc images[2] = {{"ptx", kernel.data(), kernel.size()},
                                {"ptx", library.data(), library.size()}};
  double ms[2];
  for (int round = 0; round < 2; ++round) {
    auto t0 = std::chrono::steady_clock::now();
    ferry_module m = nullptr;
    ferry_kernel k = nullptr;
    CHECK(ferry_module_load(images, 2, &m) == FERRY_SUCCESS &&
              ferry_module_get_kernel(m, "axpy", &k) == FERRY_SUCCESS,
          "linked load failed");
    ms[round] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                    .count();
    if (m)
      ferry_module_unload(m);
  }
  if (std::getenv("MODULE_SYMBOLS_VERBOSE"))
    std::printf("linked load: first %.2f ms, cached %.2f ms\n", ms[0], ms[1]);
  return failures ? 1 : 0;
}

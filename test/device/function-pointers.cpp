// On an NVIDIA GPU: device functions by address and indirect calls across
// images. A library image (twice, plus_one) loaded alone gives its
// functions' addresses (ferry_module_symbol, ferry_module_symbols, the
// runtime's own table entries hidden); a kernel image whose kernel calls
// through a function pointer parameter has no address for its kernel; the
// two images linked as one module at load time: the kernel calls each
// library function through its address. Silent on success.
//   function-pointers <library.ptx> <kernel.ptx>
// REQUIRES: cuda
// RUN: %ferry-translate %S/Inputs/fnptr-library.ll --emit=ptx --cuda-arch=sm_80 -o %t.library.ptx
// RUN: %ferry-translate %S/Inputs/fnptr-kernel.ll --emit=ptx --cuda-arch=sm_80 -o %t.kernel.ptx
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %run %t %t.library.ptx %t.kernel.ptx
#include "ferry/runtime.h"
#include <openacc.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#define SELF_CHECK_NAME "function-pointers"
#include "Inputs/SelfCheck.h"

namespace {

const int N = 1000;

/// Launches apply(fn, in, out, N) from \p module and checks out[i] against
/// \p want(in[i]); \p what names the case in messages.
void applyAndCheck(ferry_module module, uint64_t fn, float (*want)(float), const char *what) {
  ferry_kernel apply = nullptr;
  CHECK(ferry_module_get_kernel(module, "apply", &apply) == FERRY_SUCCESS,
        "%s: no kernel 'apply': %s", what, ferry_last_error());
  if (!apply)
    return;
  std::vector<float> in(N), out(N, -1.0f);
  for (int i = 0; i < N; ++i)
    in[i] = float(i) * 0.5f - 7.0f;
  float *din = (float *)acc_malloc(N * sizeof(float));
  float *dout = (float *)acc_malloc(N * sizeof(float));
  CHECK(din && dout, "%s: acc_malloc failed", what);
  if (!din || !dout)
    return;
  acc_memcpy_to_device(din, in.data(), N * sizeof(float));
  acc_memcpy_to_device(dout, out.data(), N * sizeof(float));
  int n = N;
  void *args[] = {&fn, &din, &dout, &n};
  uint32_t grid[3] = {uint32_t((N + 127) / 128), 1, 1}, block[3] = {128, 1, 1};
  CHECK(ferry_launch(apply, grid, block, 0, args, acc_async_sync) == FERRY_SUCCESS,
        "%s: the launch failed: %s", what, ferry_last_error());
  acc_memcpy_from_device(out.data(), dout, N * sizeof(float));
  int bad = 0;
  for (int i = 0; i < N; ++i)
    if (out[i] != want(in[i]) && bad++ < 3)
      std::fprintf(stderr, "function-pointers: %s: out[%d] = %g, want %g\n", what, i, out[i],
                   want(in[i]));
  CHECK(bad == 0, "%s: %d wrong elements", what, bad);
  acc_free(din);
  acc_free(dout);
}

float twice(float x) { return x * 2.0f; }
float plusOne(float x) { return x + 1.0f; }

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: function-pointers <library.ptx> <kernel.ptx>\n");
    return 2;
  }
  acc_set_device_type(acc_device_nvidia);
  if (acc_get_num_devices(acc_device_nvidia) < 1) {
    std::fprintf(stderr, "function-pointers: no NVIDIA GPU\n");
    return 1;
  }
  std::string library = slurp(argv[1]), kernel = slurp(argv[2]);
  ferry_image_desc libraryImage = {"ptx", library.data(), library.size()};
  ferry_image_desc kernelImage = {"ptx", kernel.data(), kernel.size()};

  // The library alone: its functions have addresses.
  ferry_module lib = nullptr;
  CHECK(ferry_module_load(&libraryImage, 1, &lib) == FERRY_SUCCESS,
        "cannot load the library: %s", ferry_last_error());
  if (!lib)
    return 1;
  uint64_t twiceAt = 0, plusOneAt = 0, size = 1;
  CHECK(ferry_module_symbol(lib, "twice", &twiceAt, &size) == FERRY_SUCCESS,
        "no address for device function 'twice': %s", ferry_last_error());
  CHECK(twiceAt != 0 && size == 0, "'twice': address %#llx size %llu, want an address and size 0",
        (unsigned long long)twiceAt, (unsigned long long)size);
  CHECK(ferry_module_symbol(lib, "plus_one", &plusOneAt, &size) == FERRY_SUCCESS,
        "no address for device function 'plus_one': %s", ferry_last_error());
  CHECK(plusOneAt != 0 && plusOneAt != twiceAt, "'plus_one' at %#llx, 'twice' at %#llx",
        (unsigned long long)plusOneAt, (unsigned long long)twiceAt);
  uint64_t address = 0;
  CHECK(ferry_module_symbol(lib, "__ferry_fn_twice", &address, &size) == FERRY_ERROR_INVALID,
        "the runtime's table entry '__ferry_fn_twice' was given out as a symbol");
  const ferry_symbol *syms = nullptr;
  size_t count = 0;
  CHECK(ferry_module_symbols(lib, &syms, &count) == FERRY_SUCCESS && count == 2,
        "the library does not list its 2 functions (%zu symbols)", count);
  for (size_t i = 0; syms && i < count; ++i) {
    CHECK(std::strncmp(syms[i].name, "__ferry_fn_", 11) != 0, "'%s' is listed", syms[i].name);
    const uint64_t want = std::strcmp(syms[i].name, "twice") == 0 ? twiceAt : plusOneAt;
    CHECK(syms[i].kind == FERRY_SYMBOL_FUNCTION && syms[i].address == want,
          "listed '%s' has kind %d address %#llx, want a function at %#llx", syms[i].name,
          int(syms[i].kind), (unsigned long long)syms[i].address, (unsigned long long)want);
  }

  // The kernel image, a module of its own: a kernel has no address.
  ferry_module kern = nullptr;
  CHECK(ferry_module_load(&kernelImage, 1, &kern) == FERRY_SUCCESS,
        "cannot load the kernel image: %s", ferry_last_error());
  if (kern) {
    CHECK(ferry_module_symbol(kern, "apply", &address, &size) == FERRY_ERROR_INVALID &&
              std::strstr(ferry_last_error(), "'apply' is a kernel"),
          "a PTX kernel was given an address, or the refusal does not say it is a kernel: %s",
          ferry_last_error());
    CHECK(ferry_module_unload(kern) == FERRY_SUCCESS, "unload failed: %s", ferry_last_error());
  }

  // Both images as one module (the kernel image linked with the library at
  // load time): the kernel calls each library function through the address
  // ferry_module_symbol gives. (A kernel of one module calling into another
  // module faults on NVIDIA, CUDA_ERROR_ILLEGAL_ADDRESS on an H100, and
  // leaves the context unusable: function addresses are valid inside their
  // module only, so that case is not run; docs/runtime.md.)
  ferry_image_desc both[2] = {kernelImage, libraryImage};
  ferry_module linked = nullptr;
  CHECK(ferry_module_load(both, 2, &linked) == FERRY_SUCCESS,
        "cannot link the kernel image with the library: %s", ferry_last_error());
  if (linked) {
    uint64_t own = 0, other = 0;
    CHECK(ferry_module_symbol(linked, "plus_one", &own, &size) == FERRY_SUCCESS && own != 0,
          "no address for 'plus_one' in the linked module: %s", ferry_last_error());
    CHECK(ferry_module_symbol(linked, "twice", &other, &size) == FERRY_SUCCESS && other != 0 &&
              other != own,
          "no address for 'twice' in the linked module: %s", ferry_last_error());
    applyAndCheck(linked, own, plusOne, "within the linked module, plus_one");
    applyAndCheck(linked, other, twice, "within the linked module, twice");
    CHECK(ferry_module_unload(linked) == FERRY_SUCCESS, "unload failed: %s", ferry_last_error());
  }
  CHECK(ferry_module_unload(lib) == FERRY_SUCCESS, "unload failed: %s", ferry_last_error());
  return failures ? 1 : 0;
}

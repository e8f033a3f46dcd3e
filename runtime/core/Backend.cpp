//===- Backend.cpp - Default device operations ----------------------------===//
///
/// \file
/// What a backend cannot do is an error naming the operation and backend.
///
//===----------------------------------------------------------------------===//
#include "core/Backend.h"

#include "core/Debug.h"

namespace ferry {

ferry_status Backend::unsupported(const char *What) {
  errorf("%s is not supported by the %s backend", What, name());
  return FERRY_ERROR_INVALID;
}

ferry_status Backend::allocate(int, size_t, void **) {
  return unsupported("device memory allocation");
}
ferry_status Backend::release(int, void *) { return unsupported("freeing device memory"); }
ferry_status Backend::copyToDevice(int, void *, const void *, size_t, int) {
  return unsupported("copying to the device");
}
ferry_status Backend::copyFromDevice(int, void *, const void *, size_t, int) {
  return unsupported("copying from the device");
}
ferry_status Backend::wait(int, int, bool) { return FERRY_SUCCESS; }
bool Backend::idle(int, int, bool) { return true; }
ferry_status Backend::waitAsync(int Device, int WaitFor, int) {
  return wait(Device, WaitFor, /*All=*/false);
}
ferry_status Backend::properties(int, Properties &) {
  return unsupported("querying device properties");
}
ferry_status Backend::loadModule(int, const std::vector<Image> &, void **) {
  return unsupported("loading device code");
}
ferry_status Backend::unloadModule(void *) { return unsupported("unloading device code"); }
ferry_status Backend::getKernel(void *, const char *, void **) {
  return unsupported("looking up kernels");
}
ferry_status Backend::symbolAddress(void *, const char *, uint64_t &, uint64_t &) {
  return unsupported("symbol addresses");
}
ferry_status Backend::launch(void *, const uint32_t *, const uint32_t *, uint32_t,
                             void **, int) {
  return unsupported("launching kernels");
}

} // namespace ferry

//===- FerryABI.cpp - The C ABI that Ferry-compiled code calls ------------===//
///
/// \file
/// Thin C entry points of <ferry/runtime.h>, forwarding to the Runtime.
///
//===----------------------------------------------------------------------===//
#include "core/Debug.h"
#include "core/ImageRegistry.h"
#include "core/Runtime.h"
#include "ferry/runtime.h"

using namespace ferry;

extern "C" {

ferry_status ferry_parallel_for(const ferry_region *Region, const void *Closure,
                                size_t /*ClosureSize*/, int64_t TripCount,
                                ferry_host_chunk_fn HostFn,
                                const ferry_reduction *Reduction,
                                void *Result) {
  if (!Region || !HostFn || (Reduction && !Result))
    return FERRY_ERROR_INVALID;
  return Runtime::get().parallelFor(*Region, Closure, TripCount, HostFn,
                                    Reduction, Result);
}

ferry_status ferry_register_images(const void *Package, size_t Size) {
  std::string Error = ImageRegistry::get().addPackage(Package, Size);
  if (!Error.empty()) {
    errorf("corrupt device image package (%zu bytes) %s", Size, Error.c_str());
    return FERRY_ERROR_INVALID;
  }
  return FERRY_SUCCESS;
}

size_t ferry_image_count(void) { return ImageRegistry::get().size(); }

ferry_status ferry_get_image_info(size_t Index, ferry_image_info *Info) {
  const DeviceImageRef *I = ImageRegistry::get().image(Index);
  if (!Info || !I)
    return FERRY_ERROR_INVALID;
  Info->kind = imageKindName(I->Kind);
  Info->triple = I->Triple.c_str();
  Info->arch = I->Arch.c_str();
  Info->data = I->Data;
  Info->size = I->Size;
  return FERRY_SUCCESS;
}

size_t ferry_backend_count(void) { return Runtime::get().backends().size(); }

ferry_status ferry_get_backend_info(size_t Index, ferry_backend_info *Info) {
  auto &Backends = Runtime::get().backends();
  if (!Info || Index >= Backends.size())
    return FERRY_ERROR_INVALID;
  Backend &B = *Backends[Index];
  Info->name = B.name();
  Info->device_type = deviceKindName(B.kind());
  Info->num_devices = B.numDevices();
  Info->status = B.status().c_str();
  return FERRY_SUCCESS;
}

const char *ferry_selected_device_type(void) {
  auto K = Runtime::get().selectedKind();
  return K ? deviceKindName(*K) : "none";
}

} // extern "C"

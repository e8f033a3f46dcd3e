//===- FerryABI.cpp - The C ABI that Ferry-compiled code calls ------------===//
///
/// \file
/// Thin C entry points of <ferry/runtime.h>, forwarding to the Runtime.
///
//===----------------------------------------------------------------------===//
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

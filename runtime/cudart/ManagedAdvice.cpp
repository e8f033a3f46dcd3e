//===- ManagedAdvice.cpp - Advice and prefetches of managed memory --------===//
///
/// \file
/// cudaMemAdvise and cudaMemPrefetchAsync on managed memory, and
/// cudaMemRangeGetAttribute(s), which read them back. Managed memory is
/// where the host and every stream reach it already (docs/cuda.md), so
/// neither call moves anything; each is checked and kept with its
/// allocation, in the order given, so that a range's attributes are what
/// CUDA reports: a value where every byte of the range has the same one,
/// else "invalid" (cudaInvalidDeviceId, cudaMemLocationTypeInvalid).
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

#include <algorithm>
#include <cstring>

using namespace ferry;
using namespace ferry::cudart;

namespace {

CudaRuntime &rt() { return CudaRuntime::get(); }
using Advice = CudaRuntime::Allocation::Advice;

/// The managed allocation holding [Ptr, Ptr + Count) and the range's
/// offsets in it, or null (the caller holds the runtime's mutex).
CudaRuntime::Allocation *managedRange(const void *Ptr, size_t Count, size_t &Begin) {
  const auto *Found = rt().findAllocation(Ptr);
  if (!Found || Found->second.Kind != CudaRuntime::Allocation::Managed)
    return nullptr;
  Begin = reinterpret_cast<uintptr_t>(Ptr) - Found->first;
  if (Count > Found->second.Size - Begin)
    return nullptr;
  return &const_cast<CudaRuntime::Allocation &>(Found->second);
}

/// Checks a location of advice or a prefetch: a device of the program's,
/// or the host. A device location of id cudaCpuDeviceId is the host.
cudaError_t checkLocation(cudaMemLocation &L) {
  if (L.type == cudaMemLocationTypeDevice && L.id == cudaCpuDeviceId)
    L.type = cudaMemLocationTypeHost;
  switch (enumValue(L.type)) {
  case cudaMemLocationTypeDevice:
    return rt().device(L.id) ? cudaSuccess : fail(cudaErrorInvalidDevice);
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNumaCurrent:
    L.id = 0;
    return cudaSuccess;
  case cudaMemLocationTypeHostNuma:
    return L.id >= 0 ? cudaSuccess : fail(cudaErrorInvalidValue);
  default:
    return fail(cudaErrorInvalidValue);
  }
}

/// The location every byte of [Begin, End) last got from advice or
/// prefetches of kind \p What (for AccessedBy: of device \p Device), or
/// false where bytes differ or some got none.
bool uniformLocation(const std::vector<Advice> &Advised, Advice::Kind What, size_t Begin,
                     size_t End, Advice &Out, int Device = 0) {
  auto Matches = [&](const Advice &A) {
    return A.What == What && (What != Advice::AccessedBy || A.Id == Device);
  };
  std::vector<size_t> Cuts{Begin, End};
  for (const Advice &A : Advised)
    if (Matches(A))
      for (size_t C : {A.Begin, A.End})
        if (C > Begin && C < End)
          Cuts.push_back(C);
  std::sort(Cuts.begin(), Cuts.end());
  Cuts.erase(std::unique(Cuts.begin(), Cuts.end()), Cuts.end());
  const Advice *First = nullptr;
  for (size_t I = 0; I + 1 < Cuts.size(); ++I) {
    const Advice *Last = nullptr;
    for (const Advice &A : Advised)
      if (Matches(A) && A.Begin <= Cuts[I] && Cuts[I] < A.End)
        Last = &A;
    if (!Last || !Last->Set)
      return false;
    if (First && (First->Type != Last->Type || First->Id != Last->Id))
      return false;
    First = Last;
  }
  if (First)
    Out = *First;
  return First != nullptr;
}

/// Writes one attribute of the managed range [Begin, End) of \p A.
cudaError_t rangeAttribute(const CudaRuntime::Allocation &A, size_t Begin, size_t End,
                           int Attribute, void *Data, size_t Size) {
  auto Put = [&](int Value) {
    if (Size != sizeof Value)
      return fail(cudaErrorInvalidValue);
    std::memcpy(Data, &Value, sizeof Value);
    return cudaSuccess;
  };
  Advice Found{};
  switch (Attribute) {
  case cudaMemRangeAttributeReadMostly:
    return Put(uniformLocation(A.Advised, Advice::ReadMostly, Begin, End, Found));
  case cudaMemRangeAttributePreferredLocation:
  case cudaMemRangeAttributeLastPrefetchLocation: {
    const auto What = Attribute == cudaMemRangeAttributePreferredLocation ? Advice::Preferred
                                                                           : Advice::Prefetch;
    if (!uniformLocation(A.Advised, What, Begin, End, Found))
      return Put(cudaInvalidDeviceId);
    return Put(Found.Type == cudaMemLocationTypeDevice ? Found.Id : cudaCpuDeviceId);
  }
  case cudaMemRangeAttributePreferredLocationType:
  case cudaMemRangeAttributeLastPrefetchLocationType:
  case cudaMemRangeAttributePreferredLocationId:
  case cudaMemRangeAttributeLastPrefetchLocationId: {
    const bool Preferred = Attribute == cudaMemRangeAttributePreferredLocationType ||
                           Attribute == cudaMemRangeAttributePreferredLocationId;
    const bool Type = Attribute == cudaMemRangeAttributePreferredLocationType ||
                      Attribute == cudaMemRangeAttributeLastPrefetchLocationType;
    if (!uniformLocation(A.Advised, Preferred ? Advice::Preferred : Advice::Prefetch, Begin, End,
                         Found))
      return Put(Type ? int(cudaMemLocationTypeInvalid) : 0);
    return Put(Type ? Found.Type : Found.Id);
  }
  case cudaMemRangeAttributeAccessedBy: {
    if (!Size || Size % sizeof(int))
      return fail(cudaErrorInvalidValue);
    std::vector<int> Devices(Size / sizeof(int), cudaInvalidDeviceId);
    size_t N = 0;
    for (int D = cudaCpuDeviceId; D < int(rt().devices().size()) && N < Devices.size(); ++D)
      if (uniformLocation(A.Advised, Advice::AccessedBy, Begin, End, Found, D))
        Devices[N++] = D;
    std::memcpy(Data, Devices.data(), Size);
    return cudaSuccess;
  }
  default:
    return fail(cudaErrorInvalidValue);
  }
}

} // namespace

extern "C" {

cudaError_t cudaMemAdvise(const void *Ptr, size_t Count, enum cudaMemoryAdvise How,
                          struct cudaMemLocation Location) {
  if (!Ptr || !Count)
    return fail(cudaErrorInvalidValue);
  const int Kind = enumValue(How);
  if (Kind < cudaMemAdviseSetReadMostly || Kind > cudaMemAdviseUnsetAccessedBy)
    return fail(cudaErrorInvalidValue);
  const auto What = Advice::Kind((Kind - 1) / 2);
  const bool Set = Kind % 2 == 1;
  // The location names the device of AccessedBy and the preferred one; the
  // other advice ignores it.
  if (What == Advice::AccessedBy || (What == Advice::Preferred && Set))
    if (cudaError_t E = checkLocation(Location))
      return E;
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  size_t Begin;
  CudaRuntime::Allocation *A = managedRange(Ptr, Count, Begin);
  if (!A) {
    // Advice on memory that is not managed: a hint with nothing to say
    // where the whole range is the program's other memory (CUDA's
    // systems with pageable memory access take it too).
    const auto *Other = rt().findAllocation(Ptr);
    return Other && Other->second.Kind == CudaRuntime::Allocation::Managed
               ? fail(cudaErrorInvalidValue)
               : cudaSuccess;
  }
  Advice Given{What, Begin, Begin + Count, Set};
  if (What == Advice::AccessedBy)
    Given.Id = Location.type == cudaMemLocationTypeDevice ? Location.id : cudaCpuDeviceId;
  else if (What == Advice::Preferred && Set)
    Given.Type = int(Location.type), Given.Id = Location.id;
  A->Advised.push_back(Given);
  return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void *Ptr, size_t Count, struct cudaMemLocation Location,
                                 unsigned Flags, cudaStream_t Stream) {
  if (!Ptr || !Count || Flags)
    return fail(cudaErrorInvalidValue);
  if (cudaError_t E = checkLocation(Location))
    return E;
  if (!rt().validStream(Stream))
    return fail(cudaErrorInvalidResourceHandle);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  size_t Begin;
  if (CudaRuntime::Allocation *A = managedRange(Ptr, Count, Begin))
    A->Advised.push_back(
        {Advice::Prefetch, Begin, Begin + Count, true, int(Location.type), Location.id});
  return cudaSuccess;
}

cudaError_t cudaMemRangeGetAttribute(void *Data, size_t Size, enum cudaMemRangeAttribute Attribute,
                                     const void *Ptr, size_t Count) {
  if (!Data || !Ptr || !Count)
    return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  size_t Begin;
  const CudaRuntime::Allocation *A = managedRange(Ptr, Count, Begin);
  if (!A)
    return fail(cudaErrorInvalidValue);
  return rangeAttribute(*A, Begin, Begin + Count, enumValue(Attribute), Data, Size);
}

cudaError_t cudaMemRangeGetAttributes(void **Data, size_t *Sizes,
                                      enum cudaMemRangeAttribute *Attributes, size_t N,
                                      const void *Ptr, size_t Count) {
  if (!Data || !Sizes || !Attributes || !N)
    return fail(cudaErrorInvalidValue);
  for (size_t I = 0; I < N; ++I)
    if (cudaError_t E = cudaMemRangeGetAttribute(Data[I], Sizes[I], Attributes[I], Ptr, Count))
      return E;
  return cudaSuccess;
}

} // extern "C"

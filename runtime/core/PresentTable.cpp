//===- PresentTable.cpp - Host ranges present on a device -----------------===//
///
/// \file
/// Implementation of PresentTable.
///
//===----------------------------------------------------------------------===//
#include "core/PresentTable.h"

#include "core/Debug.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <iterator>
#include <utility>

namespace ferry {

namespace {
uintptr_t addr(const void *P) { return reinterpret_cast<uintptr_t>(P); }
} // namespace

RangeProblem rangeProblem(const void *P, size_t Bytes) {
  if (!P && Bytes)
    return RangeProblem::NullPointer;
  if (Bytes > UINTPTR_MAX - addr(P))
    return RangeProblem::Wraps;
  return RangeProblem::None;
}

bool checkRange(const char *Routine, const char *Arg, const void *P, size_t Bytes) {
  switch (rangeProblem(P, Bytes)) {
  case RangeProblem::None:
    return true;
  case RangeProblem::NullPointer:
    errorf("%s: %s is a null pointer but bytes is %zu", Routine, Arg, Bytes);
    return false;
  case RangeProblem::Wraps:
    errorf("%s: %s (%p) plus bytes (%zu) lies past the end of the address space", Routine, Arg,
           P, Bytes);
    return false;
  }
  return false;
}

bool checkHostMapped(const char *Routine, const char *Arg, const void *P, size_t Bytes) {
  if (!Bytes)
    return true;
  static const uintptr_t Page = uintptr_t(sysconf(_SC_PAGESIZE));
  // mincore fails with ENOMEM for a range with unmapped pages; it is asked
  // a chunk at a time so that its answer fits a fixed buffer.
  constexpr uintptr_t PagesPerCall = 4096;
  unsigned char Resident[PagesPerCall];
  const uintptr_t End = uintptr_t(P) + Bytes;
  for (uintptr_t At = uintptr_t(P) & ~(Page - 1); At < End; At += PagesPerCall * Page) {
    const uintptr_t Len = std::min<uintptr_t>(End - At, PagesPerCall * Page);
    if (mincore(reinterpret_cast<void *>(At), Len, Resident) == 0 || errno != ENOMEM)
      continue;
    errorf("%s: the %zu bytes at %s %p run into host memory that is not mapped (bytes is "
           "larger than the data); nothing done",
           Routine, Bytes, Arg, P);
    return false;
  }
  return true;
}

const PresentTable::Mapping *PresentTable::containing(uintptr_t B, uintptr_t E) const {
  auto It = Mappings.upper_bound(B);
  if (It == Mappings.begin())
    return nullptr;
  const Mapping &M = std::prev(It)->second;
  // A zero-length range is present at any address of a mapping.
  return B >= M.HostBegin && E <= M.HostEnd && (B < M.HostEnd || B == M.HostBegin)
             ? &M
             : nullptr;
}

const PresentTable::Mapping *PresentTable::intersecting(uintptr_t B, uintptr_t E) const {
  auto It = Mappings.lower_bound(B);
  if (It != Mappings.begin() && std::prev(It)->second.HostEnd > B)
    return &std::prev(It)->second;
  if (It != Mappings.end() && It->second.HostBegin < E)
    return &It->second;
  return nullptr;
}

bool PresentTable::overlaps(const void *Host, size_t Bytes) const {
  const uintptr_t B = addr(Host);
  std::lock_guard<std::mutex> Lock(Mutex);
  return intersecting(B, B + std::max<size_t>(Bytes, 1)) != nullptr;
}

PresentTable::Mapping *PresentTable::containing(uintptr_t B, uintptr_t E,
                                                const Mapping **Overlap) {
  *Overlap = nullptr;
  if (auto *M = const_cast<Mapping *>(std::as_const(*this).containing(B, E)))
    return M;
  // Any mapping that intersects [B, E) makes it partially present.
  *Overlap = intersecting(B, E);
  return nullptr;
}

ferry_status PresentTable::partial(uintptr_t B, uintptr_t E, const Mapping &M,
                                   const DeviceMemory &Mem) const {
  errorf("host range [%#zx, %#zx) is partially present on %s: it overlaps the "
         "present range [%#zx, %#zx) without lying within it",
         size_t(B), size_t(E), Mem.name().c_str(), size_t(M.HostBegin),
         size_t(M.HostEnd));
  return FERRY_ERROR_INVALID;
}

ferry_status PresentTable::enter(const void *Host, size_t Bytes, Entry What,
                                 Counter C, bool Zero, DeviceMemory &Mem,
                                 void **DevOut) {
  if (!checkRange("data entry", "the host address", Host, Bytes))
    return FERRY_ERROR_INVALID;
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t B = addr(Host), E = B + Bytes;
  const Mapping *Overlap;
  if (Mapping *M = containing(B, E, &Overlap)) {
    (C == Counter::Structured ? M->Structured : M->Dynamic)++;
    *DevOut = M->Dev + (B - M->HostBegin);
    return FERRY_SUCCESS;
  }
  // Zero-length mappings (acc_copyin(a, 0)) inside [B, E) overlap nothing:
  // a new mapping of [B, E) takes them in, with their counters.
  std::vector<uintptr_t> Empty;
  if (Overlap && Overlap->HostBegin == Overlap->HostEnd) {
    for (auto It = Mappings.lower_bound(B); It != Mappings.end() && It->first < E; ++It)
      Empty.push_back(It->first);
    if (!std::all_of(Empty.begin(), Empty.end(), [&](uintptr_t K) {
          const Mapping &M = Mappings.at(K);
          return M.HostBegin == M.HostEnd && !M.Mapped;
        }))
      Empty.clear();
    else
      Overlap = nullptr;
  }
  if (Overlap)
    return partial(B, E, *Overlap, Mem);
  switch (What) {
  case Entry::Present:
    errorf("host range [%#zx, %#zx) is not present on %s (present clause)",
           size_t(B), size_t(E), Mem.name().c_str());
    return FERRY_ERROR_INVALID;
  case Entry::NoCreate:
    *DevOut = nullptr;
    return FERRY_SUCCESS;
  case Entry::Copyin:
  case Entry::Create:
    break;
  }
  void *Dev = nullptr;
  if (ferry_status S = Mem.allocate(Bytes ? Bytes : 1, &Dev))
    return S;
  ferry_status S = Zero ? Mem.zero(Dev, Bytes)
                   : What == Entry::Copyin && Bytes ? Mem.toDevice(Dev, Host, Bytes)
                                                    : FERRY_SUCCESS;
  if (S) {
    Mem.release(Dev);
    return S;
  }
  Mapping M{B, E, static_cast<char *>(Dev)};
  (C == Counter::Structured ? M.Structured : M.Dynamic) = 1;
  for (uintptr_t K : Empty) {
    const Mapping &Old = Mappings.at(K);
    M.Structured += Old.Structured;
    M.Dynamic += Old.Dynamic;
    Mem.release(Old.Dev);
    Mappings.erase(K);
  }
  Mappings.emplace(B, M);
  *DevOut = Dev;
  return FERRY_SUCCESS;
}

ferry_status PresentTable::exit(const void *Host, size_t Bytes, Exit What, Counter C,
                                bool Finalize, DeviceMemory &Mem) {
  return leave(Host, Bytes, C, Finalize, Mem, What == Exit::Copyout, nullptr);
}

ferry_status PresentTable::exitCopyingBack(const void *Host, size_t Bytes, Counter C,
                                           const std::vector<HostRange> &Parts,
                                           DeviceMemory &Mem) {
  return leave(Host, Bytes, C, /*Finalize=*/false, Mem, /*Copyout=*/true, &Parts);
}

ferry_status PresentTable::leave(const void *Host, size_t Bytes, Counter C, bool Finalize,
                                 DeviceMemory &Mem, bool Copyout,
                                 const std::vector<HostRange> *Parts) {
  if (!checkRange("data exit", "the host address", Host, Bytes))
    return FERRY_ERROR_INVALID;
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t B = addr(Host), E = B + Bytes;
  const Mapping *Overlap;
  Mapping *M = containing(B, E, &Overlap);
  if (!M)
    return Overlap ? partial(B, E, *Overlap, Mem) : FERRY_SUCCESS;
  unsigned &Count = C == Counter::Structured ? M->Structured : M->Dynamic;
  // OpenACC 3.3 (acc_map_data): "Memory mapped by acc_map_data may not have
  // the associated dynamic reference count decremented to zero, except by a
  // call to acc_unmap_data." The mapping's own reference stays; a finalize
  // drops the others.
  if (M->Mapped && C == Counter::Dynamic && (Finalize || Count <= 1)) {
    Count = 1;
    errorf("host range [%#zx, %#zx) was mapped by acc_map_data on %s: its dynamic reference "
           "count stays 1 until acc_unmap_data",
           size_t(M->HostBegin), size_t(M->HostEnd), Mem.name().c_str());
    return FERRY_ERROR_INVALID;
  }
  if (Finalize && C == Counter::Dynamic)
    Count = 0;
  else if (Count)
    --Count;
  if (M->Structured || M->Dynamic)
    return FERRY_SUCCESS;
  ferry_status S = FERRY_SUCCESS;
  if (Copyout && !Parts)
    S = Mem.fromDevice(reinterpret_cast<void *>(M->HostBegin), M->Dev,
                       M->HostEnd - M->HostBegin);
  if (Copyout && Parts)
    for (const HostRange &P : *Parts) {
      const uintptr_t From = std::max(P.Begin, M->HostBegin), To = std::min(P.End, M->HostEnd);
      if (From < To && !S)
        S = Mem.fromDevice(reinterpret_cast<void *>(From), M->Dev + (From - M->HostBegin),
                           To - From);
    }
  if (!M->Mapped)
    if (ferry_status R = Mem.release(M->Dev); R && !S)
      S = R;
  Mappings.erase(M->HostBegin);
  return S;
}

ferry_status PresentTable::update(const void *Host, size_t Bytes, bool ToDevice,
                                  DeviceMemory &Mem) {
  if (!checkRange("update", "the host address", Host, Bytes))
    return FERRY_ERROR_INVALID;
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t B = addr(Host), E = B + Bytes;
  const Mapping *Overlap;
  Mapping *M = containing(B, E, &Overlap);
  if (!M) {
    if (Overlap)
      return partial(B, E, *Overlap, Mem);
    errorf("update of host range [%#zx, %#zx): it is not present on %s", size_t(B),
           size_t(E), Mem.name().c_str());
    return FERRY_ERROR_INVALID;
  }
  // Attached pointers inside the range keep their values on both sides (the
  // device copy points to device data, the host copy to host data): the
  // update copies the bytes around them.
  auto Copy = [&](uintptr_t From, uintptr_t To) -> ferry_status {
    if (From >= To)
      return FERRY_SUCCESS;
    char *Dev = M->Dev + (From - M->HostBegin);
    return ToDevice ? Mem.toDevice(Dev, reinterpret_cast<const void *>(From), To - From)
                    : Mem.fromDevice(reinterpret_cast<void *>(From), Dev, To - From);
  };
  uintptr_t At = B;
  for (auto It = M->Attached.lower_bound(B);
       It != M->Attached.end() && It->first + sizeof(void *) <= E; ++It) {
    if (!It->second)
      continue;
    if (ferry_status S = Copy(At, It->first))
      return S;
    At = It->first + sizeof(void *);
  }
  return Copy(At, E);
}

ferry_status PresentTable::map(const void *Host, void *Dev, size_t Bytes,
                               DeviceMemory &Mem) {
  // Named after the arguments of acc_map_data(data_arg, data_dev, bytes).
  if (!Host || !Dev || !Bytes) {
    errorf("acc_map_data: %s; nothing mapped", !Host  ? "data_arg is a null pointer"
                                               : !Dev ? "data_dev is a null pointer"
                                                      : "bytes is 0");
    return FERRY_ERROR_INVALID;
  }
  if (rangeProblem(Host, Bytes) != RangeProblem::None) {
    errorf("acc_map_data: data_arg (%p) plus bytes (%zu) lies past the end of the address "
           "space; nothing mapped",
           Host, Bytes);
    return FERRY_ERROR_INVALID;
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t B = addr(Host), E = B + Bytes;
  const Mapping *Overlap;
  if (containing(B, E, &Overlap) || Overlap) {
    errorf("acc_map_data: host range [%#zx, %#zx) is already present on %s",
           size_t(B), size_t(E), Mem.name().c_str());
    return FERRY_ERROR_INVALID;
  }
  Mapping M{B, E, static_cast<char *>(Dev)};
  M.Dynamic = 1;
  M.Mapped = true;
  Mappings.emplace(B, M);
  return FERRY_SUCCESS;
}

ferry_status PresentTable::unmap(const void *Host, DeviceMemory &Mem) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Mappings.find(addr(Host));
  if (It == Mappings.end() || !It->second.Mapped) {
    errorf("acc_unmap_data: %p was not mapped with acc_map_data on %s", Host,
           Mem.name().c_str());
    return FERRY_ERROR_INVALID;
  }
  // OpenACC 3.3: "It is an error to call acc_unmap_data if the structured
  // reference count for the pointed-to memory is not zero." The dynamic
  // references go with the mapping.
  if (unsigned Structured = It->second.Structured) {
    errorf("acc_unmap_data: host data at %p on %s has a structured reference count of %u (a "
           "data or compute construct uses it); nothing unmapped",
           Host, Mem.name().c_str(), Structured);
    return FERRY_ERROR_INVALID;
  }
  Mappings.erase(It);
  return FERRY_SUCCESS;
}

std::optional<void *> PresentTable::deviceAddress(const void *Host, size_t Bytes) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t B = addr(Host);
  if (const Mapping *M = containing(B, B + Bytes))
    return M->Dev + (B - M->HostBegin);
  return std::nullopt;
}

void PresentTable::addBase(const void *Host, const void *Base) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t H = addr(Host), B = addr(Base);
  Mapping *M = const_cast<Mapping *>(static_cast<const PresentTable *>(this)->containing(H, H));
  if (!M || (B >= M->HostBegin && B < M->HostEnd))
    return;
  if (std::find(M->Bases.begin(), M->Bases.end(), B) == M->Bases.end())
    M->Bases.push_back(B);
}

bool PresentTable::addBaseOfPart(const void *Host, size_t Bytes) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t B = addr(Host), E = B + std::max<size_t>(Bytes, 1);
  Mapping *Part = nullptr;
  for (auto It = Mappings.lower_bound(B) == Mappings.begin() ? Mappings.begin()
                                                             : std::prev(Mappings.lower_bound(B));
       It != Mappings.end() && It->second.HostBegin < E; ++It) {
    if (It->second.HostEnd <= B)
      continue;
    if (Part)
      return false; // two parts: no one base translates into both
    Part = &It->second;
  }
  if (!Part)
    return false;
  if (B < Part->HostBegin && std::find(Part->Bases.begin(), Part->Bases.end(), B) ==
                                 Part->Bases.end())
    Part->Bases.push_back(B);
  return true;
}

std::optional<void *> PresentTable::attachAddress(const void *P) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return attachAddressLocked(addr(P));
}

ferry_status PresentTable::attach(void *const *PtrAddr, DeviceMemory &Mem, Attach &Result) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t P = addr(PtrAddr);
  Mapping *M = const_cast<Mapping *>(
      static_cast<const PresentTable *>(this)->containing(P, P + sizeof(void *)));
  if (!M) {
    Result = Attach::PointerAbsent;
    return FERRY_SUCCESS;
  }
  unsigned &Count = M->Attached[P];
  if (Count) {
    ++Count;
    Result = Attach::Done;
    return FERRY_SUCCESS;
  }
  void *Target = *PtrAddr, *DevTarget = nullptr;
  if (Target) {
    std::optional<void *> Dev = attachAddressLocked(addr(Target));
    if (!Dev) {
      M->Attached.erase(P);
      Result = Attach::TargetAbsent;
      return FERRY_SUCCESS;
    }
    DevTarget = *Dev;
  }
  if (ferry_status S = Mem.toDevice(M->Dev + (P - M->HostBegin), &DevTarget, sizeof DevTarget)) {
    M->Attached.erase(P);
    return S;
  }
  Count = 1;
  Result = Attach::Done;
  return FERRY_SUCCESS;
}

ferry_status PresentTable::detach(void *const *PtrAddr, bool Finalize, DeviceMemory &Mem,
                                  Attach &Result) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const uintptr_t P = addr(PtrAddr);
  Mapping *M = const_cast<Mapping *>(
      static_cast<const PresentTable *>(this)->containing(P, P + sizeof(void *)));
  if (!M) {
    Result = Attach::PointerAbsent;
    return FERRY_SUCCESS;
  }
  auto It = M->Attached.find(P);
  if (It == M->Attached.end()) {
    Result = Attach::NotAttached;
    return FERRY_SUCCESS;
  }
  Result = Attach::Done;
  if (!Finalize && --It->second)
    return FERRY_SUCCESS;
  M->Attached.erase(It);
  void *HostValue = *PtrAddr;
  return Mem.toDevice(M->Dev + (P - M->HostBegin), &HostValue, sizeof HostValue);
}

std::optional<void *> PresentTable::attachAddressLocked(uintptr_t B) const {
  if (const Mapping *M = containing(B, B + 1))
    return M->Dev + (B - M->HostBegin);
  // A zero-length mapping at B (`copyin(p[0:0])`): its device buffer, which
  // no access of the program's reaches.
  if (const Mapping *M = containing(B, B); M && M->HostBegin == M->HostEnd)
    return M->Dev;
  // The base of a section that starts past it: one mapping only, or the
  // translation would be ambiguous.
  const Mapping *Found = nullptr;
  for (const auto &[Begin, M] : Mappings)
    if (std::find(M.Bases.begin(), M.Bases.end(), B) != M.Bases.end()) {
      if (Found)
        return std::nullopt;
      Found = &M;
    }
  if (!Found)
    return std::nullopt;
  return Found->Dev - (Found->HostBegin - B);
}

std::optional<void *> PresentTable::hostAddress(const void *Dev) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  const char *D = static_cast<const char *>(Dev);
  for (const auto &[Begin, M] : Mappings)
    if (D >= M.Dev && D < M.Dev + (M.HostEnd - M.HostBegin))
      return reinterpret_cast<void *>(M.HostBegin + (D - M.Dev));
  return std::nullopt;
}

std::optional<PresentTable::Mapping> PresentTable::mappedInto(const void *Dev,
                                                              size_t Bytes) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  const char *D = static_cast<const char *>(Dev);
  for (const auto &[Begin, M] : Mappings)
    if (M.Mapped && M.Dev < D + Bytes && D < M.Dev + (M.HostEnd - M.HostBegin))
      return M;
  return std::nullopt;
}

std::string PresentTable::deviceOverrun(const void *Dev, size_t Bytes) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  const char *D = static_cast<const char *>(Dev);
  for (const auto &[Begin, M] : Mappings) {
    const size_t Size = M.HostEnd - M.HostBegin;
    if (D < M.Dev || D >= M.Dev + Size)
      continue;
    const size_t Left = size_t(M.Dev + Size - D);
    if (Bytes <= Left)
      return "";
    char Buffer[160];
    std::snprintf(Buffer, sizeof Buffer,
                  "run %zu bytes past the end of the device copy of host [%p, %p) (%zu bytes)",
                  Bytes - Left, reinterpret_cast<void *>(M.HostBegin),
                  reinterpret_cast<void *>(M.HostEnd), Size);
    return Buffer;
  }
  return "";
}

std::optional<PresentTable::Mapping> PresentTable::find(const void *Host) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (const Mapping *M = containing(addr(Host), addr(Host)))
    return *M;
  return std::nullopt;
}

size_t PresentTable::size() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Mappings.size();
}

} // namespace ferry

//===- PresentTable.h - Host ranges present on a device ---------*- C++ -*-===//
///
/// \file
/// OpenACC's present table for one device: which host ranges have device
/// copies, with the structured (data constructs, compute regions) and dynamic
/// (enter/exit data, acc_copyin, ...) reference counters of OpenACC 3.3 §2.6.
/// A range is present when it lies within one entry; a range that overlaps
/// an entry without lying within it is "partially present", an error. The
/// table does no device work itself: it calls a DeviceMemory.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_PRESENTTABLE_H
#define FERRY_RUNTIME_CORE_PRESENTTABLE_H

#include "core/SectionGroups.h"
#include "ferry/runtime.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>
#include <mutex>
#include <optional>
#include <string>

namespace ferry {

/// What is wrong with [P, P + Bytes) as memory to map, copy or free.
enum class RangeProblem {
  None,
  NullPointer, ///< P is null and Bytes is not 0
  Wraps,       ///< P + Bytes lies past the end of the address space
};
RangeProblem rangeProblem(const void *P, size_t Bytes);

/// Checks [P, P + Bytes) for the data routine \p Routine, whose argument
/// \p Arg P is: false, after a message naming both, when rangeProblem finds
/// something.
bool checkRange(const char *Routine, const char *Arg, const void *P, size_t Bytes);

/// Checks that host range [P, P + Bytes), which rangeProblem accepted and
/// which data routine \p Routine is about to copy to or from, lies in
/// mapped pages: false, after a message naming \p Arg, when part of it is
/// not (bytes larger than the data runs into unmapped memory, where the copy
/// would fault).
bool checkHostMapped(const char *Routine, const char *Arg, const void *P, size_t Bytes);

/// What the present table needs from a device.
class DeviceMemory {
public:
  virtual ~DeviceMemory() = default;
  virtual ferry_status allocate(size_t Bytes, void **Out) = 0;
  virtual ferry_status release(void *Dev) = 0;
  virtual ferry_status toDevice(void *Dev, const void *Host, size_t Bytes) = 0;
  virtual ferry_status fromDevice(void *Host, const void *Dev, size_t Bytes) = 0;
  virtual ferry_status zero(void *Dev, size_t Bytes) = 0;
  /// Names the device in messages: "nvidia device 0".
  virtual std::string name() const = 0;
};

class PresentTable {
public:
  enum class Counter { Structured, Dynamic };
  enum class Entry { Copyin, Create, Present, NoCreate };
  enum class Exit { Copyout, Delete };

  struct Mapping {
    uintptr_t HostBegin, HostEnd;
    char *Dev;
    unsigned Structured = 0, Dynamic = 0;
    bool Mapped = false; ///< acc_map_data: the user owns the device memory
    /// Pointers whose section this mapping is, though they point before it
    /// (the `a` of a[lo:len], lo > 0): attach translates them too.
    std::vector<uintptr_t> Bases{};
    /// Attachment counters of the host pointers inside this mapping
    /// (acc_attach), by the pointer's host address.
    std::map<uintptr_t, unsigned> Attached{};
  };

  /// What attach() and detach() did.
  enum class Attach {
    Done,          ///< counted; the device pointer written when it had to be
    PointerAbsent, ///< the pointer itself is not present: no action
    TargetAbsent,  ///< attach: the pointer's target is not present
    NotAttached,   ///< detach: the counter is zero: no action
  };

  /// Data entry for [Host, Host + Bytes): present -> count it; absent ->
  /// Copyin/Create allocate (and copy, or zero when \p Zero), Present is an
  /// error, NoCreate yields no device address. \p DevOut receives the device
  /// address of Host (nullptr for an absent no_create).
  ferry_status enter(const void *Host, size_t Bytes, Entry What, Counter C,
                     bool Zero, DeviceMemory &Mem, void **DevOut);
  /// Data exit: drops one reference of \p C (all dynamic ones with
  /// \p Finalize); when no reference is left, Copyout copies back, and the
  /// device copy is freed. Absent data is not an error (OpenACC 3.3). The
  /// dynamic count of acc_map_data's mappings never drops below 1: an exit
  /// that would take it to 0 is an error (only acc_unmap_data unmaps).
  ferry_status exit(const void *Host, size_t Bytes, Exit What, Counter C,
                    bool Finalize, DeviceMemory &Mem);
  /// exit() with Copyout that copies back only \p Parts (host ranges in the
  /// mapping) when no reference is left: the written sections of an inferred
  /// union (SectionGroups.h).
  ferry_status exitCopyingBack(const void *Host, size_t Bytes, Counter C,
                               const std::vector<HostRange> &Parts, DeviceMemory &Mem);
  /// acc_update_device / acc_update_self on a present subrange; the
  /// attached pointers in it keep their values on both sides.
  ferry_status update(const void *Host, size_t Bytes, bool ToDevice,
                      DeviceMemory &Mem);
  /// acc_map_data / acc_unmap_data. unmap refuses a mapping whose
  /// structured reference count is not zero (a construct uses it).
  ferry_status map(const void *Host, void *Dev, size_t Bytes, DeviceMemory &Mem);
  ferry_status unmap(const void *Host, DeviceMemory &Mem);

  /// Whether some of [Host, Host + Bytes) is present.
  bool overlaps(const void *Host, size_t Bytes) const;
  /// The device address of Host when [Host, Host + Bytes) is present.
  std::optional<void *> deviceAddress(const void *Host, size_t Bytes) const;
  /// Records that the mapping containing \p Host is a section of pointer
  /// \p Base (a data clause's a[lo:len]).
  void addBase(const void *Host, const void *Base);
  /// A variable [Host, Host + Bytes) of which one mapping holds a part (a
  /// slab of rows some construct entered): records \p Host as that
  /// mapping's base, so that a region's address of the variable is
  /// translated into it (attachAddress). False where no mapping, or more
  /// than one, overlaps the range.
  bool addBaseOfPart(const void *Host, size_t Bytes);
  /// Implicit attach: the device address for host pointer \p P, inside a
  /// mapping, or the recorded base of exactly one mapping.
  std::optional<void *> attachAddress(const void *P) const;
  /// acc_attach: counts one attachment of the host pointer at \p PtrAddr
  /// (which must lie in a mapping); the first one points its device copy
  /// to the device address of its target (NULL stays NULL).
  ferry_status attach(void *const *PtrAddr, DeviceMemory &Mem, Attach &Result);
  /// acc_detach: drops one attachment (all with \p Finalize); the last one
  /// gives the device copy the host pointer's value again.
  ferry_status detach(void *const *PtrAddr, bool Finalize, DeviceMemory &Mem, Attach &Result);
  /// "" when device range [Dev, Dev + Bytes) lies within one mapping's device
  /// copy or starts in none; else how it runs past the end of the copy it
  /// starts in, to follow "N bytes at P" in a message.
  std::string deviceOverrun(const void *Dev, size_t Bytes) const;
  /// The host address of device address \p Dev, if it is in a mapping.
  std::optional<void *> hostAddress(const void *Dev) const;
  /// An acc_map_data mapping whose device memory overlaps device range
  /// [Dev, Dev + Bytes) (a block acc_free is asked to free), if there is one.
  std::optional<Mapping> mappedInto(const void *Dev, size_t Bytes) const;
  /// The mapping that contains Host, for tests and diagnostics.
  std::optional<Mapping> find(const void *Host) const;
  size_t size() const;

private:
  /// The mapping containing [B, E), nullptr if none; \p Overlap is set to
  /// a mapping that overlaps the range without containing it.
  Mapping *containing(uintptr_t B, uintptr_t E, const Mapping **Overlap);
  const Mapping *containing(uintptr_t B, uintptr_t E) const;
  /// A mapping that intersects [B, E), nullptr if none.
  const Mapping *intersecting(uintptr_t B, uintptr_t E) const;
  /// exit() and exitCopyingBack(): \p Parts null copies back the whole
  /// mapping when \p Copyout.
  ferry_status leave(const void *Host, size_t Bytes, Counter C, bool Finalize,
                     DeviceMemory &Mem, bool Copyout, const std::vector<HostRange> *Parts);
  ferry_status partial(uintptr_t B, uintptr_t E, const Mapping &M,
                       const DeviceMemory &Mem) const;
  std::optional<void *> attachAddressLocked(uintptr_t P) const;

  mutable std::mutex Mutex;
  std::map<uintptr_t, Mapping> Mappings; ///< by HostBegin
};

} // namespace ferry

#endif

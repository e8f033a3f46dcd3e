//===- DataClauses.cpp - Data clauses of constructs -----------------------===//
///
/// \file
/// ferry_data_enter / ferry_data_exit: what compiled constructs call for
/// their data clauses, over the selected device's present table with the
/// structured reference counts. On the host, data is shared: nothing to do.
///
//===----------------------------------------------------------------------===//
#include "core/AbsentNoCreate.h"
#include "core/Debug.h"
#include "core/Runtime.h"
#include "core/SectionGroups.h"
#include "ferry/runtime.h"
#include "openacc.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace ferry;

namespace {

const char *clauseName(ferry_data_kind K) {
  switch (K) {
  case FERRY_DATA_COPY:
  case FERRY_DATA_IMPLICIT_WHOLE:
    return "copy";
  case FERRY_DATA_COPYIN:
    return "copyin";
  case FERRY_DATA_COPYOUT:
    return "copyout";
  case FERRY_DATA_CREATE:
    return "create";
  case FERRY_DATA_PRESENT:
  case FERRY_DATA_PRESENT_POINTEE:
    return "present";
  case FERRY_DATA_NO_CREATE:
    return "no_create";
  case FERRY_DATA_DEVICEPTR:
    return "deviceptr";
  case FERRY_DATA_ATTACH:
    return "attach";
  case FERRY_DATA_IMPLICIT_COPY:
    return "implicit copy";
  case FERRY_DATA_IMPLICIT_COPYIN:
    return "implicit copyin";
  }
  return "?";
}

bool isImplicit(ferry_data_kind K) {
  return K == FERRY_DATA_IMPLICIT_COPY || K == FERRY_DATA_IMPLICIT_COPYIN;
}

struct Target {
  Backend *B = nullptr;
  DeviceKind Kind = DeviceKind::Host;
  int Device = 0;
};

/// The selected device; false (after saying why) when there is none.
bool target(const ferry_region *R, Target &T) {
  Runtime &RT = Runtime::get();
  auto K = RT.selectedKind();
  if (!K) {
    errorf("%s: data clauses not run: no usable device", R && R->name ? R->name : "construct");
    return false;
  }
  T.Kind = *K;
  T.Device = RT.deviceNum(*K);
  T.B = &RT.backendFor(*K);
  return true;
}

/// One construct may name the same section in several data clauses
/// (`copyin(a[0:n]) copyout(a[0:n])`, `create(zero: b[0:n]) copyout(b[0:n])`).
/// The first clause to enter creates the device copy and the last to exit
/// (the same item, they leave in reverse order) releases it, so each acts
/// for all: it copies in when any of them copies in, clears when any has
/// `zero`, and copies back when any copies back.
bool sameSection(const ferry_data_item &A, const ferry_data_item &B) {
  return A.host == B.host && A.bytes == B.bytes;
}

bool mapped(const ferry_data_item &D) {
  return D.kind != FERRY_DATA_DEVICEPTR && D.kind != FERRY_DATA_ATTACH &&
         D.kind != FERRY_DATA_PRESENT && D.kind != FERRY_DATA_PRESENT_POINTEE &&
         D.kind != FERRY_DATA_NO_CREATE;
}

bool copiesIn(ferry_data_kind K) {
  return K == FERRY_DATA_COPY || K == FERRY_DATA_COPYIN || K == FERRY_DATA_IMPLICIT_WHOLE ||
         isImplicit(K);
}
/// "NAME (FILE:LINE): data clause KIND(VAR)", for messages about \p D.
std::string clauseLabel(const ferry_region *R, const ferry_data_item &D) {
  return std::string(R && R->name ? R->name : "construct") + " (" +
         (R && R->file ? R->file : "?") + ":" + std::to_string(R ? R->line : 0) +
         "): data clause " + clauseName(D.kind) + "(" + (D.name ? D.name : "?") + ")";
}

bool copiesBack(ferry_data_kind K) {
  return K == FERRY_DATA_COPY || K == FERRY_DATA_COPYOUT || K == FERRY_DATA_IMPLICIT_COPY ||
         K == FERRY_DATA_IMPLICIT_WHOLE;
}

/// Whether an inferred section (FERRY_DATA_IMPLICIT_*) may need mapping:
/// none of it (nor the pointer it was inferred for) is present already (a
/// pointer into present data is translated at the launch, as without the
/// section), and it is not device memory (acc_malloc, cudaMalloc, a device
/// copy: the pointer is used as it is).
bool implicitCandidate(const Target &T, PresentTable &Table, const ferry_data_item &D) {
  return D.bytes && !Table.overlaps(D.host, D.bytes) && !(D.base && Table.attachAddress(D.base)) &&
         Runtime::get().deviceMemoryOf(T.Kind, T.Device, D.host) < 0 && !isAbsentNoCreate(D.host);
}

bool implicitWritten(ferry_data_kind K) { return K == FERRY_DATA_IMPLICIT_COPY; }

/// Items \p Which as SectionGroups sees them, written where \p Written
/// says of their kind (implicitWritten for inferred sections).
std::vector<InferredSection> sectionsOf(const ferry_data_item *Items,
                                        const std::vector<size_t> &Which,
                                        bool (*Written)(ferry_data_kind) = implicitWritten) {
  std::vector<InferredSection> Out;
  for (size_t I : Which) {
    const auto Begin = reinterpret_cast<uintptr_t>(Items[I].host);
    Out.push_back({{Begin, Begin + Items[I].bytes}, Written(Items[I].kind)});
  }
  return Out;
}

/// "a[0:n], b[0:n]": the names of a group's members, for messages.
std::string memberNames(const ferry_data_item *Items, const std::vector<size_t> &Which,
                        const SectionGroup &G) {
  std::string Names;
  for (size_t M : G.Members) {
    const char *Name = Items[Which[M]].name;
    Names += (Names.empty() ? "" : ", ") + std::string(Name ? Name : "?");
  }
  return Names;
}

/// Maps the inferred sections the device needs, once the construct's
/// clauses are in (a clause's data is then present, and a section in it is
/// not mapped again): where the device does not reach host memory, those
/// that implicitCandidate accepts, with the ones whose ranges overlap or
/// touch mapped as one (SectionGroups.h), so that every pointer of the group
/// translates into the same device copy. Each member is `entered`; the group
/// holds one structured reference.
ferry_status enterImplicit(const ferry_region *R, const Target &T, PresentTable &Table,
                           DeviceMemory &Mem, ferry_data_item *Items, size_t Count) {
  if (T.B->reachesHostMemory(T.Device))
    return FERRY_SUCCESS;
  std::vector<size_t> Needed;
  for (size_t I = 0; I < Count; ++I) {
    const ferry_data_item &D = Items[I];
    if (!isImplicit(D.kind))
      continue;
    if (implicitCandidate(T, Table, D))
      Needed.push_back(I);
    else if (D.bytes && Table.overlaps(D.host, D.bytes) && !Table.deviceAddress(D.host, D.bytes))
      // Inferred sections may be larger than what the region touches (a
      // guarded access): not an error, the present data decides.
      debugf("%s: implicit section %s lies partly in present data: not mapped; its pointer is "
             "translated into that data's device copy",
             R && R->name ? R->name : "construct", D.name ? D.name : "?");
  }
  for (const SectionGroup &G : groupSections(sectionsOf(Items, Needed))) {
    void *Dev = nullptr;
    if (ferry_status S = Table.enter(reinterpret_cast<const void *>(G.Union.Begin),
                                     G.Union.bytes(), PresentTable::Entry::Copyin,
                                     PresentTable::Counter::Structured, /*Zero=*/false, Mem,
                                     &Dev)) {
      errorf("%s (%s:%u): the implicit section%s %s (%zu bytes) could not be put on the device",
             R && R->name ? R->name : "construct", R && R->file ? R->file : "?",
             R ? R->line : 0, G.Members.size() > 1 ? "s" : "",
             memberNames(Items, Needed, G).c_str(), G.Union.bytes());
      return S;
    }
    if (G.Members.size() > 1)
      debugf("%s: implicit sections %s overlap or touch: one device copy of their %zu bytes",
             R && R->name ? R->name : "construct", memberNames(Items, Needed, G).c_str(),
             G.Union.bytes());
    for (size_t M : G.Members) {
      ferry_data_item &D = Items[Needed[M]];
      D.entered = 1;
      if (D.base)
        Table.addBase(reinterpret_cast<const void *>(G.Union.Begin), D.base);
    }
  }
  return FERRY_SUCCESS;
}

/// The groups of the items \p Entered leave, one structured reference each
/// as they entered, copying back the sections of the members \p Written
/// says of their kind.
ferry_status exitGroups(PresentTable &Table, DeviceMemory &Mem, ferry_data_item *Items,
                        const std::vector<size_t> &Entered, bool (*Written)(ferry_data_kind)) {
  ferry_status Result = FERRY_SUCCESS;
  for (const SectionGroup &G : groupSections(sectionsOf(Items, Entered, Written))) {
    ferry_status S = Table.exitCopyingBack(reinterpret_cast<const void *>(G.Union.Begin),
                                           G.Union.bytes(), PresentTable::Counter::Structured,
                                           G.CopiedBack, Mem);
    if (S != FERRY_SUCCESS && Result == FERRY_SUCCESS)
      Result = S;
  }
  for (size_t I : Entered)
    Items[I].entered = 0;
  return Result;
}

/// The mappings of the entered inferred sections leave, one per group as
/// they entered, copying back the written sections.
ferry_status exitImplicit(PresentTable &Table, DeviceMemory &Mem, ferry_data_item *Items,
                          size_t Count) {
  std::vector<size_t> Entered;
  for (size_t I = 0; I < Count; ++I)
    if (isImplicit(Items[I].kind) && Items[I].entered)
      Entered.push_back(I);
  return exitGroups(Table, Mem, Items, Entered, implicitWritten);
}

/// The explicit mapping items (copy, copyin, copyout, create) of a
/// construct that hold sections of bytes.
bool explicitMapping(const ferry_data_item &D) {
  return D.bytes && (D.kind == FERRY_DATA_COPY || D.kind == FERRY_DATA_COPYIN ||
                     D.kind == FERRY_DATA_COPYOUT || D.kind == FERRY_DATA_CREATE);
}

/// Whether two members of \p G overlap without being the same section.
bool overlapsUnequally(const std::vector<InferredSection> &Sections, const SectionGroup &G) {
  for (size_t A = 0; A < G.Members.size(); ++A)
    for (size_t B = A + 1; B < G.Members.size(); ++B) {
      const HostRange &X = Sections[G.Members[A]].Range, &Y = Sections[G.Members[B]].Range;
      if (X.Begin < Y.End && Y.Begin < X.End && !(X.Begin == Y.Begin && X.End == Y.End))
        return true;
    }
  return false;
}

/// Sections of one construct's clauses that overlap without being the same
/// section (`f(x, x)` of `copyin(b[0:n+1]) copy(a[0:n])`, a stencil's
/// `copyin(u[0:N]) copyout(u[1:N-2])`), none of them present: one device
/// copy of their union, copied in where any member copies in, and at the
/// construct's end the sections of the members that copy back copied back
/// (exitOverlapping). Clause by clause, the second section was "partially
/// present", or lay inside the first, whose exit did not copy it back.
/// Each member is `entered` 2: it holds a share of its group's reference.
ferry_status enterOverlapping(const ferry_region *R, PresentTable &Table, DeviceMemory &Mem,
                              ferry_data_item *Items, size_t Count) {
  std::vector<size_t> Candidates;
  for (size_t I = 0; I < Count; ++I)
    if (explicitMapping(Items[I]) && !Table.overlaps(Items[I].host, Items[I].bytes))
      Candidates.push_back(I);
  const std::vector<InferredSection> Sections = sectionsOf(Items, Candidates, copiesBack);
  for (const SectionGroup &G : groupSections(Sections)) {
    if (!overlapsUnequally(Sections, G))
      continue;
    bool In = false;
    for (size_t M : G.Members) {
      const ferry_data_item &D = Items[Candidates[M]];
      In = In || copiesIn(D.kind);
      // A member longer than its data (`copyin(a[0:n*n])` of n elements,
      // which another member's block lies inside) is named before a copy
      // reads or writes past the host's mapped memory, as alone.
      if ((copiesIn(D.kind) || copiesBack(D.kind)) &&
          !checkHostMapped(clauseLabel(R, D).c_str(), "the section", D.host, D.bytes))
        return FERRY_ERROR_INVALID;
    }
    void *Dev = nullptr;
    if (ferry_status S = Table.enter(reinterpret_cast<const void *>(G.Union.Begin),
                                     G.Union.bytes(),
                                     In ? PresentTable::Entry::Copyin
                                        : PresentTable::Entry::Create,
                                     PresentTable::Counter::Structured, /*Zero=*/false, Mem,
                                     &Dev)) {
      errorf("%s (%s:%u): the overlapping sections %s (%zu bytes) could not be put on the "
             "device",
             R && R->name ? R->name : "construct", R && R->file ? R->file : "?",
             R ? R->line : 0, memberNames(Items, Candidates, G).c_str(), G.Union.bytes());
      return S;
    }
    debugf("%s: the sections %s overlap: one device copy of their %zu bytes",
           R && R->name ? R->name : "construct", memberNames(Items, Candidates, G).c_str(),
           G.Union.bytes());
    for (size_t M : G.Members) {
      ferry_data_item &D = Items[Candidates[M]];
      D.entered = 2;
      if (D.base)
        Table.addBase(reinterpret_cast<const void *>(G.Union.Begin), D.base);
    }
  }
  return FERRY_SUCCESS;
}

/// The groups enterOverlapping entered leave, one reference each, copying
/// back the sections of their members that copy back.
ferry_status exitOverlapping(PresentTable &Table, DeviceMemory &Mem, ferry_data_item *Items,
                             size_t Count) {
  std::vector<size_t> Entered;
  for (size_t I = 0; I < Count; ++I)
    if (Items[I].entered == 2)
      Entered.push_back(I);
  return exitGroups(Table, Mem, Items, Entered, copiesBack);
}

/// What the first clause of a section does on entry: \p In and \p Zero for
/// every mapping clause of the construct that names it.
void entryForAll(const ferry_data_item *Items, size_t Count, size_t First, bool &In,
                 bool &Zero) {
  const ferry_data_item &D = Items[First];
  In = copiesIn(D.kind);
  Zero = D.zero != 0;
  if (!mapped(D))
    return;
  for (size_t J = First + 1; J < Count; ++J)
    if (mapped(Items[J]) && sameSection(D, Items[J])) {
      In = In || copiesIn(Items[J].kind);
      Zero = Zero || Items[J].zero != 0;
    }
}

/// Whether the item copies back on exit: it does, or it is the last of its
/// section to leave and another clause of the section copies back.
bool exitCopiesBack(const ferry_data_item *Items, size_t Count, size_t I) {
  const ferry_data_item &D = Items[I];
  if (copiesBack(D.kind))
    return true;
  if (!mapped(D))
    return false;
  for (size_t J = 0; J < I; ++J)
    if (Items[J].entered && sameSection(D, Items[J]))
      return false; // an earlier clause of the section leaves after this one
  for (size_t J = I + 1; J < Count; ++J)
    if (copiesBack(Items[J].kind) && sameSection(D, Items[J]))
      return true;
  return false;
}

ferry_status exitItems(const Target &T, ferry_data_item *Items, size_t Count, int Async) {
  BackendMemory Mem(*T.B, T.Device, Async);
  PresentTable &Table = Runtime::get().presentTable(T.Kind, T.Device);
  ferry_status Result = FERRY_SUCCESS;
  // Detach first: a struct that leaves now gets back its host pointers.
  for (size_t I = Count; I-- > 0;) {
    ferry_data_item &D = Items[I];
    if (!D.attached)
      continue;
    PresentTable::Attach What;
    ferry_status S = Table.detach(static_cast<void *const *>(D.pointer),
                                  /*Finalize=*/false, Mem, What);
    D.attached = 0;
    if (S != FERRY_SUCCESS && Result == FERRY_SUCCESS)
      Result = S;
  }
  // The inferred sections entered last: they leave first.
  if (ferry_status S = exitImplicit(Table, Mem, Items, Count); S && Result == FERRY_SUCCESS)
    Result = S;
  if (ferry_status S = exitOverlapping(Table, Mem, Items, Count); S && Result == FERRY_SUCCESS)
    Result = S;
  for (size_t I = Count; I-- > 0;) {
    ferry_data_item &D = Items[I];
    if (!D.entered)
      continue;
    const bool Back = exitCopiesBack(Items, Count, I);
    ferry_status S = Table.exit(D.host, D.bytes,
                                Back ? PresentTable::Exit::Copyout : PresentTable::Exit::Delete,
                                PresentTable::Counter::Structured, /*Finalize=*/false, Mem);
    D.entered = 0;
    if (S != FERRY_SUCCESS && Result == FERRY_SUCCESS)
      Result = S;
  }
  return Result;
}

/// The construct's absent no_create ranges leave with it (AbsentNoCreate.h).
void forgetAbsentItems(const ferry_data_item *Items, size_t Count) {
  for (size_t I = Count; I-- > 0;)
    if ((Items[I].kind == FERRY_DATA_NO_CREATE ||
         (Items[I].kind == FERRY_DATA_PRESENT && Items[I].bytes == 0)) &&
        !Items[I].entered)
      forgetAbsentNoCreate(Items[I].host);
}

/// Every clause's section must be memory, on every device: a section of a
/// null pointer with a length, or one past the end of the address space, is
/// an error naming the construct, the clause and the variable.
ferry_status checkSections(const ferry_region *R, const ferry_data_item *Items, size_t Count) {
  ferry_status Result = FERRY_SUCCESS;
  for (size_t I = 0; I < Count; ++I) {
    const ferry_data_item &D = Items[I];
    if (D.kind == FERRY_DATA_DEVICEPTR || D.kind == FERRY_DATA_ATTACH)
      continue;
    const RangeProblem Problem = rangeProblem(D.host, D.bytes);
    if (Problem == RangeProblem::None)
      continue;
    const std::string Why = Problem == RangeProblem::NullPointer
                                ? "the section's pointer is null but the section has " +
                                      std::to_string(D.bytes) + " bytes"
                                : "the section lies past the end of the address space";
    errorf("%s: %s", clauseLabel(R, D).c_str(), Why.c_str());
    Result = FERRY_ERROR_INVALID;
  }
  return Result;
}

/// Checks the arguments and finds the device. FERRY_SUCCESS with no backend
/// in \p T means "the host: nothing to do".
ferry_status prepare(const ferry_region *R, const ferry_data_item *Items, size_t Count,
                     Target &T) {
  if (Count && !Items)
    return FERRY_ERROR_INVALID;
  if (!target(R, T))
    return FERRY_ERROR_NO_DEVICE;
  if (T.Kind == DeviceKind::Host)
    T.B = nullptr;
  return FERRY_SUCCESS;
}

/// An implicit `copy` of a variable that is partly present (a slab of its
/// rows): nothing is mapped, and the region's address of the variable is
/// translated into the present part, where one mapping holds it.
ferry_status keepToPresentPart(const ferry_region *R, PresentTable &Table,
                               const ferry_data_item &D) {
  const char *Name = R && R->name ? R->name : "construct";
  if (Table.addBaseOfPart(D.host, D.bytes)) {
    debugf("%s: %s (no clause names it) is partly present: not mapped; the region's address "
           "of it is translated into the present part",
           Name, D.name ? D.name : "?");
    return FERRY_SUCCESS;
  }
  errorf("%s (%s:%u): '%s', which no data clause names (an implicit 'copy'), is partly present "
         "in several pieces on the device; name the section the region uses in a data clause "
         "('present(%s[lo:len])')",
         Name, R && R->file ? R->file : "?", R ? R->line : 0, D.name ? D.name : "?",
         D.name ? D.name : "a");
  return FERRY_ERROR_INVALID;
}

/// How \p D enters \p Table (\p What); a status where it does not (its
/// kind maps nothing now, or it is unknown).
std::optional<ferry_status> entryOf(const ferry_region *R, ferry_data_item &D,
                                    const PresentTable &Table, PresentTable::Entry &What) {
  switch (D.kind) {
  case FERRY_DATA_IMPLICIT_WHOLE:
    if (!D.bytes)
      return FERRY_SUCCESS; // a template's object its instantiation copies: nothing
    if (Table.overlaps(D.host, D.bytes) && !Table.deviceAddress(D.host, D.bytes))
      return FERRY_SUCCESS; // partly present: ferry_data_enter keeps to that part
    [[fallthrough]];
  case FERRY_DATA_COPY:
  case FERRY_DATA_COPYIN:
    What = PresentTable::Entry::Copyin;
    return std::nullopt;
  case FERRY_DATA_COPYOUT:
  case FERRY_DATA_CREATE:
    What = PresentTable::Entry::Create;
    return std::nullopt;
  case FERRY_DATA_PRESENT:
    // A section of no bytes (`present(list[0:n])` of an empty list, whose
    // pointer may be null) has nothing that could be absent: where no
    // present data holds its address, it is an absent no_create range (the
    // regions use the host address, which they cannot dereference).
    What = D.bytes == 0 && !Table.deviceAddress(D.host, 0) ? PresentTable::Entry::NoCreate
                                                           : PresentTable::Entry::Present;
    return std::nullopt;
  case FERRY_DATA_PRESENT_POINTEE:
    // The pointer variable where it is present, else what it points to
    // (one byte of it: the mapping that holds it); the item then names
    // that range, which its exit leaves.
    // Where the pointer is present (a member of a struct a construct
    // copied: `present(in.x)`), its device copy is attached to the data it
    // points to where that is present: regions that use the struct's device
    // copy reach the data through it, as NVHPC's reading gives them (the
    // host's address there was useless to the device).
    if (Table.deviceAddress(D.host, D.bytes))
      D.pointer = D.host;
    else if (D.base) {
      D.host = D.base;
      D.bytes = 1;
    }
    D.base = nullptr;
    What = PresentTable::Entry::Present;
    return std::nullopt;
  case FERRY_DATA_NO_CREATE:
    What = PresentTable::Entry::NoCreate;
    return std::nullopt;
  case FERRY_DATA_IMPLICIT_COPY:
  case FERRY_DATA_IMPLICIT_COPYIN: // after the clauses (enterImplicit)
  case FERRY_DATA_DEVICEPTR:       // device memory already
  case FERRY_DATA_ATTACH:          // a pointer to attach: nothing to map
    return FERRY_SUCCESS;
  }
  errorf("%s: unknown data clause kind %d", R && R->name ? R->name : "construct", int(D.kind));
  return FERRY_ERROR_INVALID;
}

} // namespace

extern "C" {

ferry_status ferry_data_enter(const ferry_region *R, ferry_data_item *Items, size_t Count,
                              int Async) {
  Target T;
  if (ferry_status S = prepare(R, Items, Count, T); S != FERRY_SUCCESS)
    return S;
  if (ferry_status S = checkSections(R, Items, Count); S != FERRY_SUCCESS || !T.B)
    return S;
  const ferry_region *Previous = ferry_set_data_region(R);
  Async = Runtime::get().resolveAsync(T.Kind, T.Device, Async);
  BackendMemory Mem(*T.B, T.Device, Async);
  PresentTable &Table = Runtime::get().presentTable(T.Kind, T.Device);
  std::vector<Runtime::SectionBase> Bases;
  for (size_t I = 0; I < Count; ++I)
    Items[I].entered = Items[I].attached = 0;
  ferry_status Result = enterOverlapping(R, Table, Mem, Items, Count);
  for (size_t I = 0; I < Count && Result == FERRY_SUCCESS; ++I) {
    ferry_data_item &D = Items[I];
    if (D.entered) // (in an overlapping group)
      continue;
    PresentTable::Entry What;
    if (std::optional<ferry_status> Skip = entryOf(R, D, Table, What)) {
      Result = *Skip;
      if (D.kind == FERRY_DATA_IMPLICIT_WHOLE && D.bytes && Result == FERRY_SUCCESS)
        Result = keepToPresentPart(R, Table, D);
      continue;
    }
    bool In = false, Zero = false;
    entryForAll(Items, Count, I, In, Zero);
    if (What == PresentTable::Entry::Create && In)
      What = PresentTable::Entry::Copyin;
    // A section longer than the data (`copyin(a[0:n*n])` of n elements) is
    // named before its copy would read past the host's mapped memory, and
    // so is one that the construct's end would copy out past it (a crash
    // there, in the program's exit path: DRACC's MxV_out_of_bounds_Copyout).
    if ((What == PresentTable::Entry::Copyin || D.kind == FERRY_DATA_COPYOUT) &&
        !Table.deviceAddress(D.host, D.bytes) &&
        !checkHostMapped(clauseLabel(R, D).c_str(), "the section", D.host, D.bytes)) {
      Result = FERRY_ERROR_INVALID;
      continue;
    }
    void *Dev = nullptr;
    ferry_status S = Table.enter(D.host, D.bytes, What, PresentTable::Counter::Structured,
                                 Zero, Mem, &Dev);
    if (S != FERRY_SUCCESS) {
      errorf("%s failed", clauseLabel(R, D).c_str());
      Result = S;
      continue;
    }
    // An absent no_create range holds no reference; its regions use the
    // host address.
    D.entered = What != PresentTable::Entry::NoCreate || Dev != nullptr;
    if (!D.entered)
      noteAbsentNoCreate(D.host, D.bytes, D.base);
    if (D.base && Dev) {
      Table.addBase(D.host, D.base);
      Bases.push_back({D.base, static_cast<char *>(Dev) - (static_cast<const char *>(D.host) -
                                                            static_cast<const char *>(D.base))});
    }
  }
  if (Result == FERRY_SUCCESS)
    Result = enterImplicit(R, T, Table, Mem, Items, Count);
  // The attach actions, once every item is present (a struct named after
  // its member's section is there too).
  for (size_t I = 0; I < Count && Result == FERRY_SUCCESS; ++I) {
    ferry_data_item &D = Items[I];
    if (!D.pointer || (D.kind != FERRY_DATA_ATTACH && !D.entered))
      continue;
    PresentTable::Attach What;
    if (ferry_status S =
            Table.attach(static_cast<void *const *>(D.pointer), Mem, What)) {
      errorf("%s: the device copy of its pointer could not be attached",
             clauseLabel(R, D).c_str());
      Result = S;
      continue;
    }
    D.attached = What == PresentTable::Attach::Done;
  }
  if (Result != FERRY_SUCCESS) {
    exitItems(T, Items, Count, Async);
    forgetAbsentItems(Items, Count);
  } else {
    Runtime::get().openSectionBases(R, T.Kind, T.Device, std::move(Bases));
  }
  ferry_set_data_region(Previous);
  return Result;
}

ferry_status ferry_data_exit(const ferry_region *R, ferry_data_item *Items, size_t Count,
                             int Async) {
  Runtime::get().closeSectionBases(R);
  Target T;
  if (ferry_status S = prepare(R, Items, Count, T); S != FERRY_SUCCESS)
    return S;
  Async = Runtime::get().resolveAsync(T.Kind, T.Device, Async);
  // A synchronous exit first waits for the device's queues: work queued
  // there may still use the data it copies back or releases (the host's
  // view of a `data` construct's data is complete after it, as with CUDA's
  // legacy default stream).
  if (Async == acc_async_sync && Count) {
    ferry_status S =
        report(Runtime::get().backendFor(T.Kind).wait(T.Device, acc_async_noval, /*All=*/true));
    if (S != FERRY_SUCCESS)
      return S;
  }
  if (!T.B)
    return FERRY_SUCCESS;
  const ferry_region *Previous = ferry_set_data_region(R);
  ferry_status S = exitItems(T, Items, Count, Async);
  forgetAbsentItems(Items, Count);
  ferry_set_data_region(Previous);
  return S;
}

} // extern "C"

namespace {
/// The attach or detach action of an `enter data`/`exit data` directive.
void attachAction(void *const *PtrAddr, bool Attach, bool Finalize, int Async) {
  if (!PtrAddr)
    return;
  Runtime &RT = Runtime::get();
  auto K = RT.selectedKind();
  if (!K ||
      *K == DeviceKind::Host) // shared memory: pointers need no translation
    return;
  const int Device = RT.deviceNum(*K);
  BackendMemory Mem(RT.backendFor(*K), Device,
                    RT.resolveAsync(*K, Device, Async));
  PresentTable &Table = RT.presentTable(*K, Device);
  PresentTable::Attach Result;
  ferry_status S = Attach ? Table.attach(PtrAddr, Mem, Result)
                          : Table.detach(PtrAddr, Finalize, Mem, Result);
  if (S != FERRY_SUCCESS)
    errorf(
        "%s: the device copy of the pointer at %p on %s could not be written",
        Attach ? "attach" : "detach", static_cast<const void *>(PtrAddr),
        Mem.name().c_str());
}
} // namespace

void ferry_attach(void *const *PtrAddr, int Async) {
  attachAction(PtrAddr, true, false, Async);
}

void ferry_detach(void *const *PtrAddr, int Finalize, int Async) {
  attachAction(PtrAddr, false, Finalize != 0, Async);
}

void ferry_exit_pointee(const ferry_region *Region, void *const *PtrAddr, int Action,
                        int Flags, int Async, const char *Clause) {
  if (!PtrAddr)
    return;
  Runtime &RT = Runtime::get();
  auto K = RT.selectedKind();
  void *Data = const_cast<void **>(PtrAddr);
  size_t Bytes = sizeof *PtrAddr;
  if (K && *K != DeviceKind::Host && *PtrAddr) {
    // The data it points to where a mapping starts there (NVHPC's reading:
    // a pointer in `declare create`, or a member of a present struct, is
    // present itself, and the program means its target); else the pointer
    // itself (OpenACC).
    const PresentTable &Table = RT.presentTable(*K, RT.deviceNum(*K));
    if (std::optional<PresentTable::Mapping> M = Table.find(*PtrAddr);
        M && M->HostBegin == reinterpret_cast<uintptr_t>(*PtrAddr)) {
        Data = *PtrAddr;
        Bytes = M->HostEnd - M->HostBegin;
        debugf("exit data of pointer %p: its target %p (%zu bytes) leaves",
               static_cast<const void *>(PtrAddr), Data, Bytes);
        // As for a section of it: the pointer is detached before its
        // target leaves.
        attachAction(PtrAddr, false, (Flags & FERRY_DIRECTIVE_FINALIZE) != 0, Async);
      }
  }
  ferry_data_directive(Region, Action, Flags, Data, Bytes, Async, Clause);
}

ferry_status ferry_declare_global(const void *Host, size_t Bytes, ferry_data_kind Kind,
                                  const char *Name) {
  if (!Host || !Bytes || (Kind != FERRY_DATA_CREATE && Kind != FERRY_DATA_COPYIN)) {
    errorf("declare %s: invalid variable (%p, %zu bytes, kind %d)", Name ? Name : "?", Host,
           Bytes, int(Kind));
    return FERRY_ERROR_INVALID;
  }
  // Entered on each device at its first use (Runtime::declareGlobal).
  Runtime::get().declareGlobal(Host, Bytes, Kind == FERRY_DATA_COPYIN, Name ? Name : "?");
  return FERRY_SUCCESS;
}

ferry_status ferry_declare_global_ref(const void *Host, size_t Bytes, ferry_data_kind Kind,
                                      const char *Name, const char *RefSymbol) {
  const ferry_status S = ferry_declare_global(Host, Bytes, Kind, Name);
  if (S == FERRY_SUCCESS && RefSymbol && *RefSymbol)
    Runtime::get().addDeclaredRef(Host, RefSymbol);
  return S;
}

ferry_status ferry_declare_global_section(const void *Base, size_t First, size_t Count,
                                          size_t ElementSize, ferry_data_kind Kind,
                                          const char *Name) {
  if (!Base || !Count)
    return FERRY_SUCCESS; // nothing to enter yet: the program allocates later
  if (!ElementSize || First > SIZE_MAX / ElementSize || Count > SIZE_MAX / ElementSize ||
      First * ElementSize > SIZE_MAX - uintptr_t(Base) ||
      Count * ElementSize > SIZE_MAX - uintptr_t(Base) - First * ElementSize) {
    errorf("declare %s: the section (from element %zu, %zu elements of %zu bytes at %p) wraps "
           "around the address space",
           Name ? Name : "?", First, Count, ElementSize, Base);
    return FERRY_ERROR_INVALID;
  }
  return ferry_declare_global(static_cast<const char *>(Base) + First * ElementSize,
                              Count * ElementSize, Kind, Name);
}

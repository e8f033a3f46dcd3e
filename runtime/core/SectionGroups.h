//===- SectionGroups.h - Overlapping inferred sections as one ---*- C++ -*-===//
///
/// \file
/// The sections the compiler infers for pointers in no data clause
/// (FERRY_DATA_IMPLICIT_COPY / _COPYIN) are each a pointer's view of its
/// allocation: two pointers into one array (`a = buf`, `b = buf + 1`) give
/// two sections that overlap. Mapped one after the other, the second would
/// lie partly in the first one's device copy, and its pointer, translated
/// into that copy, would reach past it. So the sections of one construct
/// whose host ranges overlap or touch are mapped as one: their union, copied
/// in whole, and on exit copied back where a written section lies (the
/// union of those, not the bytes only read). This file finds the groups; it
/// knows nothing of devices.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_SECTIONGROUPS_H
#define FERRY_RUNTIME_CORE_SECTIONGROUPS_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ferry {

/// Host addresses [Begin, End).
struct HostRange {
  uintptr_t Begin = 0, End = 0;
  size_t bytes() const { return End - Begin; }
  bool operator==(const HostRange &O) const { return Begin == O.Begin && End == O.End; }
};

/// An inferred section: its range and whether the region writes it.
struct InferredSection {
  HostRange Range;
  bool Written = false;
};

/// Sections whose ranges overlap or touch, transitively: one mapping.
struct SectionGroup {
  HostRange Union;
  /// Positions of the members in the list given to groupSections, ascending.
  std::vector<size_t> Members;
  /// The union of the written members' ranges, ascending and disjoint (ranges
  /// that touch are one): what the mapping copies back. Empty when no member
  /// is written; {Union} when the written ones cover it.
  std::vector<HostRange> CopiedBack;
};

/// The groups of \p Sections, ordered by their first member. A section of no
/// byte is in no group (it maps nothing).
std::vector<SectionGroup> groupSections(const std::vector<InferredSection> &Sections);

/// \p Ranges sorted, with the ones that overlap or touch joined; empty ones
/// dropped.
std::vector<HostRange> unionOf(std::vector<HostRange> Ranges);

} // namespace ferry

#endif

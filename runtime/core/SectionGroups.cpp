//===- SectionGroups.cpp - Overlapping inferred sections as one -----------===//
///
/// \file
/// Implementation of groupSections: a sweep over the sections by start.
///
//===----------------------------------------------------------------------===//
#include "core/SectionGroups.h"

#include <algorithm>

namespace ferry {

std::vector<HostRange> unionOf(std::vector<HostRange> Ranges) {
  Ranges.erase(std::remove_if(Ranges.begin(), Ranges.end(),
                              [](const HostRange &R) { return R.Begin >= R.End; }),
               Ranges.end());
  std::sort(Ranges.begin(), Ranges.end(),
            [](const HostRange &A, const HostRange &B) { return A.Begin < B.Begin; });
  std::vector<HostRange> Out;
  for (const HostRange &R : Ranges)
    if (!Out.empty() && R.Begin <= Out.back().End)
      Out.back().End = std::max(Out.back().End, R.End);
    else
      Out.push_back(R);
  return Out;
}

std::vector<SectionGroup> groupSections(const std::vector<InferredSection> &Sections) {
  std::vector<size_t> ByStart;
  for (size_t I = 0; I < Sections.size(); ++I)
    if (Sections[I].Range.Begin < Sections[I].Range.End)
      ByStart.push_back(I);
  std::sort(ByStart.begin(), ByStart.end(), [&](size_t A, size_t B) {
    return Sections[A].Range.Begin < Sections[B].Range.Begin ||
           (Sections[A].Range.Begin == Sections[B].Range.Begin && A < B);
  });
  std::vector<SectionGroup> Groups;
  for (size_t I : ByStart) {
    const HostRange &R = Sections[I].Range;
    if (Groups.empty() || R.Begin > Groups.back().Union.End)
      Groups.push_back({R, {}, {}});
    SectionGroup &G = Groups.back();
    G.Union.End = std::max(G.Union.End, R.End);
    G.Members.push_back(I);
  }
  for (SectionGroup &G : Groups) {
    std::sort(G.Members.begin(), G.Members.end());
    std::vector<HostRange> Written;
    for (size_t I : G.Members)
      if (Sections[I].Written)
        Written.push_back(Sections[I].Range);
    G.CopiedBack = unionOf(std::move(Written));
  }
  std::sort(Groups.begin(), Groups.end(), [](const SectionGroup &A, const SectionGroup &B) {
    return A.Members.front() < B.Members.front();
  });
  return Groups;
}

} // namespace ferry

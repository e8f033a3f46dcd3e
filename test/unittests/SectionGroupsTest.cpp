//===- SectionGroupsTest.cpp - Overlapping inferred sections as one -------===//
///
/// \file
/// The inferred sections of one construct whose host ranges overlap or
/// touch are one mapping (core/SectionGroups.h): the groups and what they
/// copy back; the present table's exit that copies back only those parts;
/// and the backend's knowledge of its blocks, which tells device memory
/// (acc_malloc, cudaMalloc) from host memory for the sections.
///
//===----------------------------------------------------------------------===//
#include "core/Backend.h"
#include "core/PresentTable.h"
#include "core/Runtime.h"
#include "core/SectionGroups.h"

#include "FakeDeviceMemory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace ferry;

namespace {

InferredSection section(uintptr_t Begin, uintptr_t End, bool Written) {
  return {{Begin, End}, Written};
}

std::vector<size_t> members(std::initializer_list<size_t> L) { return L; }

TEST(SectionGroups, DisjointSectionsStayApartInTheirOrder) {
  // saxpy's x and y: two allocations, each its own mapping, in item order.
  auto G = groupSections({section(5000, 5800, false), section(1000, 1800, true)});
  ASSERT_EQ(G.size(), 2u);
  EXPECT_EQ(G[0].Union, (HostRange{5000, 5800}));
  EXPECT_EQ(G[0].Members, members({0}));
  EXPECT_TRUE(G[0].CopiedBack.empty());
  EXPECT_EQ(G[1].Union, (HostRange{1000, 1800}));
  EXPECT_EQ(G[1].CopiedBack, (std::vector<HostRange>{{1000, 1800}}));
}

TEST(SectionGroups, OverlappingSectionsAreTheirUnion) {
  // a = buf, b = buf + 1 (doubles), b[i] = a[i] * 2 for i < 100: b's
  // section is written, a's only read; the union is copied in whole, only
  // b's part back.
  auto G = groupSections({section(8, 808, true), section(0, 800, false)});
  ASSERT_EQ(G.size(), 1u);
  EXPECT_EQ(G[0].Union, (HostRange{0, 808}));
  EXPECT_EQ(G[0].Members, members({0, 1}));
  EXPECT_EQ(G[0].CopiedBack, (std::vector<HostRange>{{8, 808}}));
}

TEST(SectionGroups, TouchingSectionsAreOneAndCopyBackOnlyWhatIsWritten) {
  // Three views of one array end to end, the middle one read only: one
  // mapping, two parts copied back.
  auto G = groupSections(
      {section(200, 300, true), section(100, 200, false), section(0, 100, true)});
  ASSERT_EQ(G.size(), 1u);
  EXPECT_EQ(G[0].Union, (HostRange{0, 300}));
  EXPECT_EQ(G[0].Members, members({0, 1, 2}));
  EXPECT_EQ(G[0].CopiedBack, (std::vector<HostRange>{{0, 100}, {200, 300}}));
}

TEST(SectionGroups, ChainsJoinAndWrittenPartsMerge) {
  // [0,10) and [20,30) meet only through [5,25): one group; the written
  // [0,10) and [5,25) are one part.
  auto G = groupSections({section(0, 10, true), section(20, 30, false), section(100, 110, true),
                          section(5, 25, true)});
  ASSERT_EQ(G.size(), 2u);
  EXPECT_EQ(G[0].Union, (HostRange{0, 30}));
  EXPECT_EQ(G[0].Members, members({0, 1, 3}));
  EXPECT_EQ(G[0].CopiedBack, (std::vector<HostRange>{{0, 25}}));
  EXPECT_EQ(G[1].Members, members({2}));
}

TEST(SectionGroups, ContainedAndIdenticalSections) {
  auto G = groupSections({section(0, 100, false), section(40, 60, true), section(0, 100, false)});
  ASSERT_EQ(G.size(), 1u);
  EXPECT_EQ(G[0].Union, (HostRange{0, 100}));
  EXPECT_EQ(G[0].CopiedBack, (std::vector<HostRange>{{40, 60}}));
}

TEST(SectionGroups, EmptySectionsAreInNoGroup) {
  // A section of no element maps nothing, and does not join its neighbours
  // (an empty range at 100 between [0,100) and [100,200) is no bridge: they
  // touch anyway; at 150 it would be inside).
  auto G = groupSections({section(300, 300, true), section(0, 100, false)});
  ASSERT_EQ(G.size(), 1u);
  EXPECT_EQ(G[0].Members, members({1}));
  EXPECT_TRUE(groupSections({section(7, 7, true)}).empty());
  EXPECT_TRUE(groupSections({}).empty());
}

TEST(SectionGroups, UnionOfRanges) {
  EXPECT_EQ(unionOf({{50, 60}, {0, 10}, {10, 20}, {55, 70}, {30, 30}}),
            (std::vector<HostRange>{{0, 20}, {50, 70}}));
  EXPECT_TRUE(unionOf({}).empty());
}

uintptr_t at(const void *P) { return reinterpret_cast<uintptr_t>(P); }

TEST(SectionGroups, PresentTableCopiesBackOnlyTheWrittenParts) {
  // buf[0:101] in, b = buf + 1 written through the device copy; only b's
  // 100 elements come back, so buf[0], which the host changed meanwhile,
  // keeps the host's value.
  PresentTable T;
  FakeDeviceMemory M;
  double Buf[101];
  for (int I = 0; I <= 100; ++I)
    Buf[I] = 1;
  void *Dev;
  ASSERT_EQ(T.enter(Buf, sizeof Buf, PresentTable::Entry::Copyin,
                    PresentTable::Counter::Structured, false, M, &Dev),
            FERRY_SUCCESS);
  EXPECT_EQ(M.ToDevice, sizeof Buf);
  double *D = static_cast<double *>(Dev);
  for (int I = 0; I < 100; ++I)
    D[I + 1] = D[I] * 2;
  Buf[0] = -5;
  const std::vector<HostRange> Written{{at(Buf + 1), at(Buf + 101)}};
  ASSERT_EQ(T.exitCopyingBack(Buf, sizeof Buf, PresentTable::Counter::Structured, Written, M),
            FERRY_SUCCESS);
  EXPECT_EQ(M.FromDevice, 100 * sizeof(double));
  EXPECT_EQ(Buf[0], -5);
  EXPECT_EQ(Buf[1], 2);
  EXPECT_EQ(Buf[100], 1267650600228229401496703205376.0); // 2^100
  EXPECT_EQ(T.size(), 0u);
  EXPECT_TRUE(M.Live.empty());
}

TEST(SectionGroups, PresentTableCopiesBackNothingWhileReferenced) {
  PresentTable T;
  FakeDeviceMemory M;
  int A[16] = {};
  void *Dev;
  ASSERT_EQ(T.enter(A, sizeof A, PresentTable::Entry::Copyin, PresentTable::Counter::Structured,
                    false, M, &Dev),
            FERRY_SUCCESS);
  ASSERT_EQ(T.enter(A, sizeof A, PresentTable::Entry::Copyin, PresentTable::Counter::Dynamic,
                    false, M, &Dev),
            FERRY_SUCCESS);
  static_cast<int *>(Dev)[3] = 7;
  const std::vector<HostRange> Parts{{at(A), at(A + 16)}};
  ASSERT_EQ(T.exitCopyingBack(A, sizeof A, PresentTable::Counter::Structured, Parts, M),
            FERRY_SUCCESS);
  EXPECT_EQ(M.FromDevice, 0u); // acc_copyin's reference keeps it
  EXPECT_EQ(A[3], 0);
  EXPECT_EQ(T.size(), 1u);
  // No part: the last reference releases without a copy.
  ASSERT_EQ(T.exitCopyingBack(A, sizeof A, PresentTable::Counter::Dynamic, {}, M), FERRY_SUCCESS);
  EXPECT_EQ(M.FromDevice, 0u);
  EXPECT_EQ(T.size(), 0u);
}

TEST(SectionGroups, BackendKnowsItsBlocksUntilReleased) {
  // What acc_malloc and Ferry's cudart's cudaMalloc hand out is a block of
  // the backend: device memory for the inferred sections and the launch,
  // until it is released (acc_free, cudaFree).
  Backend &B = Runtime::get().backendFor(DeviceKind::Host);
  void *P = nullptr;
  ASSERT_EQ(B.allocate(0, 64, &P).status(), FERRY_SUCCESS);
  int Host[4];
  EXPECT_EQ(B.deviceHolding(P), 0);
  EXPECT_EQ(B.deviceHolding(static_cast<char *>(P) + 63), 0);
  EXPECT_EQ(B.deviceHolding(static_cast<char *>(P) + 64), -1);
  EXPECT_EQ(B.deviceHolding(Host), -1);
  ASSERT_EQ(B.release(0, P).status(), FERRY_SUCCESS);
  EXPECT_EQ(B.deviceHolding(P), -1);
}

} // namespace

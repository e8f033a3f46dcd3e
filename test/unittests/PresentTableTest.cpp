//===- PresentTableTest.cpp - OpenACC present-table rules ------------------===//
#include "core/PresentTable.h"

#include "FakeDeviceMemory.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

using namespace ferry;
using C = PresentTable::Counter;
using E = PresentTable::Entry;
using X = PresentTable::Exit;

namespace {

TEST(PresentTable, CopyinCountsAndCopyoutCopiesBackAtZero) {
  PresentTable T;
  FakeDeviceMemory M;
  int A[100];
  for (int I = 0; I < 100; ++I)
    A[I] = I;
  void *D1, *D2;
  ASSERT_EQ(T.enter(A, sizeof A, E::Copyin, C::Dynamic, false, M, &D1), FERRY_SUCCESS);
  ASSERT_EQ(T.enter(A, sizeof A, E::Copyin, C::Dynamic, false, M, &D2), FERRY_SUCCESS);
  EXPECT_EQ(D1, D2);
  EXPECT_EQ(M.Allocations, 1);
  EXPECT_EQ(M.ToDevice, sizeof A); // present data is not copied again
  EXPECT_EQ(T.find(A)->Dynamic, 2u);
  static_cast<int *>(D1)[5] = 500; // the kernel's work
  ASSERT_EQ(T.exit(A, sizeof A, X::Copyout, C::Dynamic, false, M), FERRY_SUCCESS);
  EXPECT_EQ(A[5], 5);              // still referenced: nothing copied back
  ASSERT_EQ(T.exit(A, sizeof A, X::Copyout, C::Dynamic, false, M), FERRY_SUCCESS);
  EXPECT_EQ(A[5], 500);
  EXPECT_EQ(M.Releases, 1);
  EXPECT_EQ(T.size(), 0u);
}

TEST(PresentTable, FinalizeDropsAllDynamicReferencesButNotStructured) {
  PresentTable T;
  FakeDeviceMemory M;
  double X[8] = {};
  void *D;
  T.enter(X, sizeof X, E::Create, C::Structured, false, M, &D);
  T.enter(X, sizeof X, E::Create, C::Dynamic, false, M, &D);
  T.enter(X, sizeof X, E::Create, C::Dynamic, false, M, &D);
  ASSERT_EQ(T.exit(X, sizeof X, X::Delete, C::Dynamic, /*Finalize=*/true, M), FERRY_SUCCESS);
  ASSERT_TRUE(T.find(X));
  EXPECT_EQ(T.find(X)->Dynamic, 0u);
  EXPECT_EQ(T.find(X)->Structured, 1u);
  T.exit(X, sizeof X, X::Delete, C::Structured, false, M);
  EXPECT_FALSE(T.find(X));
  EXPECT_EQ(M.FromDevice, 0u); // delete never copies back
}

TEST(PresentTable, SubrangesArePresentPartialOverlapsAreErrors) {
  PresentTable T;
  FakeDeviceMemory M;
  char Buf[256];
  void *D, *Sub;
  T.enter(Buf + 64, 128, E::Create, C::Dynamic, false, M, &D);
  ASSERT_EQ(T.enter(Buf + 100, 10, E::Present, C::Structured, false, M, &Sub), FERRY_SUCCESS);
  EXPECT_EQ(Sub, static_cast<char *>(D) + 36);
  EXPECT_EQ(T.deviceAddress(Buf + 70, 4), std::optional<void *>(static_cast<char *>(D) + 6));
  EXPECT_EQ(T.hostAddress(static_cast<char *>(D) + 6), std::optional<void *>(Buf + 70));
  // Straddling the start or the end of the present range.
  EXPECT_EQ(T.enter(Buf + 32, 64, E::Copyin, C::Dynamic, false, M, &Sub), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.enter(Buf + 180, 40, E::Copyin, C::Dynamic, false, M, &Sub), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.exit(Buf + 180, 40, X::Delete, C::Dynamic, false, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(M.Allocations, 1);
}

TEST(PresentTable, OverlapsAnyPartOfAMapping) {
  // (What decides that an inferred section is not mapped: some of it is.)
  PresentTable T;
  FakeDeviceMemory M;
  char Buf[256];
  void *D;
  T.enter(Buf + 64, 128, E::Create, C::Dynamic, false, M, &D);
  EXPECT_TRUE(T.overlaps(Buf + 64, 128));
  EXPECT_TRUE(T.overlaps(Buf + 100, 8));
  EXPECT_TRUE(T.overlaps(Buf, 65));         // its first byte
  EXPECT_TRUE(T.overlaps(Buf + 191, 64));   // its last byte
  EXPECT_FALSE(T.overlaps(Buf, 64));        // ends where it starts
  EXPECT_FALSE(T.overlaps(Buf + 192, 64));  // starts where it ends
  EXPECT_TRUE(T.overlaps(Buf + 100, 0));    // an address inside
  EXPECT_FALSE(T.overlaps(Buf + 192, 0));
}

TEST(PresentTable, ZeroLengthEntriesJoinALaterMappingAroundThem) {
  // acc_copyin(a, 0) then acc_copyin(a, 4096): the empty entry overlaps
  // nothing (it was a false "partially present" error), and the new mapping
  // takes its counter, so each entry has its exit.
  PresentTable T;
  FakeDeviceMemory M;
  char A[4096];
  void *D0, *D1, *D;
  ASSERT_EQ(T.enter(A, 0, E::Copyin, C::Dynamic, false, M, &D0), FERRY_SUCCESS);
  ASSERT_EQ(T.enter(A + 100, 0, E::Create, C::Structured, false, M, &D0), FERRY_SUCCESS);
  EXPECT_EQ(T.size(), 2u);
  ASSERT_EQ(T.enter(A, sizeof A, E::Copyin, C::Dynamic, false, M, &D1), FERRY_SUCCESS);
  EXPECT_EQ(T.size(), 1u);
  EXPECT_EQ(T.find(A)->Dynamic, 2u);
  EXPECT_EQ(T.find(A)->Structured, 1u);
  EXPECT_EQ(M.Releases, 2); // the empty entries' device blocks
  ASSERT_EQ(T.enter(A, 0, E::Present, C::Dynamic, false, M, &D), FERRY_SUCCESS);
  EXPECT_EQ(D, D1);
  EXPECT_EQ(T.deviceOverrun(D1, sizeof A), "");
  EXPECT_EQ(T.deviceOverrun(static_cast<char *>(D1) + 96, sizeof A - 90).find("run 6 bytes past "
                                                                              "the end of the "
                                                                              "device copy of host"),
            0u);
  EXPECT_EQ(T.deviceOverrun(A, 1 << 20), ""); // not a device address of the table
}

TEST(PresentTable, ZeroLengthEntryAttachesItsPointer) {
  // `enter data copyin(p[0:0])` of a buffer of no element (malloc(0)), then
  // a region using p: p translates to the entry's device block (before: "not
  // present"); an address inside another buffer or past the entry does not.
  PresentTable T;
  FakeDeviceMemory M;
  char A[64];
  void *D0;
  ASSERT_EQ(T.enter(A + 8, 0, E::Copyin, C::Dynamic, false, M, &D0), FERRY_SUCCESS);
  ASSERT_TRUE(T.attachAddress(A + 8));
  EXPECT_EQ(*T.attachAddress(A + 8), D0);
  EXPECT_FALSE(T.attachAddress(A + 9));
  EXPECT_FALSE(T.attachAddress(A));
  // A mapping that ends where a zero-length one would start: its end is not
  // present.
  void *D1;
  ASSERT_EQ(T.enter(A + 16, 16, E::Copyin, C::Dynamic, false, M, &D1), FERRY_SUCCESS);
  EXPECT_FALSE(T.attachAddress(A + 32));
  EXPECT_EQ(*T.attachAddress(A + 16), D1);
}

TEST(PresentTable, PresentAndNoCreateOfAbsentData) {
  PresentTable T;
  FakeDeviceMemory M;
  int V[4];
  void *D = &V;
  EXPECT_EQ(T.enter(V, sizeof V, E::Present, C::Structured, false, M, &D), FERRY_ERROR_INVALID);
  ASSERT_EQ(T.enter(V, sizeof V, E::NoCreate, C::Structured, false, M, &D), FERRY_SUCCESS);
  EXPECT_EQ(D, nullptr);
  EXPECT_EQ(M.Allocations, 0);
  // Exiting absent data is no error.
  EXPECT_EQ(T.exit(V, sizeof V, X::Copyout, C::Dynamic, false, M), FERRY_SUCCESS);
}

TEST(PresentTable, ZeroModifierClearsTheDeviceCopy) {
  PresentTable T;
  FakeDeviceMemory M;
  int V[16];
  void *D;
  ASSERT_EQ(T.enter(V, sizeof V, E::Create, C::Structured, /*Zero=*/true, M, &D), FERRY_SUCCESS);
  for (int I = 0; I < 16; ++I)
    EXPECT_EQ(static_cast<int *>(D)[I], 0);
  EXPECT_EQ(M.ToDevice, 0u);
}

TEST(PresentTable, UpdateMovesSubrangesOfPresentData) {
  PresentTable T;
  FakeDeviceMemory M;
  int V[10] = {};
  void *D;
  T.enter(V, sizeof V, E::Copyin, C::Dynamic, false, M, &D);
  V[3] = 33;
  ASSERT_EQ(T.update(V + 3, sizeof(int), /*ToDevice=*/true, M), FERRY_SUCCESS);
  EXPECT_EQ(static_cast<int *>(D)[3], 33);
  static_cast<int *>(D)[7] = 77;
  ASSERT_EQ(T.update(V + 7, sizeof(int), /*ToDevice=*/false, M), FERRY_SUCCESS);
  EXPECT_EQ(V[7], 77);
  int Absent;
  EXPECT_EQ(T.update(&Absent, sizeof Absent, true, M), FERRY_ERROR_INVALID);
}

TEST(PresentTable, MappedDeviceMemoryIsNeverFreed) {
  PresentTable T;
  FakeDeviceMemory M;
  int Host[4];
  int DeviceBuf[4];
  ASSERT_EQ(T.map(Host, DeviceBuf, sizeof Host, M), FERRY_SUCCESS);
  EXPECT_EQ(T.map(Host, DeviceBuf, sizeof Host, M), FERRY_ERROR_INVALID); // twice
  void *D;
  ASSERT_EQ(T.enter(Host, sizeof Host, E::Present, C::Structured, false, M, &D), FERRY_SUCCESS);
  EXPECT_EQ(D, DeviceBuf);
  T.exit(Host, sizeof Host, X::Delete, C::Structured, false, M);
  ASSERT_EQ(T.unmap(Host, M), FERRY_SUCCESS);
  EXPECT_EQ(M.Releases, 0);
  EXPECT_EQ(T.unmap(Host, M), FERRY_ERROR_INVALID);
}

} // namespace

namespace {

TEST(PresentTable, SectionBasesAttachOnlyWhenUnambiguous) {
  PresentTable T;
  FakeDeviceMemory M;
  int A[100], B[100];
  void *Dev;
  // a[10:50]: the pointer `A` lies before the mapping.
  ASSERT_EQ(T.enter(A + 10, 50 * sizeof(int), E::Copyin, C::Structured, false, M, &Dev),
            FERRY_SUCCESS);
  EXPECT_FALSE(T.attachAddress(A)); // not recorded: not attached
  T.addBase(A + 10, A);
  ASSERT_TRUE(T.attachAddress(A));
  EXPECT_EQ(static_cast<char *>(*T.attachAddress(A)) + 10 * sizeof(int),
            static_cast<char *>(Dev));
  EXPECT_EQ(*T.attachAddress(A + 20), static_cast<char *>(Dev) + 10 * sizeof(int));
  EXPECT_FALSE(T.attachAddress(B)); // unrelated memory stays an error
  // A second section of the same pointer makes the base ambiguous.
  void *Dev2;
  ASSERT_EQ(T.enter(A + 70, 10 * sizeof(int), E::Copyin, C::Structured, false, M, &Dev2),
            FERRY_SUCCESS);
  T.addBase(A + 70, A);
  EXPECT_FALSE(T.attachAddress(A));
  // Once that one is gone, the first is the only one again.
  ASSERT_EQ(T.exit(A + 70, 10 * sizeof(int), X::Delete, C::Structured, false, M),
            FERRY_SUCCESS);
  EXPECT_TRUE(T.attachAddress(A));
  ASSERT_EQ(T.exit(A + 10, 50 * sizeof(int), X::Delete, C::Structured, false, M),
            FERRY_SUCCESS);
  EXPECT_FALSE(T.attachAddress(A));
}

// A variable of which one mapping holds a part (a slab of rows): its start
// becomes that mapping's base; two parts, or none, record nothing.
TEST(PresentTable, BaseOfAPartOnlyWhereOneMappingHoldsIt) {
  PresentTable T;
  FakeDeviceMemory M;
  int A[100], B[100], Z[100];
  void *Dev, *Dev2;
  ASSERT_EQ(T.enter(A + 30, 20 * sizeof(int), E::Copyin, C::Structured, false, M, &Dev),
            FERRY_SUCCESS);
  EXPECT_FALSE(T.attachAddress(A));
  EXPECT_TRUE(T.addBaseOfPart(A, sizeof A));
  ASSERT_TRUE(T.attachAddress(A));
  EXPECT_EQ(static_cast<char *>(*T.attachAddress(A)) + 30 * sizeof(int),
            static_cast<char *>(Dev));
  // B in two pieces: no one base translates into both.
  ASSERT_EQ(T.enter(B, 10 * sizeof(int), E::Copyin, C::Structured, false, M, &Dev),
            FERRY_SUCCESS);
  ASSERT_EQ(T.enter(B + 50, 10 * sizeof(int), E::Copyin, C::Structured, false, M, &Dev2),
            FERRY_SUCCESS);
  EXPECT_FALSE(T.addBaseOfPart(B, sizeof B));
  EXPECT_FALSE(T.addBaseOfPart(Z, sizeof Z)); // none of it present
  EXPECT_FALSE(T.attachAddress(Z));
}

// A null pointer with a length, or a range past the end of the address
// space, never reaches the device: no allocation, no copy (the host's memcpy
// would fault), no mapping.
TEST(PresentTable, RangesThatAreNotMemoryAreRefused) {
  PresentTable T;
  FakeDeviceMemory M;
  char A[16];
  void *D = &M;
  EXPECT_EQ(T.enter(nullptr, 64, E::Copyin, C::Dynamic, false, M, &D), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.enter(A, SIZE_MAX, E::Copyin, C::Dynamic, false, M, &D), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.exit(A + 1, SIZE_MAX, X::Copyout, C::Dynamic, false, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.update(nullptr, 8, true, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.map(A, A, SIZE_MAX, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(M.Allocations, 0);
  EXPECT_EQ(M.ToDevice, 0u);
  EXPECT_EQ(T.size(), 0u);
  EXPECT_EQ(rangeProblem(nullptr, 0), RangeProblem::None);
  EXPECT_EQ(rangeProblem(nullptr, 1), RangeProblem::NullPointer);
  EXPECT_EQ(rangeProblem(A, sizeof A), RangeProblem::None);
  EXPECT_EQ(rangeProblem(A, SIZE_MAX), RangeProblem::Wraps);
  EXPECT_EQ(rangeProblem(reinterpret_cast<void *>(UINTPTR_MAX), 1), RangeProblem::Wraps);
}

// OpenACC 3.3: "Memory mapped by acc_map_data may not have the associated
// dynamic reference count decremented to zero, except by a call to
// acc_unmap_data." acc_delete / acc_copyout (and their finalize forms) of
// such data are refused with a message and neither unmap nor copy; before,
// the first one removed the mapping silently.
TEST(PresentTable, ExitsNeverUnmapWhatAccMapDataMapped) {
  PresentTable T;
  FakeDeviceMemory M;
  int Host[4] = {1, 2, 3, 4};
  int DeviceBuf[4] = {};
  ASSERT_EQ(T.map(Host, DeviceBuf, sizeof Host, M), FERRY_SUCCESS);
  testing::internal::CaptureStderr();
  EXPECT_EQ(T.exit(Host, sizeof Host, X::Delete, C::Dynamic, false, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.exit(Host, sizeof Host, X::Copyout, C::Dynamic, false, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.exit(Host, sizeof Host, X::Delete, C::Dynamic, true, M), FERRY_ERROR_INVALID);
  const std::string Err = testing::internal::GetCapturedStderr();
  ASSERT_TRUE(T.find(Host));
  EXPECT_EQ(T.find(Host)->Dynamic, 1u);
  EXPECT_EQ(M.FromDevice, 0u) << "no data movement";
  char Line[200];
  std::snprintf(Line, sizeof Line,
                "ferry: error: host range [%#zx, %#zx) was mapped by acc_map_data on fake device "
                "0: its dynamic reference count stays 1 until acc_unmap_data\n",
                size_t(reinterpret_cast<uintptr_t>(Host)),
                size_t(reinterpret_cast<uintptr_t>(Host + 4)));
  EXPECT_EQ(Err, std::string(Line) + Line + Line);
  // References beyond acc_map_data's come and go as usual; a finalize drops
  // them all but that one.
  void *D;
  ASSERT_EQ(T.enter(Host, sizeof Host, E::Copyin, C::Dynamic, false, M, &D), FERRY_SUCCESS);
  ASSERT_EQ(T.enter(Host, sizeof Host, E::Copyin, C::Dynamic, false, M, &D), FERRY_SUCCESS);
  EXPECT_EQ(T.exit(Host, sizeof Host, X::Delete, C::Dynamic, false, M), FERRY_SUCCESS);
  EXPECT_EQ(T.find(Host)->Dynamic, 2u);
  testing::internal::CaptureStderr();
  EXPECT_EQ(T.exit(Host, sizeof Host, X::Copyout, C::Dynamic, true, M), FERRY_ERROR_INVALID);
  testing::internal::GetCapturedStderr();
  EXPECT_EQ(T.find(Host)->Dynamic, 1u);
  EXPECT_EQ(M.FromDevice, 0u);
  EXPECT_EQ(T.unmap(Host, M), FERRY_SUCCESS);
  EXPECT_EQ(T.size(), 0u);
  EXPECT_EQ(M.Releases, 0);
}

// OpenACC 3.3: "It is an error to call acc_unmap_data if the structured
// reference count for the pointed-to memory is not zero." Inside a data
// construct (a structured entry) the unmap is refused with the count and
// the mapping stays as it was; after the construct it unmaps, dynamic
// references and all. Before, the mapping went at once.
TEST(PresentTable, UnmapOfDataAConstructUsesIsRefused) {
  PresentTable T;
  FakeDeviceMemory M;
  int Host[4];
  int DeviceBuf[4];
  ASSERT_EQ(T.map(Host, DeviceBuf, sizeof Host, M), FERRY_SUCCESS);
  void *D;
  ASSERT_EQ(T.enter(Host, sizeof Host, E::Present, C::Structured, false, M, &D), FERRY_SUCCESS);
  ASSERT_EQ(T.enter(Host, sizeof Host, E::Copyin, C::Structured, false, M, &D), FERRY_SUCCESS);
  ASSERT_EQ(T.enter(Host, sizeof Host, E::Copyin, C::Dynamic, false, M, &D), FERRY_SUCCESS);
  testing::internal::CaptureStderr();
  EXPECT_EQ(T.unmap(Host, M), FERRY_ERROR_INVALID);
  const std::string Err = testing::internal::GetCapturedStderr();
  char Line[200];
  std::snprintf(Line, sizeof Line,
                "ferry: error: acc_unmap_data: host data at %p on fake device 0 has a structured "
                "reference count of 2 (a data or compute construct uses it); nothing unmapped\n",
                static_cast<void *>(Host));
  EXPECT_EQ(Err, Line);
  ASSERT_TRUE(T.find(Host)) << "still mapped";
  EXPECT_EQ(T.find(Host)->Structured, 2u);
  EXPECT_EQ(T.find(Host)->Dynamic, 2u);
  EXPECT_EQ(T.find(Host)->Dev, reinterpret_cast<char *>(DeviceBuf));
  ASSERT_EQ(T.exit(Host, sizeof Host, X::Delete, C::Structured, false, M), FERRY_SUCCESS);
  ASSERT_EQ(T.exit(Host, sizeof Host, X::Delete, C::Structured, false, M), FERRY_SUCCESS);
  EXPECT_EQ(T.unmap(Host, M), FERRY_SUCCESS) << "the dynamic references go with the mapping";
  EXPECT_EQ(T.size(), 0u);
  EXPECT_EQ(M.Releases, 0);
}

// acc_map_data's refusals name the argument of
// acc_map_data(data_arg, data_dev, bytes) that is wrong, as its other
// messages do (before: "the device address is NULL", "the size is 0").
TEST(PresentTable, MapDataNamesTheWrongArgument) {
  PresentTable T;
  FakeDeviceMemory M;
  char A[16], Dev[16];
  testing::internal::CaptureStderr();
  EXPECT_EQ(T.map(nullptr, Dev, sizeof A, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.map(A, nullptr, sizeof A, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.map(A, Dev, 0, M), FERRY_ERROR_INVALID);
  EXPECT_EQ(T.map(A, Dev, SIZE_MAX, M), FERRY_ERROR_INVALID);
  const std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(T.size(), 0u);
  char Wraps[160];
  std::snprintf(Wraps, sizeof Wraps,
                "ferry: error: acc_map_data: data_arg (%p) plus bytes (%zu) lies past the end of "
                "the address space; nothing mapped\n",
                static_cast<void *>(A), SIZE_MAX);
  EXPECT_EQ(Err, std::string("ferry: error: acc_map_data: data_arg is a null pointer; nothing "
                             "mapped\n"
                             "ferry: error: acc_map_data: data_dev is a null pointer; nothing "
                             "mapped\n"
                             "ferry: error: acc_map_data: bytes is 0; nothing mapped\n") +
                     Wraps);
}

} // namespace

// acc_attach / acc_detach: the device copy of a pointer inside present data
// points to the device copy of its target while attached; counters nest,
// and the last detach (or a finalize) writes the host value back.
TEST(PresentTable, AttachCountsAndDetachRestoresTheHostPointer) {
  PresentTable T;
  FakeDeviceMemory M;
  double Data[16] = {0}, Other[4] = {0};
  struct Holder {
    int N;
    double *P;
  } H = {16, Data};
  void *DevH, *DevData;
  ASSERT_EQ(T.enter(&H, sizeof H, E::Copyin, C::Dynamic, false, M, &DevH), FERRY_SUCCESS);
  ASSERT_EQ(T.enter(Data, sizeof Data, E::Copyin, C::Dynamic, false, M, &DevData),
            FERRY_SUCCESS);
  auto DevicePointer = [&] {
    double *P;
    std::memcpy(&P, static_cast<char *>(DevH) + offsetof(Holder, P), sizeof P);
    return P;
  };
  void **Slot = reinterpret_cast<void **>(&H.P);
  PresentTable::Attach R;
  ASSERT_EQ(T.attach(Slot, M, R), FERRY_SUCCESS);
  EXPECT_EQ(R, PresentTable::Attach::Done);
  EXPECT_EQ(DevicePointer(), DevData);
  ASSERT_EQ(T.attach(Slot, M, R), FERRY_SUCCESS);
  EXPECT_EQ(T.find(&H)->Attached.at(reinterpret_cast<uintptr_t>(Slot)), 2u);
  ASSERT_EQ(T.detach(Slot, false, M, R), FERRY_SUCCESS);
  EXPECT_EQ(DevicePointer(), DevData); // one attachment left
  ASSERT_EQ(T.detach(Slot, false, M, R), FERRY_SUCCESS);
  EXPECT_EQ(DevicePointer(), Data);
  ASSERT_EQ(T.detach(Slot, false, M, R), FERRY_SUCCESS);
  EXPECT_EQ(R, PresentTable::Attach::NotAttached);

  // Finalize drops every attachment at once.
  ASSERT_EQ(T.attach(Slot, M, R), FERRY_SUCCESS);
  ASSERT_EQ(T.attach(Slot, M, R), FERRY_SUCCESS);
  ASSERT_EQ(T.detach(Slot, true, M, R), FERRY_SUCCESS);
  EXPECT_EQ(DevicePointer(), Data);
  EXPECT_TRUE(T.find(&H)->Attached.empty());

  // A target that is not present is refused and not counted; a pointer that
  // is not present itself is no action.
  H.P = Other;
  ASSERT_EQ(T.attach(Slot, M, R), FERRY_SUCCESS);
  EXPECT_EQ(R, PresentTable::Attach::TargetAbsent);
  EXPECT_TRUE(T.find(&H)->Attached.empty());
  double *Loose = Data;
  ASSERT_EQ(T.attach(reinterpret_cast<void **>(&Loose), M, R), FERRY_SUCCESS);
  EXPECT_EQ(R, PresentTable::Attach::PointerAbsent);
  ASSERT_EQ(T.detach(reinterpret_cast<void **>(&Loose), false, M, R), FERRY_SUCCESS);
  EXPECT_EQ(R, PresentTable::Attach::PointerAbsent);

  // A null pointer attaches as null.
  H.P = nullptr;
  ASSERT_EQ(T.attach(Slot, M, R), FERRY_SUCCESS);
  EXPECT_EQ(R, PresentTable::Attach::Done);
  EXPECT_EQ(DevicePointer(), nullptr);
}

// An update of a struct whose pointer member is attached moves the other
// members both ways and leaves the pointer as each side has it: the device
// copy keeps pointing to device data, the host copy to host data.
TEST(PresentTable, UpdatesLeaveAttachedPointersAlone) {
  PresentTable T;
  FakeDeviceMemory M;
  double Data[4] = {0};
  struct Holder {
    int N;
    double *P;
    double Scale;
  } H = {4, Data, 1.5};
  void *DevH, *DevData;
  ASSERT_EQ(T.enter(&H, sizeof H, E::Copyin, C::Dynamic, false, M, &DevH), FERRY_SUCCESS);
  ASSERT_EQ(T.enter(Data, sizeof Data, E::Copyin, C::Dynamic, false, M, &DevData),
            FERRY_SUCCESS);
  PresentTable::Attach R;
  ASSERT_EQ(T.attach(reinterpret_cast<void **>(&H.P), M, R), FERRY_SUCCESS);
  Holder Dev;
  auto ReadDevice = [&] { std::memcpy(&Dev, DevH, sizeof Dev); };

  H.N = 7;
  H.Scale = 2.5;
  ASSERT_EQ(T.update(&H, sizeof H, /*ToDevice=*/true, M), FERRY_SUCCESS);
  ReadDevice();
  EXPECT_EQ(Dev.N, 7);
  EXPECT_EQ(Dev.Scale, 2.5);
  EXPECT_EQ(Dev.P, DevData) << "update device overwrote the attached pointer";

  Dev.N = 9;
  Dev.Scale = 4.5;
  std::memcpy(DevH, &Dev, sizeof Dev);
  ASSERT_EQ(T.update(&H, sizeof H, /*ToDevice=*/false, M), FERRY_SUCCESS);
  EXPECT_EQ(H.N, 9);
  EXPECT_EQ(H.Scale, 4.5);
  EXPECT_EQ(H.P, Data) << "update self brought the device pointer to the host";

  // After the detach, an update moves the pointer like any other bytes.
  ASSERT_EQ(T.detach(reinterpret_cast<void **>(&H.P), false, M, R), FERRY_SUCCESS);
  H.P = nullptr;
  ASSERT_EQ(T.update(&H, sizeof H, /*ToDevice=*/true, M), FERRY_SUCCESS);
  ReadDevice();
  EXPECT_EQ(Dev.P, nullptr);
}

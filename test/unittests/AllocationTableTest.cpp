//===- AllocationTableTest.cpp - What acc_free may free -------------------===//
///
/// \file
/// acc_free takes only blocks that acc_malloc returned, and each once: a
/// host pointer, a pointer into a block and a second free are refused with
/// what they are.
///
//===----------------------------------------------------------------------===//
#include "core/AllocationTable.h"

#include "openacc.h"

#include <gtest/gtest.h>

#include <cstdint>

using namespace ferry;

namespace {

TEST(AllocationTable, FreesOnlyWholeBlocksOnce) {
  AllocationTable T;
  alignas(16) static char Block[64], Other[8];
  T.add(Block, sizeof Block);
  EXPECT_EQ(T.size(), 1u);
  EXPECT_EQ(T.remove(Other), "was not allocated by acc_malloc");
  EXPECT_NE(T.remove(Block + 16).find("points 16 bytes into the block at"), std::string::npos);
  EXPECT_NE(T.remove(Block + 63).find("points 63 bytes into"), std::string::npos);
  EXPECT_EQ(T.remove(Block + 64), "was not allocated by acc_malloc");
  EXPECT_EQ(T.remove(Block), "");
  EXPECT_EQ(T.size(), 0u);
  EXPECT_EQ(T.remove(Block), "was freed already (a block of 64 bytes from acc_malloc)");
  // The address comes back from a later acc_malloc: it may be freed again.
  T.add(Block, 32);
  EXPECT_EQ(T.remove(Block), "");
}

TEST(AllocationTable, HoldsAddressesInsideItsBlocks) {
  AllocationTable T;
  alignas(16) static char Block[64], Other[8];
  T.add(Block, sizeof Block);
  EXPECT_TRUE(T.holds(Block));
  EXPECT_TRUE(T.holds(Block + 63));
  EXPECT_FALSE(T.holds(Block + 64));
  EXPECT_FALSE(T.holds(Other));
  T.remove(Block);
  EXPECT_FALSE(T.holds(Block));
}

TEST(AllocationTable, RangesRunningPastTheirBlock) {
  AllocationTable T;
  alignas(16) static char Block[64], Other[8];
  T.add(Block, sizeof Block);
  EXPECT_EQ(T.overrun(Block, 64), "");
  EXPECT_EQ(T.overrun(Block + 32, 32), "");
  EXPECT_EQ(T.overrun(Other, 1 << 20), ""); // not in a block: not the table's to judge
  EXPECT_EQ(T.overrun(Block, 4096).find("run 4032 bytes past the end of the 64-byte block at "),
            0u);
  EXPECT_EQ(T.overrun(Block + 63, 2).find("run 1 bytes past"), 0u);
  EXPECT_NE(T.overrun(Block, SIZE_MAX / 2), "");
}

TEST(AllocationTable, RemembersABoundedNumberOfFreedBlocks) {
  AllocationTable T;
  static char Blocks[AllocationTable::FreedKept + 1];
  for (char &B : Blocks) {
    T.add(&B, 1);
    ASSERT_EQ(T.remove(&B), "");
  }
  EXPECT_EQ(T.remove(&Blocks[0]), "was not allocated by acc_malloc"); // forgotten
  EXPECT_EQ(T.remove(&Blocks[1]), "was freed already (a block of 1 bytes from acc_malloc)");
}

// Through the API on the host backend: acc_malloc of more than can exist is
// NULL, and acc_free of what acc_malloc did not return changes nothing (the
// host's free() would have aborted).
TEST(AllocationTable, HostAccMallocAndAccFree) {
  acc_set_device_type(acc_device_host);
  EXPECT_EQ(acc_malloc(SIZE_MAX), nullptr);
  char *D = static_cast<char *>(acc_malloc(64));
  ASSERT_NE(D, nullptr);
  char Local[8];
  acc_free(Local);
  acc_free(D + 8);
  acc_free(D);
  acc_free(D);
  acc_free(nullptr);
}

} // namespace

//===- DiskCacheTest.cpp - The runtime's files in the cache directory -----===//
#include "core/DiskCache.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace ferry;

namespace {

std::string temporaryPath(const char *Name) {
  return ::testing::TempDir() + "/ferry-disk-cache-" + std::to_string(::getpid()) + "-" + Name;
}

} // namespace

TEST(DiskCache, Fnv1aIsTheStandardDigest) {
  // FNV-1a 64 of the empty input and of "a" (the published test vectors).
  EXPECT_EQ(Fnv1a().hex(), "cbf29ce484222325");
  Fnv1a A;
  A.add("a", 1);
  EXPECT_EQ(A.hex(), "af63dc4c8601ec8c");
}

TEST(DiskCache, Fnv1aKeepsTextsApart) {
  Fnv1a AB, A;
  AB.add(std::string("ab"));
  AB.add(std::string("c"));
  A.add(std::string("a"));
  A.add(std::string("bc"));
  EXPECT_NE(AB.hex(), A.hex());
}

TEST(DiskCache, FilesAreWrittenWholeAndReadBack) {
  const std::string Path = temporaryPath("roundtrip");
  const std::vector<char> Bytes = {'f', 'e', 'r', 'r', 'y', '\0', '\x7f'};
  writeCacheFile(Path, Bytes);
  std::vector<char> Back;
  ASSERT_TRUE(readCacheFile(Path, Back));
  EXPECT_EQ(Back, Bytes);
  // No temporary file is left beside it.
  EXPECT_NE(::access((Path + ".tmp" + std::to_string(::getpid())).c_str(), F_OK), 0);
  std::remove(Path.c_str());
  EXPECT_FALSE(readCacheFile(Path, Back));
}

TEST(DiskCache, AWriteIntoAMissingDirectoryLeavesNothing) {
  const std::string Path = temporaryPath("no-such-directory") + "/entry";
  writeCacheFile(Path, {'x'});
  std::vector<char> Back;
  EXPECT_FALSE(readCacheFile(Path, Back));
}

TEST(DiskCache, FileIdentityChangesWithTheModificationTime) {
  const std::string Path = temporaryPath("identity");
  writeCacheFile(Path, {'1', '2', '3'});
  const std::string Before = fileIdentity(Path);
  ASSERT_EQ(Before.substr(0, 2), "3:");
  const struct timespec Times[2] = {{1000000000, 0}, {1000000000, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, Path.c_str(), Times, 0), 0);
  EXPECT_NE(fileIdentity(Path), Before);
  EXPECT_EQ(fileIdentity(Path), "3:1000000000000000000");
  std::remove(Path.c_str());
  EXPECT_EQ(fileIdentity(Path), "");
}

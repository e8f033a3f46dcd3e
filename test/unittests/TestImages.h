//===- TestImages.h - Images Ferry compiled for the unit tests --*- C++ -*-===//
///
/// \file
/// The code objects, objects and PTX that test/unittests/CMakeLists.txt has
/// ferry-translate produce in FERRY_TEST_IMAGES at build time.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_TEST_UNITTESTS_TESTIMAGES_H
#define FERRY_TEST_UNITTESTS_TESTIMAGES_H

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

/// The bytes of test image \p Name (a test failure if it is missing).
inline std::string readTestImage(const std::string &Name) {
  std::ifstream In(std::string(FERRY_TEST_IMAGES) + "/" + Name, std::ios::binary);
  EXPECT_TRUE(In.good()) << "missing test image " << Name;
  return std::string((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
}

#endif

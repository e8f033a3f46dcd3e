//===- EnvTest.cpp - Parsing of the runtime's environment variables -------===//
#include "core/Env.h"

#include <gtest/gtest.h>

using namespace ferry;

TEST(Env, DeviceKindNamesAreCaseInsensitive) {
  EXPECT_EQ(parseDeviceKind("host"), DeviceKind::Host);
  EXPECT_EQ(parseDeviceKind("NVIDIA"), DeviceKind::Nvidia);
  EXPECT_EQ(parseDeviceKind("Radeon"), DeviceKind::Radeon);
  EXPECT_EQ(parseDeviceKind("amd"), DeviceKind::Radeon);
}

TEST(Env, UnknownDeviceKindsAreRejected) {
  EXPECT_EQ(parseDeviceKind(""), std::nullopt);
  EXPECT_EQ(parseDeviceKind("gpu"), std::nullopt);
  EXPECT_EQ(parseDeviceKind("hostx"), std::nullopt);
}

TEST(Env, UnsignedNumbers) {
  EXPECT_EQ(parseUnsigned("0"), 0u);
  EXPECT_EQ(parseUnsigned("17"), 17u);
  EXPECT_EQ(parseUnsigned(""), std::nullopt);
  EXPECT_EQ(parseUnsigned("-1"), std::nullopt);
  EXPECT_EQ(parseUnsigned("3x"), std::nullopt);
  EXPECT_EQ(parseUnsigned("12345678901"), std::nullopt);
}

TEST(Env, Flags) {
  setenv("FERRY_TEST_FLAG", "1", 1);
  EXPECT_TRUE(envFlag("FERRY_TEST_FLAG"));
  setenv("FERRY_TEST_FLAG", "off", 1);
  EXPECT_FALSE(envFlag("FERRY_TEST_FLAG"));
  unsetenv("FERRY_TEST_FLAG");
  EXPECT_FALSE(envFlag("FERRY_TEST_FLAG"));
}

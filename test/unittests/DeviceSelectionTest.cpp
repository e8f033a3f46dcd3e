//===- DeviceSelectionTest.cpp - Which device kind regions run on ---------===//
#include "core/Runtime.h"

#include <gtest/gtest.h>

using namespace ferry;

namespace {
struct Counts {
  int Radeon = 0, Nvidia = 0;
};
int available(DeviceKind K, void *C) {
  auto *Cnt = static_cast<Counts *>(C);
  switch (K) {
  case DeviceKind::Radeon:
    return Cnt->Radeon;
  case DeviceKind::Nvidia:
    return Cnt->Nvidia;
  case DeviceKind::Host:
    return 1;
  }
  return 0;
}
} // namespace

TEST(DeviceSelection, DefaultOrderIsAmdThenNvidiaThenHost) {
  Counts C;
  EXPECT_EQ(selectDeviceKind(std::nullopt, available, &C), DeviceKind::Host);
  C.Nvidia = 1;
  EXPECT_EQ(selectDeviceKind(std::nullopt, available, &C), DeviceKind::Nvidia);
  C.Radeon = 2;
  EXPECT_EQ(selectDeviceKind(std::nullopt, available, &C), DeviceKind::Radeon);
}

TEST(DeviceSelection, RequestWithoutDeviceIsRefusedNotRedirected) {
  Counts C;
  C.Nvidia = 1;
  EXPECT_EQ(selectDeviceKind(DeviceKind::Radeon, available, &C), std::nullopt);
  EXPECT_EQ(selectDeviceKind(DeviceKind::Nvidia, available, &C),
            DeviceKind::Nvidia);
  EXPECT_EQ(selectDeviceKind(DeviceKind::Host, available, &C), DeviceKind::Host);
}

TEST(DeviceSelection, NoGpuOnThisMachineMeansHost) {
  // The real backends: without /dev/kfd or libcuda.so.1 there is no GPU.
  Runtime &R = Runtime::get();
  if (R.numDevices(DeviceKind::Radeon) || R.numDevices(DeviceKind::Nvidia))
    GTEST_SKIP() << "a GPU is present";
  EXPECT_EQ(R.numDevices(DeviceKind::Host), 1);
  EXPECT_EQ(R.selectedKind(), DeviceKind::Host);
  EXPECT_NE(R.backendFor(DeviceKind::Radeon).status(), "ok");
}

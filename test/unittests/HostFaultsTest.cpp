//===- HostFaultsTest.cpp - Host accesses to device memory, named ---------===//
///
/// \file
/// A backend whose device memory the host cannot address (here: pages
/// mapped without access, as a GPU's memory is to the host) arms the fault
/// report; a host read or write of one of its blocks then dies with a
/// message naming the device, the block, the offset and the access, while a
/// fault elsewhere dies as before with nothing from Ferry, and
/// FERRY_HOST_FAULTS=0 leaves the signals alone. Death tests: each case runs
/// in a child process.
///
//===----------------------------------------------------------------------===//
#include "core/HostFaults.h"
#include "core/Backend.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sys/mman.h>

using namespace ferry;

namespace {

/// One NVIDIA-like device whose blocks are inaccessible pages.
class UnaddressableBackend final : public Backend {
public:
  const char *name() const override { return "test"; }
  DeviceKind kind() const override { return DeviceKind::Nvidia; }
  Error allocate(int Device, size_t Bytes, void **Out) override {
    void *P = mmap(nullptr, Bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P == MAP_FAILED)
      return makeError(FERRY_ERROR_BACKEND, "mmap of %zu bytes failed", Bytes);
    *Out = P;
    countAllocation(Device, P, Bytes);
    armHostFaultReport(*this);
    return Error::success();
  }

protected:
  void discover() override {
    NumDevices = 2;
    Status = "ok";
  }
};

char *deviceBlock(int Device, size_t Bytes) {
  static UnaddressableBackend B;
  void *P = nullptr;
  if (B.allocate(Device, Bytes, &P))
    std::abort();
  return static_cast<char *>(P);
}

TEST(HostFaultsDeathTest, ReadOfDeviceMemoryIsNamed) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        volatile char *P = deviceBlock(1, 8192);
        (void)P[100];
      },
      "ferry: error: host code read device memory at 0x[0-9a-f]+, 100 bytes into a 8192-byte "
      "block of nvidia device 1, in ferry-runtime-tests\\+0x[0-9a-f]+.*: the host cannot address "
      "this GPU's "
      "memory.*MPI library: built with CUDA or ROCm support");
}

TEST(HostFaultsDeathTest, WriteOfDeviceMemoryIsNamed) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        volatile char *P = deviceBlock(0, 4096);
        P[4095] = 1;
      },
      "host code wrote to device memory at 0x[0-9a-f]+, 4095 bytes into a 4096-byte block of "
      "nvidia device 0");
}

TEST(HostFaultsDeathTest, OtherFaultsAreNotFerrys) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // The report armed, then a fault outside every block: the default action,
  // no message.
  EXPECT_EXIT(
      {
        (void)deviceBlock(0, 4096);
        volatile char *P =
            static_cast<char *>(mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        (void)P[0];
      },
      testing::KilledBySignal(SIGSEGV), "^$");
}

TEST(HostFaultsDeathTest, ThePreviousHandlerStillRuns) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        struct sigaction Action = {};
        Action.sa_handler = [](int) {
          static const char Text[] = "the program's own handler\n";
          (void)!write(2, Text, sizeof Text - 1);
          _exit(7);
        };
        sigaction(SIGSEGV, &Action, nullptr);
        volatile char *P = deviceBlock(0, 4096);
        (void)P[8];
      },
      testing::ExitedWithCode(7), "8 bytes into a 4096-byte block(.|\n)*the program's own handler");
}

TEST(HostFaultsDeathTest, FerryHostFaultsZeroLeavesSignalsAlone) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("FERRY_HOST_FAULTS", "0", 1);
        volatile char *P = deviceBlock(0, 4096);
        (void)P[8];
      },
      testing::KilledBySignal(SIGSEGV), "^$");
}

} // namespace

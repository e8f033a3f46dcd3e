//===- NoDeviceBackendTest.cpp - GPU backends without a GPU ---------------===//
///
/// \file
/// On a machine without the GPU (or without the vendor library) each GPU
/// backend reports why in status(), has no device, and refuses every device
/// operation with an error instead of crashing, and prints nothing. Skipped
/// where the GPU exists.
///
//===----------------------------------------------------------------------===//
#include "cuda/CudaBackend.h"
#include "hsa/HsaBackend.h"

#include <gtest/gtest.h>

using namespace ferry;

namespace {

/// Every operation is refused with an error whose message contains \p Why,
/// and nothing is printed.
void expectRefusesEverything(Backend &B, const std::string &Why) {
  testing::internal::CaptureStderr();
  void *P = nullptr;
  Error Allocate = B.allocate(0, 16, &P);
  EXPECT_EQ(Allocate.status(), FERRY_ERROR_BACKEND);
  EXPECT_NE(Allocate.message().find(Why), std::string::npos) << Allocate.message();
  EXPECT_EQ(B.release(0, P).status(), FERRY_ERROR_BACKEND);
  char Host[16] = {0};
  EXPECT_EQ(B.copyToDevice(0, P, Host, 16, -1).status(), FERRY_ERROR_BACKEND);
  EXPECT_EQ(B.copyFromDevice(0, Host, P, 16, -1).status(), FERRY_ERROR_BACKEND);
  EXPECT_EQ(B.wait(0, 0, true).status(), FERRY_ERROR_BACKEND);
  Backend::Properties Props;
  EXPECT_EQ(B.properties(0, Props).status(), FERRY_ERROR_BACKEND);
  std::unique_ptr<DeviceModule> Module;
  EXPECT_NE(B.loadModule(0, {{"object", Host, sizeof Host}}, Module).status(), FERRY_SUCCESS);
  EXPECT_EQ(Module, nullptr);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(NoDeviceBackend, Hsa) {
  std::unique_ptr<Backend> B = createHsaBackend();
  if (B->numDevices() > 0)
    GTEST_SKIP() << "an AMD GPU is present";
  EXPECT_NE(B->status(), "ok");
  EXPECT_TRUE(B->status().rfind("no AMD GPU", 0) == 0 ||
              B->status().rfind("ROCR not available", 0) == 0)
      << B->status();
  expectRefusesEverything(*B, "radeon device 0 does not exist (0 device(s))");
}

TEST(NoDeviceBackend, Cuda) {
  std::unique_ptr<Backend> B = createCudaBackend();
  if (B->numDevices() > 0)
    GTEST_SKIP() << "an NVIDIA GPU is present";
  EXPECT_NE(B->status(), "ok");
  expectRefusesEverything(*B, "nvidia device 0 does not exist (0 device(s))");
}

} // namespace

//===- NoDeviceBackendTest.cpp - GPU backends without a GPU ---------------===//
///
/// \file
/// On a machine without the GPU (or without the vendor library) each GPU
/// backend reports why in status(), has no device, and refuses every device
/// operation with an error instead of crashing. Skipped where the GPU exists.
///
//===----------------------------------------------------------------------===//
#include "cuda/CudaBackend.h"
#include "hsa/HsaBackend.h"

#include <gtest/gtest.h>

using namespace ferry;

namespace {

void expectRefusesEverything(Backend &B) {
  void *P = nullptr;
  EXPECT_EQ(B.allocate(0, 16, &P), FERRY_ERROR_BACKEND);
  EXPECT_EQ(B.release(0, P), FERRY_ERROR_BACKEND);
  char Host[16] = {0};
  EXPECT_EQ(B.copyToDevice(0, P, Host, 16, -1), FERRY_ERROR_BACKEND);
  EXPECT_EQ(B.copyFromDevice(0, Host, P, 16, -1), FERRY_ERROR_BACKEND);
  EXPECT_EQ(B.wait(0, 0, true), FERRY_ERROR_BACKEND);
  Backend::Properties Props;
  EXPECT_EQ(B.properties(0, Props), FERRY_ERROR_BACKEND);
  std::unique_ptr<DeviceModule> Module;
  EXPECT_NE(B.loadModule(0, {{"object", Host, sizeof Host}}, Module).status(), FERRY_SUCCESS);
  EXPECT_EQ(Module, nullptr);
}

TEST(NoDeviceBackend, Hsa) {
  std::unique_ptr<Backend> B = createHsaBackend();
  if (B->numDevices() > 0)
    GTEST_SKIP() << "an AMD GPU is present";
  EXPECT_NE(B->status(), "ok");
  EXPECT_TRUE(B->status().rfind("no AMD GPU", 0) == 0 ||
              B->status().rfind("ROCR not available", 0) == 0)
      << B->status();
  testing::internal::CaptureStderr();
  expectRefusesEverything(*B);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("radeon device 0 does not exist (0 device(s))"), std::string::npos) << Err;
}

TEST(NoDeviceBackend, Cuda) {
  std::unique_ptr<Backend> B = createCudaBackend();
  if (B->numDevices() > 0)
    GTEST_SKIP() << "an NVIDIA GPU is present";
  EXPECT_NE(B->status(), "ok");
  testing::internal::CaptureStderr();
  expectRefusesEverything(*B);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("nvidia device 0 does not exist (0 device(s))"), std::string::npos) << Err;
}

} // namespace

//===- CApiErrorsTest.cpp - Errors of the C API are values ----------------===//
///
/// \file
/// Every failure of the porting-facing C API (ferry_module_*, ferry_launch,
/// ferry_image_*, ferry_get_*_info) returns a status and leaves a message
/// naming the routine and what is wrong in ferry_last_error(), and prints
/// nothing. Run on the fake ROCR's AMD device (ferry-hsa-tests), so that the
/// failures come from deep in the HSA backend as well as from the API layer.
///
//===----------------------------------------------------------------------===//
#include "ferry/runtime.h"
#include "openacc.h"

#include "TestImages.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <memory>
#include <string>
#include <thread>

namespace {

class CApiErrors : public testing::Test {
protected:
  void SetUp() override {
    acc_set_device_type(acc_device_radeon);
    ASSERT_EQ(acc_get_num_devices(acc_device_radeon), 1)
        << "FERRY_HSA_LIB must name the fake ROCR";
    ferry_clear_error();
    testing::internal::CaptureStderr();
  }
  void TearDown() override {
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "") << "the C API printed";
    acc_set_device_type(acc_device_host);
  }

  /// \p Got is \p Want and ferry_last_error() contains \p Text.
  static void expectFailure(ferry_status Got, ferry_status Want, const std::string &Text) {
    EXPECT_EQ(Got, Want) << ferry_last_error();
    EXPECT_NE(std::string(ferry_last_error()).find(Text), std::string::npos)
        << ferry_last_error();
  }

  /// Loads test image \p Name; the module is unloaded at the end of the test.
  ferry_module load(const char *Name) {
    Code = readTestImage(Name);
    ferry_image_desc Image = {"object", Code.data(), Code.size()};
    ferry_module M = nullptr;
    EXPECT_EQ(ferry_module_load(&Image, 1, &M), FERRY_SUCCESS) << ferry_last_error();
    Loaded.reset(M);
    return M;
  }

  struct Unload {
    void operator()(ferry_module M) const { EXPECT_EQ(ferry_module_unload(M), FERRY_SUCCESS); }
  };
  std::string Code;
  std::unique_ptr<ferry_module_s, Unload> Loaded;
};

TEST_F(CApiErrors, LoadOfGarbageBytes) {
  const char Garbage[] = "these bytes are no device image";
  ferry_image_desc Image = {"object", Garbage, sizeof Garbage};
  ferry_module M = nullptr;
  expectFailure(ferry_module_load(&Image, 1, &M), FERRY_ERROR_INVALID,
                "ferry_module_load: cannot load on radeon device 0: the code object is "
                "unusable: not a device image");
  EXPECT_EQ(M, nullptr);
}

TEST_F(CApiErrors, LoadOfAnEmptyImageList) {
  ferry_module M = nullptr;
  ferry_image_desc Image = {"object", "", 0};
  expectFailure(ferry_module_load(&Image, 0, &M), FERRY_ERROR_INVALID,
                "ferry_module_load: no images (count is 0)");
  expectFailure(ferry_module_load(nullptr, 1, &M), FERRY_ERROR_INVALID,
                "ferry_module_load: images is NULL");
  ferry_image_desc NoData = {"object", nullptr, 16};
  expectFailure(ferry_module_load(&NoData, 1, &M), FERRY_ERROR_INVALID,
                "ferry_module_load: images[0] has a NULL data");
}

TEST_F(CApiErrors, LoadOfAnImageOfAnotherKind) {
  ferry_image_desc Ptx = {"ptx", ".version 8.0", 12};
  ferry_module M = nullptr;
  // Each backend takes the images of a list it can use; with none, the
  // message names what the list holds and what the device loads.
  expectFailure(ferry_module_load(&Ptx, 1, &M), FERRY_ERROR_INVALID,
                "ferry_module_load: none of the 1 images (ptx) is for radeon device 0: AMD GPUs "
                "load code objects of their target");
}

TEST_F(CApiErrors, LoadOfACodeObjectWithCorruptKernelMetadata) {
  std::string Bytes = readTestImage("symbols.cov4.hsaco");
  size_t At = Bytes.find(std::string("AMDGPU\0\0", 8));
  ASSERT_NE(At, std::string::npos);
  Bytes[At + 8] = char(0xC1); // never used by MessagePack
  ferry_image_desc Image = {"object", Bytes.data(), Bytes.size()};
  ferry_module M = nullptr;
  expectFailure(ferry_module_load(&Image, 1, &M), FERRY_ERROR_INVALID,
                "ferry_module_load: cannot load on radeon device 0: the code object is "
                "unusable: malformed AMDGPU metadata");
}

TEST_F(CApiErrors, LoadForAnotherDevice) {
  std::string Bytes = readTestImage("symbols.cov5.hsaco"); // gfx1100
  ferry_image_desc Image = {"object", Bytes.data(), Bytes.size()};
  ferry_module M = nullptr;
  expectFailure(ferry_module_load(&Image, 1, &M), FERRY_ERROR_INVALID,
                "the image is for gfx1100 but the device is gfx90a:sramecc+:xnack-");
}

TEST_F(CApiErrors, KernelNotInTheModule) {
  ferry_module M = load("geometry.cov5.hsaco");
  ASSERT_NE(M, nullptr);
  ferry_kernel K = nullptr;
  expectFailure(ferry_module_get_kernel(M, "nope", &K), FERRY_ERROR_INVALID,
                "ferry_module_get_kernel: no kernel 'nope' in the code object loaded on "
                "radeon device 0");
  EXPECT_EQ(K, nullptr);
}

TEST_F(CApiErrors, UnknownSymbol) {
  ferry_module M = load("symbols.cov4.hsaco");
  ASSERT_NE(M, nullptr);
  uint64_t Address = 0, Size = 0;
  expectFailure(ferry_module_symbol(M, "missing", &Address, &Size), FERRY_ERROR_INVALID,
                "ferry_module_symbol: no symbol 'missing' in the code object loaded on "
                "radeon device 0");
  expectFailure(ferry_module_symbol(M, nullptr, &Address, &Size), FERRY_ERROR_INVALID,
                "ferry_module_symbol: name is NULL");
}

TEST_F(CApiErrors, LaunchOfNoKernelOrAnEmptyGrid) {
  const uint32_t One[3] = {1, 1, 1}, Zero[3] = {4, 0, 1};
  expectFailure(ferry_launch(nullptr, One, One, 0, nullptr, acc_async_sync),
                FERRY_ERROR_INVALID, "ferry_launch: kernel is NULL");
  ferry_module M = load("geometry.cov5.hsaco");
  ASSERT_NE(M, nullptr);
  ferry_kernel K = nullptr;
  ASSERT_EQ(ferry_module_get_kernel(M, "geometry", &K), FERRY_SUCCESS);
  float *Out = nullptr;
  int64_t N = 1;
  float S = 1;
  void *Args[] = {&Out, &N, &S};
  expectFailure(ferry_launch(K, Zero, One, 0, Args, acc_async_sync), FERRY_ERROR_INVALID,
                "ferry_launch: kernel 'geometry': grid (4, 0, 1) has a zero dimension");
  expectFailure(ferry_launch(K, One, Zero, 0, Args, acc_async_sync), FERRY_ERROR_INVALID,
                "ferry_launch: kernel 'geometry': block (4, 0, 1) has a zero dimension");
  expectFailure(ferry_launch(K, One, One, 0, Args, -7), FERRY_ERROR_INVALID,
                "ferry_launch: async -7 is not an async queue");
}

// A kernel that faults in a synchronous launch: the backend's message, not
// printed where ROCR reported it, is the launch's.
TEST_F(CApiErrors, FaultOfASynchronousLaunch) {
  void *Fake = dlopen(std::getenv("FERRY_HSA_LIB"), RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(Fake, nullptr);
  auto FaultNext = reinterpret_cast<void (*)()>(dlsym(Fake, "fake_hsa_fault_next"));
  ASSERT_NE(FaultNext, nullptr);
  ferry_module M = load("geometry.cov4.hsaco");
  ASSERT_NE(M, nullptr);
  ferry_kernel K = nullptr;
  ASSERT_EQ(ferry_module_get_kernel(M, "geometry", &K), FERRY_SUCCESS);
  float *Out = nullptr;
  int64_t N = 1;
  float S = 1;
  void *Args[] = {&Out, &N, &S};
  const uint32_t One[3] = {1, 1, 1};
  FaultNext();
  expectFailure(ferry_launch(K, One, One, 0, Args, acc_async_sync), FERRY_ERROR_BACKEND,
                "ferry_launch: kernel 'geometry' faulted on radeon device 0 (gfx-fake)");
  // A faulted HSA queue stays so: the next test gets a new one.
  acc_shutdown_device(0, acc_device_radeon);
}

TEST_F(CApiErrors, InfoPastTheEnd) {
  ferry_backend_info Backend;
  const size_t Backends = ferry_backend_count();
  expectFailure(ferry_get_backend_info(Backends, &Backend), FERRY_ERROR_INVALID,
                "ferry_get_backend_info: backend " + std::to_string(Backends) +
                    " does not exist (" + std::to_string(Backends) + " backends)");
  expectFailure(ferry_get_backend_info(0, nullptr), FERRY_ERROR_INVALID,
                "ferry_get_backend_info: info is NULL");
  const size_t Images = ferry_image_count();
  ferry_image_info Image;
  expectFailure(ferry_get_image_info(Images, &Image), FERRY_ERROR_INVALID,
                "ferry_get_image_info: image " + std::to_string(Images) + " does not exist");
  const ferry_symbol *Symbols = nullptr;
  size_t Count = 0;
  expectFailure(ferry_image_symbols(Images, &Symbols, &Count), FERRY_ERROR_INVALID,
                "ferry_image_symbols: image " + std::to_string(Images) + " does not exist");
}

// The message stays until the thread's next failure or ferry_clear_error, and
// belongs to the thread.
TEST_F(CApiErrors, TheMessageIsPerThreadAndStaysUntilCleared) {
  EXPECT_STREQ(ferry_last_error(), "");
  ferry_backend_info Info;
  EXPECT_EQ(ferry_get_backend_info(ferry_backend_count(), &Info), FERRY_ERROR_INVALID);
  const std::string First = ferry_last_error();
  EXPECT_NE(First, "");
  EXPECT_EQ(ferry_get_backend_info(0, &Info), FERRY_SUCCESS);
  EXPECT_EQ(ferry_last_error(), First) << "a success leaves the message";
  std::string Other = "unset";
  std::thread([&] { Other = ferry_last_error(); }).join();
  EXPECT_EQ(Other, "") << "another thread has its own";
  ferry_clear_error();
  EXPECT_STREQ(ferry_last_error(), "");
}

// The constructor of a Ferry-compiled program cannot look at the status, so
// ferry_register_images prints as well.
TEST(CApiErrorsPrinted, CorruptPackageIsPrintedAndKept) {
  unsigned char Bad[16] = {'n', 'o', 't', 'a', 'p', 'k', 'g'};
  testing::internal::CaptureStderr();
  EXPECT_EQ(ferry_register_images(Bad, sizeof Bad), FERRY_ERROR_INVALID);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "ferry: error: corrupt device image package (16 bytes) at offset 0: not an offload "
            "binary (bad magic)\n");
  EXPECT_STREQ(ferry_last_error(),
               "ferry_register_images: corrupt device image package (16 bytes) at offset 0: not "
               "an offload binary (bad magic)");
}

} // namespace

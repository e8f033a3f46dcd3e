//===- BackendErrorsTest.cpp - Data operations return their failures -----===//
///
/// \file
/// A backend's memory and queue operations return a failure as an Error
/// naming the operation and print nothing; the entry point that called them
/// decides. The OpenACC API prints the failure once, as it did when the
/// backend printed it.
///
//===----------------------------------------------------------------------===//
#include "core/Backend.h"
#include "core/Runtime.h"
#include "openacc.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using namespace ferry;

namespace {

/// What \p Call prints on stderr.
template <typename F> std::string stderrOf(F Call) {
  testing::internal::CaptureStderr();
  Call();
  return testing::internal::GetCapturedStderr();
}

TEST(BackendErrors, AFailedAllocationIsAValueAndPrintsNothing) {
  Backend &B = Runtime::get().backendFor(DeviceKind::Host);
  void *P = &B;
  Error E;
  EXPECT_EQ(stderrOf([&] { E = B.allocate(0, SIZE_MAX, &P); }), "");
  EXPECT_EQ(E.status(), FERRY_ERROR_BACKEND);
  EXPECT_EQ(E.message(), "cannot allocate " + std::to_string(SIZE_MAX) + " bytes of host memory");
  EXPECT_EQ(P, nullptr);
}

TEST(BackendErrors, ACopyPastItsBlockIsAValueAndPrintsNothing) {
  Backend &B = Runtime::get().backendFor(DeviceKind::Host);
  void *Block = nullptr;
  ASSERT_FALSE(B.allocate(0, 64, &Block));
  char Host[64] = {};
  Error To, From, Between;
  EXPECT_EQ(stderrOf([&] {
              To = B.copyToDevice(0, static_cast<char *>(Block) + 32, Host, 64, acc_async_sync);
              From = B.copyFromDevice(0, Host, static_cast<char *>(Block) + 32, 64,
                                      acc_async_sync);
              Between = B.copyDeviceToDevice(0, static_cast<char *>(Block) + 32, 0, Host, 64,
                                             acc_async_sync);
            }),
            "");
  for (const Error *E : {&To, &From, &Between}) {
    EXPECT_EQ(E->status(), FERRY_ERROR_INVALID);
    EXPECT_NE(E->message().find("host device: a copy of 64 bytes at"), std::string::npos)
        << E->message();
    EXPECT_NE(E->message().find("overlaps the 64-byte device block"), std::string::npos)
        << E->message();
  }
  EXPECT_FALSE(B.release(0, Block));
}

TEST(BackendErrors, FailuresAddUpAndAreReportedOneLineEach) {
  Error E;
  E.add(Error::success());
  EXPECT_FALSE(E);
  E.add(Error(FERRY_ERROR_BACKEND, "first"));
  E.add(Error::alreadyReported(FERRY_ERROR_INVALID));
  E.add(Error(FERRY_ERROR_INVALID, "second"));
  EXPECT_EQ(E.status(), FERRY_ERROR_BACKEND);
  ferry_status S = FERRY_SUCCESS;
  EXPECT_EQ(stderrOf([&] { S = report(E); }), "ferry: error: first\nferry: error: second\n");
  EXPECT_EQ(S, FERRY_ERROR_BACKEND);
  EXPECT_EQ(lastReported(), "second");
  EXPECT_EQ(stderrOf([] { report(Error::alreadyReported(FERRY_ERROR_BACKEND)); }), "");
}

TEST(BackendErrors, TheOpenACCApiPrintsTheBackendsFailureOnce) {
  acc_set_device_type(acc_device_host);
  void *P = &P;
  const std::string Bytes = std::to_string(SIZE_MAX);
  EXPECT_EQ(stderrOf([&] { P = acc_malloc(SIZE_MAX); }),
            "ferry: error: cannot allocate " + Bytes + " bytes of host memory\n" +
                "ferry: error: acc_malloc: cannot allocate " + Bytes +
                " bytes (bytes) on host device 0; returning NULL\n");
  EXPECT_EQ(P, nullptr);
}

} // namespace

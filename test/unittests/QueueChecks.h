//===- QueueChecks.h - Queue behaviour every device type shares -*- C++ -*-===//
///
/// \file
/// Checks of the OpenACC queue routines that hold on every device type; the
/// host tests (ferry-runtime-tests) and the ROCR tests (ferry-hsa-tests, on
/// the fake ROCR) run them on their device.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_TEST_QUEUECHECKS_H
#define FERRY_TEST_QUEUECHECKS_H

#include "openacc.h"

#include <gtest/gtest.h>

#include <cstdint>

/// A queue that no work ever used is complete: acc_wait_any returns its
/// index at once, with no message (OpenACC 3.3 acc_wait_any: the index of a
/// completed queue; -1 only when no entry names a queue).
inline void expectNeverUsedQueuesComplete() {
  int Unused[3] = {123, 7, INT32_MAX};
  int AfterSync[3] = {acc_async_sync, 4567, 8};
  testing::internal::CaptureStderr();
  EXPECT_EQ(acc_wait_any(3, Unused), 0);
  EXPECT_EQ(acc_wait_any(3, AfterSync), 1);
  EXPECT_EQ(acc_wait_any_device(3, Unused, 0), 0);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

#endif

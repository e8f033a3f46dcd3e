//===- LaunchRegionTest.cpp - ferry_launch_region on the host backend -----===//
///
/// \file
/// Regions with the region-launch ABI on the host device: synchronous and
/// asynchronous (queues, acc_wait, acc_async_test, acc_wait_async), with
/// reductions, closures copied at submission, launches from several host
/// threads at once, malformed descriptions refused, the default queue of
/// `async` without an argument, acc_wait_any and the _device forms. The
/// asynchronous regions run on the host queues' worker threads
/// (FERRY_HOST_ASYNC=1; the calling thread runs them by default), so that
/// the queues have work pending while the tests look.
///
//===----------------------------------------------------------------------===//
#include "ferry/runtime.h"
#include "openacc.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <chrono>
#include <thread>
#include <vector>

namespace {

const ferry_region Region = {"test region", "LaunchRegionTest.cpp", 20, 1, 0};

struct Axpy {
  float *X, *Y;
  float A;
};

void axpyChunk(const void *C, int64_t Begin, int64_t End, void *) {
  const Axpy &K = *static_cast<const Axpy *>(C);
  for (int64_t I = Begin; I < End; ++I)
    K.Y[I] += K.A * K.X[I];
}

struct Sum {
  const int64_t *V;
};

void sumChunk(const void *C, int64_t Begin, int64_t End, void *Partial) {
  const Sum &K = *static_cast<const Sum *>(C);
  for (int64_t I = Begin; I < End; ++I)
    *static_cast<int64_t *>(Partial) += K.V[I];
}
void sumInit(void *P) { *static_cast<int64_t *>(P) = 0; }
void sumCombine(void *D, const void *S) {
  *static_cast<int64_t *>(D) += *static_cast<const int64_t *>(S);
}
const ferry_reduction SumReduction = {sizeof(int64_t), alignof(int64_t), sumInit, sumCombine};

ferry_launch_desc describe(const void *Closure, size_t Size, int64_t Trip, ferry_host_chunk_fn Fn,
                           int Async) {
  ferry_launch_desc D = {};
  D.region = &Region;
  D.closure = Closure;
  D.closure_size = Size;
  D.trip_count = Trip;
  D.host_fn = Fn;
  D.async = Async;
  return D;
}

class LaunchRegion : public testing::Test {
protected:
  void SetUp() override {
    acc_set_device_type(acc_device_host);
    setenv("FERRY_HOST_ASYNC", "1", 1);
  }
  void TearDown() override { unsetenv("FERRY_HOST_ASYNC"); }
};

// By default the host runs an async region on the calling thread, after
// its queue's earlier work: complete when the launch returns, as GCC's
// host fallback runs it (a program may free its arrays before the wait).
TEST_F(LaunchRegion, AsyncRegionsRunOnTheCallingThreadByDefault) {
  unsetenv("FERRY_HOST_ASYNC");
  std::vector<float> X(4096, 1.0f), Y(4096, 0.0f);
  Axpy K{X.data(), Y.data(), 2.0f};
  ferry_launch_desc D = describe(&K, sizeof K, 4096, axpyChunk, 3);
  ASSERT_EQ(ferry_launch_region(&D), FERRY_SUCCESS);
  for (float F : Y)
    ASSERT_EQ(F, 2.0f);
  EXPECT_TRUE(acc_async_test(3));
}

TEST_F(LaunchRegion, SynchronousRegionWithReduction) {
  std::vector<int64_t> V(100001);
  for (size_t I = 0; I < V.size(); ++I)
    V[I] = int64_t(I);
  Sum K{V.data()};
  int64_t Result = -1;
  ferry_launch_desc D = describe(&K, sizeof K, int64_t(V.size()), sumChunk, acc_async_sync);
  D.reduction = &SumReduction;
  D.result = &Result;
  ASSERT_EQ(ferry_launch_region(&D), FERRY_SUCCESS);
  EXPECT_EQ(Result, 100000LL * 100001 / 2);
}

TEST_F(LaunchRegion, AsyncRegionsRunOnTheirQueueAndTheClosureIsCopied) {
  std::vector<float> X(4096, 1.0f), Y(4096, 0.0f);
  {
    Axpy K{X.data(), Y.data(), 2.0f};
    ferry_launch_desc D = describe(&K, sizeof K, 4096, axpyChunk, 3);
    for (int I = 0; I < 10; ++I)
      ASSERT_EQ(ferry_launch_region(&D), FERRY_SUCCESS);
    K.A = 1000.0f; // the queued launches keep the closure they were given
  }
  acc_wait(3);
  EXPECT_TRUE(acc_async_test(3));
  for (float F : Y)
    ASSERT_EQ(F, 20.0f);
}

TEST_F(LaunchRegion, WaitAsyncChainsQueues) {
  std::vector<float> X(1 << 16, 1.0f), Y(1 << 16, 0.0f), Z(1 << 16, 0.0f);
  Axpy First{X.data(), Y.data(), 3.0f};  // Y = 3
  Axpy Second{Y.data(), Z.data(), 2.0f}; // Z = 2 * Y, after queue 1
  ferry_launch_desc A = describe(&First, sizeof First, int64_t(X.size()), axpyChunk, 1);
  ferry_launch_desc B = describe(&Second, sizeof Second, int64_t(X.size()), axpyChunk, 2);
  ASSERT_EQ(ferry_launch_region(&A), FERRY_SUCCESS);
  acc_wait_async(1, 2);
  ASSERT_EQ(ferry_launch_region(&B), FERRY_SUCCESS);
  acc_wait_all();
  EXPECT_TRUE(acc_async_test_all());
  for (float F : Z)
    ASSERT_EQ(F, 6.0f);
}

TEST_F(LaunchRegion, ReductionOnAQueueIsCompleteOnReturn) {
  std::vector<int64_t> V(1000, 2);
  Sum K{V.data()};
  int64_t Result = 0;
  ferry_launch_desc D = describe(&K, sizeof K, 1000, sumChunk, 5);
  D.reduction = &SumReduction;
  D.result = &Result;
  ASSERT_EQ(ferry_launch_region(&D), FERRY_SUCCESS);
  EXPECT_EQ(Result, 2000);
}

TEST_F(LaunchRegion, LaunchesFromSeveralThreads) {
  constexpr int Threads = 8, Launches = 50;
  std::vector<int64_t> V(10000, 1);
  std::atomic<int> Wrong{0};
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      Sum K{V.data()};
      for (int L = 0; L < Launches; ++L) {
        int64_t Result = 0;
        ferry_launch_desc D = describe(&K, sizeof K, 10000, sumChunk,
                                       L % 2 ? acc_async_sync : T);
        D.reduction = &SumReduction;
        D.result = &Result;
        if (ferry_launch_region(&D) != FERRY_SUCCESS || Result != 10000)
          ++Wrong;
      }
    });
  for (std::thread &T : Pool)
    T.join();
  EXPECT_EQ(Wrong, 0);
}

TEST_F(LaunchRegion, MalformedDescriptionsAreRefused) {
  EXPECT_EQ(ferry_launch_region(nullptr), FERRY_ERROR_INVALID);
  ferry_launch_desc D = describe(nullptr, 0, 10, nullptr, acc_async_sync);
  EXPECT_EQ(ferry_launch_region(&D), FERRY_ERROR_INVALID) << "no host version";
  D.host_fn = sumChunk;
  D.reduction = &SumReduction; // but no result
  EXPECT_EQ(ferry_launch_region(&D), FERRY_ERROR_INVALID);
  D.reduction = nullptr;
  D.closure_size = 8; // bytes without a closure
  EXPECT_EQ(ferry_launch_region(&D), FERRY_ERROR_INVALID);
}

/// A region that holds its queue until Go is set.
struct Gate {
  std::atomic<bool> *Go;
};
void gateChunk(const void *C, int64_t, int64_t, void *) {
  const Gate &K = *static_cast<const Gate *>(C);
  while (!K.Go->load())
    std::this_thread::yield();
}

// `async` without a queue (acc_async_noval) goes to the queue that
// acc_set_default_async chose, for this thread; acc_async_default restores
// the initial default.
TEST_F(LaunchRegion, AsyncWithoutAQueueUsesTheDefaultQueue) {
  EXPECT_EQ(acc_get_default_async(), 0) << "the initial default queue is queue 0";
  acc_set_default_async(3);
  EXPECT_EQ(acc_get_default_async(), 3);
  std::atomic<bool> Go{false};
  Gate K{&Go};
  ferry_launch_desc D = describe(&K, sizeof K, 1, gateChunk, acc_async_noval);
  ASSERT_EQ(ferry_launch_region(&D), FERRY_SUCCESS);
  EXPECT_FALSE(acc_async_test(3));
  EXPECT_FALSE(acc_async_test(acc_async_noval)); // names queue 3 now
  EXPECT_TRUE(acc_async_test(4));
  int Other = acc_async_noval;
  std::thread([&] { Other = acc_get_default_async(); }).join();
  EXPECT_EQ(Other, 0) << "the default queue is the thread's";
  Go = true;
  acc_wait(acc_async_noval);
  EXPECT_TRUE(acc_async_test(3));
  acc_set_default_async(acc_async_default);
  EXPECT_EQ(acc_get_default_async(), 0);
}

// Queue 0, the initial default queue, is the queue of `async` without an
// argument: work on one is ordered with work on the other.
TEST_F(LaunchRegion, QueueZeroIsTheInitialDefaultQueue) {
  std::atomic<bool> Go{false};
  Gate K{&Go};
  ferry_launch_desc D = describe(&K, sizeof K, 1, gateChunk, acc_async_noval);
  ASSERT_EQ(ferry_launch_region(&D), FERRY_SUCCESS);
  EXPECT_FALSE(acc_async_test(0));
  EXPECT_TRUE(acc_async_test(1));
  Go = true;
  acc_wait(0);
  EXPECT_TRUE(acc_async_test(acc_async_noval));
  acc_set_default_async(0); // the same as acc_async_default
  EXPECT_EQ(acc_get_default_async(), 0);
}

// acc_wait_any returns the position of a queue that is idle, skipping
// acc_async_sync entries, and waits while none is.
TEST_F(LaunchRegion, WaitAnyReturnsAnIdleQueue) {
  std::atomic<bool> Go1{false}, Go2{false};
  Gate K1{&Go1}, K2{&Go2};
  ferry_launch_desc D1 = describe(&K1, sizeof K1, 1, gateChunk, 1);
  ferry_launch_desc D2 = describe(&K2, sizeof K2, 1, gateChunk, 2);
  ASSERT_EQ(ferry_launch_region(&D1), FERRY_SUCCESS);
  ASSERT_EQ(ferry_launch_region(&D2), FERRY_SUCCESS);
  int Queues[] = {acc_async_sync, 1, 2, 9};
  EXPECT_EQ(acc_wait_any(4, Queues), 3) << "queue 9 has nothing to do";
  std::thread Opener([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    Go2 = true;
  });
  EXPECT_EQ(acc_wait_any(3, Queues), 2) << "queue 1 stays busy";
  EXPECT_EQ(acc_wait_any_device(3, Queues, 0), 2);
  Opener.join();
  EXPECT_FALSE(acc_async_test(1));
  Go1 = true;
  EXPECT_EQ(acc_wait_any(2, Queues), 1);
  int OnlySync[] = {acc_async_sync, acc_async_sync};
  EXPECT_EQ(acc_wait_any(2, OnlySync), -1);
  EXPECT_EQ(acc_wait_any(0, nullptr), -1);
  acc_wait_all();
}

// The _device forms act on the device they name.
TEST_F(LaunchRegion, DeviceFormsOfWaitsAndTests) {
  std::atomic<bool> Go{false};
  Gate K{&Go};
  ferry_launch_desc D = describe(&K, sizeof K, 1, gateChunk, 6);
  ASSERT_EQ(ferry_launch_region(&D), FERRY_SUCCESS);
  EXPECT_FALSE(acc_async_test_device(6, 0));
  EXPECT_FALSE(acc_async_test_all_device(0));
  acc_wait_device_async(6, 7, 0); // queue 7 now waits for queue 6
  EXPECT_FALSE(acc_async_test_device(7, 0));
  acc_wait_all_device_async(8, 0);
  EXPECT_FALSE(acc_async_test(8));
  Go = true;
  acc_wait_device(7, 0);
  acc_wait_all_device(0);
  EXPECT_TRUE(acc_async_test_all_device(0));
  acc_async_wait(6);
  acc_async_wait_all();
}

} // namespace

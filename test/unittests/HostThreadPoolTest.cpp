//===- HostThreadPoolTest.cpp - The host backend's worker threads ---------===//
#include "host/HostThreadPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

using namespace ferry;

TEST(HostThreadPool, RunsEveryChunkExactlyOnce) {
  HostThreadPool Pool(3);
  std::vector<std::atomic<int>> Hits(1000);
  Pool.run(1000, [&](unsigned C) { Hits[C].fetch_add(1); });
  for (auto &H : Hits)
    EXPECT_EQ(H.load(), 1);
}

TEST(HostThreadPool, InlineWithoutWorkers) {
  HostThreadPool Pool(0);
  EXPECT_EQ(Pool.concurrency(), 1u);
  std::thread::id Caller = std::this_thread::get_id();
  bool AllOnCaller = true;
  Pool.run(8, [&](unsigned) { AllOnCaller &= std::this_thread::get_id() == Caller; });
  EXPECT_TRUE(AllOnCaller);
}

TEST(HostThreadPool, ConcurrentCallersAndNestedJobs) {
  HostThreadPool Pool(2);
  std::atomic<long> Sum{0};
  std::vector<std::thread> Callers;
  for (int T = 0; T < 4; ++T)
    Callers.emplace_back([&] {
      Pool.run(16, [&](unsigned C) {
        // A nested job from inside a chunk must not deadlock.
        Pool.run(4, [&](unsigned D) { Sum += long(C) * 4 + D; });
      });
    });
  for (auto &T : Callers)
    T.join();
  // Each caller adds sum(0..63) = 2016.
  EXPECT_EQ(Sum.load(), 4 * 2016);
}

//===- HostQueuesTest.cpp - OpenACC queue semantics on the host -----------===//
#include "host/HostQueues.h"

#include "openacc.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <vector>

using namespace ferry;

namespace {

TEST(HostQueues, WorkOfOneQueueRunsInOrder) {
  HostQueues Q;
  std::vector<int> Order;
  for (int I = 0; I < 100; ++I)
    Q.submit(1, [&Order, I] {
      Order.push_back(I); // one worker per queue: no race
      return FERRY_SUCCESS;
    });
  EXPECT_EQ(Q.wait(1), FERRY_SUCCESS);
  ASSERT_EQ(Order.size(), 100u);
  for (int I = 0; I < 100; ++I)
    EXPECT_EQ(Order[I], I);
  EXPECT_TRUE(Q.idle(1));
}

TEST(HostQueues, QueuesRunConcurrentlyAndIdleTellsThemApart) {
  HostQueues Q;
  std::promise<void> Release;
  std::shared_future<void> Gate = Release.get_future().share();
  Q.submit(1, [Gate] {
    Gate.wait();
    return FERRY_SUCCESS;
  });
  std::atomic<bool> Ran{false};
  Q.submit(2, [&Ran] {
    Ran = true;
    return FERRY_SUCCESS;
  });
  // Queue 2 finishes while queue 1 is blocked.
  EXPECT_EQ(Q.wait(2), FERRY_SUCCESS);
  EXPECT_TRUE(Ran);
  EXPECT_FALSE(Q.idle(1));
  EXPECT_FALSE(Q.idleAll());
  EXPECT_TRUE(Q.idle(2));
  EXPECT_TRUE(Q.idle(7)) << "a queue never used is idle";
  Release.set_value();
  EXPECT_EQ(Q.waitAll(), FERRY_SUCCESS);
  EXPECT_TRUE(Q.idleAll());
}

TEST(HostQueues, WaitAsyncOrdersOneQueueAfterAnother) {
  HostQueues Q;
  std::promise<void> Release;
  std::shared_future<void> Gate = Release.get_future().share();
  std::atomic<int> Step{0};
  Q.submit(1, [Gate, &Step] {
    Gate.wait();
    Step = 1;
    return FERRY_SUCCESS;
  });
  Q.waitAsync(1, 2); // returns at once
  std::atomic<int> Seen{-1};
  Q.submit(2, [&] {
    Seen = Step.load();
    return FERRY_SUCCESS;
  });
  EXPECT_FALSE(Q.idle(2));
  Release.set_value();
  EXPECT_EQ(Q.wait(2), FERRY_SUCCESS);
  EXPECT_EQ(Seen, 1) << "queue 2 ran before queue 1's earlier work";
}

TEST(HostQueues, WaitAllAsyncOrdersAfterEveryQueue) {
  HostQueues Q;
  std::promise<void> Release;
  std::shared_future<void> Gate = Release.get_future().share();
  std::atomic<int> Done{0};
  for (int N : {1, 2, 3})
    Q.submit(N, [Gate, &Done] {
      Gate.wait();
      ++Done;
      return FERRY_SUCCESS;
    });
  Q.waitAllAsync(4);
  std::atomic<int> Seen{-1};
  Q.submit(4, [&] {
    Seen = Done.load();
    return FERRY_SUCCESS;
  });
  Release.set_value();
  EXPECT_EQ(Q.wait(4), FERRY_SUCCESS);
  EXPECT_EQ(Seen, 3);
}

TEST(HostQueues, FailuresAreReportedByTheNextWaitOnly) {
  HostQueues Q;
  Q.submit(acc_async_noval, [] { return FERRY_ERROR_BACKEND; });
  Q.submit(acc_async_noval, [] { return FERRY_SUCCESS; });
  EXPECT_EQ(Q.wait(acc_async_noval), FERRY_ERROR_BACKEND);
  EXPECT_EQ(Q.wait(acc_async_noval), FERRY_SUCCESS);
}

} // namespace

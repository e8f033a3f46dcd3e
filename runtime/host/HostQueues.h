//===- HostQueues.h - OpenACC async queues on the host ----------*- C++ -*-===//
///
/// \file
/// Each OpenACC queue of the host device is a worker thread running its work
/// in submission order; different queues run concurrently. acc_async_sync
/// work never reaches a queue (it runs on the caller); acc_async_noval is a
/// queue of its own. A failure inside queued work is kept and reported by the
/// next wait on that queue.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_HOST_HOSTQUEUES_H
#define FERRY_RUNTIME_HOST_HOSTQUEUES_H

#include "ferry/runtime.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace ferry {

class HostQueues {
public:
  using Work = std::function<ferry_status()>;

  HostQueues() = default;
  ~HostQueues(); ///< finishes all queued work, then joins the workers
  HostQueues(const HostQueues &) = delete;
  HostQueues &operator=(const HostQueues &) = delete;

  /// Appends \p W to queue \p Queue (created on first use).
  void submit(int Queue, Work W);
  /// Makes queue \p Queue wait for the work submitted to \p WaitFor so far
  /// (acc_wait_async) without blocking the caller.
  void waitAsync(int WaitFor, int Queue);
  /// The same for every other queue that exists now (acc_wait_all_async).
  void waitAllAsync(int Queue);
  /// Blocks until \p Queue (or every queue) has run everything submitted;
  /// returns the first failure since the last wait, or FERRY_SUCCESS.
  ferry_status wait(int Queue);
  ferry_status waitAll();
  /// Blocks until one of \p List has run everything submitted; returns the
  /// position of the first such queue in \p List (which must not be empty).
  size_t waitAny(const std::vector<int> &List);
  /// Whether \p Queue (every queue) has nothing left to run.
  bool idle(int Queue);
  bool idleAll();

private:
  struct Queue {
    std::deque<Work> Pending;
    bool Sleeping = false; ///< the worker waits for work
    std::condition_variable WorkArrived;
    uint64_t Submitted = 0, Completed = 0;
    ferry_status Failure = FERRY_SUCCESS;
    std::thread Worker;
  };
  Queue &queue(int N); ///< under Mutex
  void workerLoop(Queue &Q);
  /// Waits (under \p Lock) until \p Q has completed \p Ticket items.
  void waitFor(std::unique_lock<std::mutex> &Lock, Queue &Q, uint64_t Ticket);

  std::mutex Mutex;
  /// Completions, for waiters; notified only when someone waits.
  std::condition_variable Changed;
  unsigned Waiters = 0;
  std::map<int, std::unique_ptr<Queue>> Queues;
  bool Stopping = false;
};

} // namespace ferry

#endif

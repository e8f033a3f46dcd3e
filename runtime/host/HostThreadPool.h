//===- HostThreadPool.h - Worker threads of the host backend ---*- C++ -*-===//
///
/// \file
/// A fixed pool of worker threads that runs jobs split into chunks. The
/// calling thread takes chunks too, so a job finishes even when every worker
/// is busy (nested regions, launches from several host threads).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_HOST_HOSTTHREADPOOL_H
#define FERRY_RUNTIME_HOST_HOSTTHREADPOOL_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace ferry {

class HostThreadPool {
public:
  /// A pool of \p NumWorkers threads besides the caller (0 = run inline).
  explicit HostThreadPool(unsigned NumWorkers);
  ~HostThreadPool();
  HostThreadPool(const HostThreadPool &) = delete;
  HostThreadPool &operator=(const HostThreadPool &) = delete;

  /// Calls \p Fn(C) once for every chunk C in [0, NumChunks) and returns when
  /// all calls have returned. Safe to call from several threads at once.
  void run(unsigned NumChunks, const std::function<void(unsigned)> &Fn);

  /// Threads that execute chunks, the caller included.
  unsigned concurrency() const { return unsigned(Workers.size()) + 1; }

private:
  struct Job;
  void workerLoop();
  static bool runOneChunk(Job &J);

  std::mutex Mutex;
  std::condition_variable WorkAvailable;
  std::deque<std::shared_ptr<Job>> Jobs;
  std::vector<std::thread> Workers;
  bool Stopping = false;
};

} // namespace ferry

#endif

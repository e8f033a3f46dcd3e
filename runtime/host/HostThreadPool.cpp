//===- HostThreadPool.cpp - Worker threads of the host backend ------------===//
///
/// \file
/// Implementation of HostThreadPool.
///
//===----------------------------------------------------------------------===//
#include "host/HostThreadPool.h"

#include "core/Debug.h"

#include <system_error>

#include <atomic>

namespace ferry {

struct HostThreadPool::Job {
  const std::function<void(unsigned)> *Fn;
  unsigned NumChunks;
  std::atomic<unsigned> Next{0};
  std::atomic<unsigned> Done{0};
  std::mutex DoneMutex;
  std::condition_variable AllDone;
};

HostThreadPool::HostThreadPool(unsigned NumWorkers) {
  Workers.reserve(NumWorkers);
  for (unsigned I = 0; I < NumWorkers; ++I) {
    try {
      Workers.emplace_back([this] { workerLoop(); });
    } catch (const std::system_error &E) {
      // The system has no more threads for us: run with those we have (the
      // caller always takes chunks too, so even none is enough).
      debugf("host: created %u of %u worker threads: %s", I, NumWorkers, E.what());
      break;
    }
  }
}

HostThreadPool::~HostThreadPool() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  WorkAvailable.notify_all();
  for (std::thread &T : Workers)
    T.join();
}

bool HostThreadPool::runOneChunk(Job &J) {
  unsigned C = J.Next.fetch_add(1, std::memory_order_relaxed);
  if (C >= J.NumChunks)
    return false;
  (*J.Fn)(C);
  if (J.Done.fetch_add(1, std::memory_order_acq_rel) + 1 == J.NumChunks) {
    std::lock_guard<std::mutex> Lock(J.DoneMutex);
    J.AllDone.notify_all();
  }
  return true;
}

void HostThreadPool::workerLoop() {
  for (;;) {
    std::shared_ptr<Job> J;
    {
      std::unique_lock<std::mutex> Lock(Mutex);
      WorkAvailable.wait(Lock, [this] { return Stopping || !Jobs.empty(); });
      if (Stopping)
        return;
      J = Jobs.front();
      // Every chunk of the front job is claimed: retire it from the queue.
      if (J->Next.load(std::memory_order_relaxed) >= J->NumChunks) {
        Jobs.pop_front();
        continue;
      }
    }
    while (runOneChunk(*J)) {
    }
  }
}

void HostThreadPool::run(unsigned NumChunks,
                         const std::function<void(unsigned)> &Fn) {
  if (NumChunks == 0)
    return;
  if (Workers.empty() || NumChunks == 1) {
    for (unsigned C = 0; C < NumChunks; ++C)
      Fn(C);
    return;
  }
  auto J = std::make_shared<Job>();
  J->Fn = &Fn;
  J->NumChunks = NumChunks;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Jobs.push_back(J);
  }
  WorkAvailable.notify_all();
  while (runOneChunk(*J)) {
  }
  std::unique_lock<std::mutex> Lock(J->DoneMutex);
  J->AllDone.wait(Lock, [&] {
    return J->Done.load(std::memory_order_acquire) == J->NumChunks;
  });
}

} // namespace ferry

//===- HostQueues.cpp - OpenACC async queues on the host ------------------===//
///
/// \file
/// Implementation of the host queues. A submission wakes its queue's worker
/// only when it sleeps; a completion wakes waiters only when there are any,
/// so a stream of queued launches costs no system call on either side.
///
//===----------------------------------------------------------------------===//
#include "host/HostQueues.h"

#include <vector>

namespace ferry {

HostQueues::~HostQueues() {
  {
    std::unique_lock<std::mutex> Lock(Mutex);
    for (auto &[N, Q] : Queues)
      waitFor(Lock, *Q, Q->Submitted);
    Stopping = true;
    for (auto &[N, Q] : Queues)
      Q->WorkArrived.notify_one();
  }
  for (auto &[N, Q] : Queues)
    Q->Worker.join();
}

HostQueues::Queue &HostQueues::queue(int N) {
  std::unique_ptr<Queue> &Q = Queues[N];
  if (!Q) {
    Q = std::make_unique<Queue>();
    Queue *Raw = Q.get();
    Q->Worker = std::thread([this, Raw] { workerLoop(*Raw); });
  }
  return *Q;
}

void HostQueues::workerLoop(Queue &Q) {
  std::unique_lock<std::mutex> Lock(Mutex);
  for (;;) {
    Q.Sleeping = true;
    Q.WorkArrived.wait(Lock, [&] { return Stopping || !Q.Pending.empty(); });
    Q.Sleeping = false;
    if (Q.Pending.empty())
      return; // stopping, and nothing left
    Work W = std::move(Q.Pending.front());
    Q.Pending.pop_front();
    Lock.unlock();
    ferry_status S = W();
    Lock.lock();
    if (S != FERRY_SUCCESS && Q.Failure == FERRY_SUCCESS)
      Q.Failure = S;
    ++Q.Completed;
    if (Waiters)
      Changed.notify_all();
  }
}

void HostQueues::submit(int N, Work W) {
  std::unique_lock<std::mutex> Lock(Mutex);
  Queue &Q = queue(N);
  Q.Pending.push_back(std::move(W));
  ++Q.Submitted;
  const bool Wake = Q.Sleeping;
  Lock.unlock(); // the worker wakes to a free mutex
  if (Wake)
    Q.WorkArrived.notify_one();
}

void HostQueues::waitAsync(int WaitFor, int N) {
  if (WaitFor == N)
    return; // a queue is ordered with itself
  uint64_t Ticket;
  Queue *Other;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Other = &queue(WaitFor);
    Ticket = Other->Submitted;
  }
  submit(N, [this, Other, Ticket] {
    std::unique_lock<std::mutex> Lock(Mutex);
    waitFor(Lock, *Other, Ticket);
    return FERRY_SUCCESS;
  });
}

void HostQueues::waitAllAsync(int N) {
  std::vector<std::pair<Queue *, uint64_t>> Tickets;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto &[M, Q] : Queues)
      if (M != N)
        Tickets.emplace_back(Q.get(), Q->Submitted);
  }
  submit(N, [this, Tickets] {
    std::unique_lock<std::mutex> Lock(Mutex);
    for (auto &[Q, Ticket] : Tickets)
      waitFor(Lock, *Q, Ticket);
    return FERRY_SUCCESS;
  });
}

void HostQueues::waitFor(std::unique_lock<std::mutex> &Lock, Queue &Q, uint64_t Ticket) {
  ++Waiters;
  Changed.wait(Lock, [&] { return Q.Completed >= Ticket; });
  --Waiters;
}

ferry_status HostQueues::wait(int N) {
  std::unique_lock<std::mutex> Lock(Mutex);
  auto It = Queues.find(N);
  if (It == Queues.end())
    return FERRY_SUCCESS;
  Queue &Q = *It->second;
  waitFor(Lock, Q, Q.Submitted);
  ferry_status S = Q.Failure;
  Q.Failure = FERRY_SUCCESS;
  return S;
}

ferry_status HostQueues::waitAll() {
  std::unique_lock<std::mutex> Lock(Mutex);
  ferry_status Result = FERRY_SUCCESS;
  for (auto &[N, Q] : Queues) {
    waitFor(Lock, *Q, Q->Submitted);
    if (Q->Failure != FERRY_SUCCESS && Result == FERRY_SUCCESS)
      Result = Q->Failure;
    Q->Failure = FERRY_SUCCESS;
  }
  return Result;
}

size_t HostQueues::waitAny(const std::vector<int> &List) {
  std::unique_lock<std::mutex> Lock(Mutex);
  size_t Found = 0;
  auto AnyIdle = [&] {
    for (size_t I = 0; I < List.size(); ++I) {
      auto It = Queues.find(List[I]);
      if (It == Queues.end() || It->second->Completed == It->second->Submitted) {
        Found = I;
        return true;
      }
    }
    return false;
  };
  ++Waiters;
  Changed.wait(Lock, AnyIdle);
  --Waiters;
  return Found;
}

bool HostQueues::idle(int N) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Queues.find(N);
  return It == Queues.end() || It->second->Completed == It->second->Submitted;
}

bool HostQueues::idleAll() {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (auto &[N, Q] : Queues)
    if (Q->Completed != Q->Submitted)
      return false;
  return true;
}

} // namespace ferry

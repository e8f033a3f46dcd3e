//===- HostBackend.cpp - The host as a device -----------------------------===//
///
/// \file
/// The host backend: one device, host memory, and OpenACC queues that run
/// asynchronous regions on worker threads in order (HostQueues). Compute
/// regions run through the HostThreadPool (core/Runtime.cpp); device code
/// images cannot run here.
///
//===----------------------------------------------------------------------===//
#include "host/HostBackend.h"

#include "core/Debug.h"
#include "host/HostQueues.h"
#include "openacc.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <vector>

namespace ferry {
namespace {

class HostBackend final : public Backend {
public:
  const char *name() const override { return "host"; }
  bool deviceMemoryIsHostMemory() const override { return true; }
  DeviceKind kind() const override { return DeviceKind::Host; }

  Error allocate(int, size_t Bytes, void **Out) override {
    *Out = std::malloc(Bytes);
    if (!*Out)
      return makeError(FERRY_ERROR_BACKEND, "cannot allocate %zu bytes of host memory", Bytes);
    notifyf(NotifyAlloc, "allocate %zu bytes on the host at %p", Bytes, *Out);
    countAllocation(0, *Out, Bytes);
    return Error::success();
  }
  Error release(int, void *Ptr) override {
    countRelease(0, Ptr);
    std::free(Ptr);
    return Error::success();
  }
  Error copyToDevice(int, void *Dst, const void *Src, size_t Bytes, int Queue) override {
    if (Error E = deviceRange(Dst, Bytes))
      return E;
    return move(Dst, Src, Bytes, Queue);
  }
  Error copyFromDevice(int, void *Dst, const void *Src, size_t Bytes, int Queue) override {
    if (Error E = deviceRange(Src, Bytes))
      return E;
    return move(Dst, Src, Bytes, Queue);
  }
  Error copyDeviceToDevice(int, void *Dst, int, const void *Src, size_t Bytes,
                           int Queue) override {
    if (Error E = deviceRange(Dst, Bytes))
      return E;
    if (Error E = deviceRange(Src, Bytes))
      return E;
    return move(Dst, Src, Bytes, Queue);
  }
  /// A range that runs into or out of an allocated block would corrupt the
  /// heap: a failure naming it.
  Error deviceRange(const void *P, size_t Bytes) {
    const std::string Why = straddledBlock(0, P, Bytes);
    if (Why.empty())
      return Error::success();
    return makeError(FERRY_ERROR_INVALID,
                     "host device: a copy of %zu bytes at %p: the range %s; nothing copied",
                     Bytes, P, Why.c_str());
  }

  /// A failure of queued work was printed when it ran.
  Error wait(int, int Queue, bool All) override {
    notifyf(NotifyWait, "wait on host queue %d%s", Queue, All ? " (all)" : "");
    return Error::alreadyReported(All ? Queues.waitAll() : Queues.wait(normalize(Queue)));
  }
  bool idle(int, int Queue, bool All) override {
    return All ? Queues.idleAll() : Queues.idle(normalize(Queue));
  }
  Error waitAsync(int, int WaitFor, int Queue) override {
    Queues.waitAsync(normalize(WaitFor), normalize(Queue));
    return Error::success();
  }
  Error waitAny(int, const std::vector<int> &List, size_t &Index) override {
    std::vector<int> Normalized;
    for (int Q : List)
      Normalized.push_back(normalize(Q));
    Index = Queues.waitAny(Normalized);
    return Error::alreadyReported(Queues.wait(Normalized[Index]));
  }
  HostQueues *hostQueues() override { return &Queues; }

  Error properties(int, Properties &Out) override {
    // Free: the physical memory less what Ferry allocated (acc_malloc), so
    // that a program sees its own allocations; other processes' use is not
    // subtracted.
    const size_t Page = size_t(sysconf(_SC_PAGESIZE));
    Out.TotalMemory = size_t(sysconf(_SC_PHYS_PAGES)) * Page;
    Out.FreeMemory = Out.TotalMemory - std::min(Out.TotalMemory, allocatedBytes(0));
    Out.Name = "host CPU";
    Out.Vendor = "host";
    Out.Driver = "none";
    return Error::success();
  }

protected:
  void discover() override {
    NumDevices = 1;
    Status = "ok";
  }

private:
  static int normalize(int Queue) { return Queue == acc_async_sync ? acc_async_noval : Queue; }
  /// Host "device" memory is host memory: a copy is a memmove, on the
  /// caller for acc_async_sync, else on the queue after its earlier work.
  Error move(void *Dst, const void *Src, size_t Bytes, int Queue) {
    if (Queue == acc_async_sync) {
      std::memmove(Dst, Src, Bytes);
      return Error::success();
    }
    Queues.submit(Queue, [Dst, Src, Bytes] {
      std::memmove(Dst, Src, Bytes);
      return FERRY_SUCCESS;
    });
    return Error::success();
  }
  HostQueues Queues;
};

} // namespace

std::unique_ptr<Backend> createHostBackend() {
  return std::make_unique<HostBackend>();
}

} // namespace ferry

//===- Backend.cpp - Default device operations ----------------------------===//
///
/// \file
/// What a backend cannot do is an error naming the operation and backend.
///
//===----------------------------------------------------------------------===//
#include "core/Backend.h"

#include "core/Debug.h"

#include <cstdio>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <new>
#include <thread>

namespace ferry {

Error Backend::unsupported(const char *What) {
  return makeError(FERRY_ERROR_INVALID, "%s is not supported by the %s backend", What, name());
}

Error Backend::allocate(int, size_t, void **) {
  return unsupported("device memory allocation");
}
Error Backend::release(int, void *) { return unsupported("freeing device memory"); }
Error Backend::copyToDevice(int, void *, const void *, size_t, int) {
  return unsupported("copying to the device");
}
Error Backend::copyFromDevice(int, void *, const void *, size_t, int) {
  return unsupported("copying from the device");
}
Error Backend::wait(int, int, bool) { return Error::success(); }
bool Backend::idle(int, int, bool) { return true; }
Error Backend::waitAsync(int Device, int WaitFor, int) {
  return wait(Device, WaitFor, /*All=*/false);
}
Error Backend::waitAny(int Device, const std::vector<int> &Queues, size_t &Index) {
  // Polls, backing off from 1 µs to 1 ms between rounds.
  for (std::chrono::microseconds Pause(1);; Pause = std::min(Pause * 2, decltype(Pause)(1000))) {
    for (size_t I = 0; I < Queues.size(); ++I)
      if (idle(Device, Queues[I], /*All=*/false)) {
        Index = I;
        return wait(Device, Queues[I], /*All=*/false);
      }
    std::this_thread::sleep_for(Pause);
  }
}

Error Backend::copyDeviceToDevice(int DstDevice, void *Dst, int SrcDevice, const void *Src,
                                  size_t Bytes, int Queue) {
  std::unique_ptr<unsigned char[]> Buffer(new (std::nothrow) unsigned char[Bytes]);
  if (!Buffer)
    return makeError(FERRY_ERROR_BACKEND,
                     "no host memory for a %zu-byte staging buffer between %s devices %d and %d",
                     Bytes, name(), SrcDevice, DstDevice);
  if (Queue != -2 /*acc_async_sync*/)
    if (Error E = wait(SrcDevice, Queue, /*All=*/false))
      return E;
  if (Error E = copyFromDevice(SrcDevice, Buffer.get(), Src, Bytes, -2))
    return E;
  return copyToDevice(DstDevice, Dst, Buffer.get(), Bytes, -2);
}

namespace {
/// The default event: the host's time once the queue was done.
class HostEvent final : public DeviceEvent {
public:
  explicit HostEvent(Backend &Owner) : DeviceEvent(Owner) {}
  bool done() override { return true; }
  Error wait() override { return Error::success(); }
  Error queueWait(int, int) override { return Error::success(); }
  double secondsSince(DeviceEvent &Start) override {
    return std::chrono::duration<double>(When - own<HostEvent>(backend(), Start).When).count();
  }

  const std::chrono::steady_clock::time_point When = std::chrono::steady_clock::now();
};
} // namespace

std::unique_ptr<DeviceEvent> Backend::eventRecord(int Device, int Queue) {
  // The event's callers see a failure as a null event: it is printed here.
  if (report(wait(Device, Queue, /*All=*/false)))
    return nullptr;
  return std::make_unique<HostEvent>(*this);
}

Error Backend::fill(int Device, void *Dst, unsigned char Value, size_t Bytes, int Queue) {
  std::unique_ptr<unsigned char[]> Buffer(new (std::nothrow) unsigned char[Bytes]);
  if (!Buffer)
    return makeError(FERRY_ERROR_BACKEND,
                     "no host memory for a %zu-byte staging buffer to fill %s device memory",
                     Bytes, name());
  std::fill_n(Buffer.get(), Bytes, Value);
  // The buffer must outlive the copy: the copy is waited for.
  if (Error E = copyToDevice(Device, Dst, Buffer.get(), Bytes, Queue))
    return E;
  return Queue == -2 /*acc_async_sync*/ ? Error::success() : wait(Device, Queue, /*All=*/false);
}

Error Backend::allocateManaged(int, size_t, void **) { return unsupported("managed memory"); }
Error Backend::releaseManaged(int, void *) { return unsupported("managed memory"); }
Error Backend::allocateHost(int, size_t Bytes, void **Out) {
  const size_t Page = 4096;
  *Out = Bytes <= SIZE_MAX - Page ? std::aligned_alloc(Page, (Bytes + Page - 1) / Page * Page)
                                  : nullptr;
  if (!*Out && Bytes)
    return makeError(FERRY_ERROR_BACKEND, "cannot allocate %zu bytes of host memory", Bytes);
  return Error::success();
}
Error Backend::releaseHost(int, void *Ptr) {
  std::free(Ptr);
  return Error::success();
}
Error DeviceKernel::setAttribute(int, int) {
  return backend().unsupported("setting kernel attributes");
}

void Backend::countAllocation(int Device, const void *Block, size_t Bytes) {
  std::lock_guard<std::mutex> Lock(UsageMutex);
  Blocks[{Device, Block}] = Bytes;
  Used[Device] += Bytes;
}

void Backend::countRelease(int Device, const void *Block) {
  std::lock_guard<std::mutex> Lock(UsageMutex);
  auto It = Blocks.find({Device, Block});
  if (It == Blocks.end())
    return;
  Used[Device] -= It->second;
  Blocks.erase(It);
}

void Backend::countReset(int Device) {
  std::lock_guard<std::mutex> Lock(UsageMutex);
  Blocks.erase(Blocks.lower_bound({Device, nullptr}), Blocks.lower_bound({Device + 1, nullptr}));
  Used.erase(Device);
}

int Backend::deviceHolding(const void *P) const {
  const auto A = reinterpret_cast<uintptr_t>(P);
  std::lock_guard<std::mutex> Lock(UsageMutex);
  // Per device, the last block that starts at or before P.
  for (auto It = Blocks.begin(); It != Blocks.end();) {
    const int Device = It->first.first;
    auto After = Blocks.upper_bound({Device, P});
    if (After != Blocks.begin()) {
      const auto &[Key, Size] = *std::prev(After);
      const auto Start = reinterpret_cast<uintptr_t>(Key.second);
      if (Key.first == Device && A >= Start && A - Start < Size)
        return Device;
    }
    It = Blocks.lower_bound({Device + 1, nullptr});
  }
  return -1;
}

void Backend::appendBlocks(int Device, std::vector<uint64_t> &Pairs) const {
  std::lock_guard<std::mutex> Lock(UsageMutex);
  for (auto It = Blocks.lower_bound({Device, nullptr});
       It != Blocks.end() && It->first.first == Device; ++It) {
    Pairs.push_back(reinterpret_cast<uintptr_t>(It->first.second));
    Pairs.push_back(It->second);
  }
}

std::string Backend::straddledBlock(int Device, const void *P, size_t Bytes) const {
  const auto B = reinterpret_cast<uintptr_t>(P);
  const uintptr_t E = Bytes > UINTPTR_MAX - B ? UINTPTR_MAX : B + Bytes;
  std::lock_guard<std::mutex> Lock(UsageMutex);
  auto It = Blocks.lower_bound({Device, reinterpret_cast<const void *>(E)});
  if (It == Blocks.begin())
    return "";
  --It;
  if (It->first.first != Device)
    return "";
  const auto Start = reinterpret_cast<uintptr_t>(It->first.second), End = Start + It->second;
  if (End <= B || (B >= Start && E <= End))
    return "";
  char Buffer[128];
  std::snprintf(Buffer, sizeof Buffer, "overlaps the %zu-byte device block at %p without lying within it",
                It->second, It->first.second);
  return Buffer;
}

bool Backend::blockContaining(const void *P, int &Device, const void *&Block, size_t &Bytes,
                              bool &Busy) const {
  std::unique_lock<std::mutex> Lock(UsageMutex, std::try_to_lock);
  Busy = !Lock.owns_lock();
  const auto A = reinterpret_cast<uintptr_t>(P);
  for (const auto &[Key, Size] : Blocks) {
    const auto Start = reinterpret_cast<uintptr_t>(Key.second);
    if (A >= Start && A - Start < Size) {
      Device = Key.first;
      Block = Key.second;
      Bytes = Size;
      return true;
    }
  }
  return false;
}

size_t Backend::allocatedBytes(int Device) const {
  std::lock_guard<std::mutex> Lock(UsageMutex);
  auto It = Used.find(Device);
  return It == Used.end() ? 0 : It->second;
}

Error Backend::properties(int, Properties &) {
  return unsupported("querying device properties");
}
bool Backend::takesImage(int, const Image &) const { return true; }

Error Backend::loadModule(int, const std::vector<Image> &, std::unique_ptr<DeviceModule> &) {
  return unsupported("loading device code");
}
Error Backend::unloadModule(std::unique_ptr<DeviceModule>) {
  return unsupported("unloading device code");
}
Error Backend::getKernel(DeviceModule &, const char *, DeviceKernel *&) {
  return unsupported("looking up kernels");
}
Error Backend::symbolAddress(DeviceModule &, const char *, uint64_t &, uint64_t &) {
  return unsupported("symbol addresses");
}

std::string isaProcessor(const std::string &Isa) {
  const size_t Dashes = Isa.find("--");
  return Dashes == std::string::npos ? Isa : Isa.substr(Dashes + 2);
}

} // namespace ferry

//===- Runtime.cpp - The process-wide offload runtime ---------------------===//
///
/// \file
/// Device selection and region execution: regions run on the host thread
/// pool (asynchronously on the host queues) or as their device kernel from
/// the registered images, with the closure's pointers attached through the
/// present table and reductions combined from per-block partials. A region
/// with no image for the selected GPU reports it instead of running
/// somewhere else.
///
//===----------------------------------------------------------------------===//
#include "core/Runtime.h"

#include "core/AbsentNoCreate.h"
#include "core/Debug.h"
#include "core/DeferredImages.h"
#include "core/ImageRegistry.h"
#include "core/SymbolIndex.h"
#include "cuda/CudaBackend.h"
#include "host/HostBackend.h"
#include "host/HostThreadPool.h"
#include "host/HostQueues.h"
#include "emu/EmuBackend.h"
#include "hsa/HsaBackend.h"
#include "hsa/KernelArgs.h"
#include "openacc.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>

namespace ferry {

std::optional<DeviceKind>
selectDeviceKind(std::optional<DeviceKind> Requested,
                 int (*Available)(DeviceKind, void *), void *Ctx) {
  if (Requested) {
    if (*Requested == DeviceKind::Host || Available(*Requested, Ctx) > 0)
      return Requested;
    return std::nullopt;
  }
  for (DeviceKind K : {DeviceKind::Radeon, DeviceKind::Nvidia})
    if (Available(K, Ctx) > 0)
      return K;
  return DeviceKind::Host;
}

Runtime &Runtime::get() {
  // Never destroyed: regions may run from static destructors of user code.
  static Runtime *R = new Runtime();
  return *R;
}

Runtime::Runtime() {
  // FERRY_EMULATE=gfx90a: the AMD device is the SIMT emulator;
  // FERRY_EMULATE=gfx90a,gfx1100: two emulated devices.
  std::vector<std::string> Emulated;
  if (std::optional<std::string> List = envString("FERRY_EMULATE"))
    Emulated = emulatedProcessors(*List);
  if (!Emulated.empty())
    Backends.push_back(createEmuBackend(std::move(Emulated)));
  else
    Backends.push_back(createHsaBackend());
  Backends.push_back(createCudaBackend());
  Backends.push_back(createHostBackend());
  TimeEnabled = envFlag("FERRY_TIME");
}

void Runtime::armTimeReport() {
  // The report reads CUDA events, so it must run before the driver's own
  // exit handlers: it is registered after discovery has initialized every
  // vendor library (exit handlers run in reverse order of registration).
  std::call_once(TimeReportOnce, [this] {
    for (auto &B : Backends)
      B->numDevices();
    std::atexit([] { Runtime::get().printTimes(); });
  });
}

namespace {
/// The region whose data clauses or launch move data on this thread now.
thread_local const ferry_region *CurrentRegion = nullptr;

std::string regionWhere(const ferry_region *R) {
  if (!R)
    return "data directives and API outside regions";
  return std::string(R->name ? R->name : "region") + " (" + (R->file ? R->file : "?") + ":" +
         std::to_string(R->line) + ")";
}
} // namespace

const ferry_region *setCurrentRegion(const ferry_region *R) {
  const ferry_region *Previous = CurrentRegion;
  CurrentRegion = R;
  return Previous;
}

void Runtime::countTransfer(bool ToDevice, size_t Bytes) {
  if (!TimeEnabled)
    return;
  armTimeReport();
  std::lock_guard<std::mutex> Lock(TimeMutex);
  RegionTime &T = Times[CurrentRegion];
  if (T.Where.empty())
    T.Where = regionWhere(CurrentRegion);
  (ToDevice ? T.ToDevice : T.FromDevice) += Bytes;
}

void Runtime::recordLaunch(const ferry_region &R, double Seconds, bool WallClock) {
  if (!TimeEnabled)
    return;
  armTimeReport();
  std::lock_guard<std::mutex> Lock(TimeMutex);
  RegionTime &T = Times[&R];
  if (T.Where.empty())
    T.Where = regionWhere(&R);
  ++T.Launches;
  T.Seconds += Seconds;
  T.WallClock |= WallClock;
}

void Runtime::printTimes() {
  std::lock_guard<std::mutex> Lock(TimeMutex);
  for (const TimedLaunch &L : Timed) {
    const double Seconds = L.End->secondsSince(*L.Start);
    RegionTime &T = Times[L.Region];
    if (Seconds >= 0)
      T.Seconds += Seconds;
    else
      T.WallClock = true;
  }
  Timed.clear();
  std::fprintf(stderr, "ferry: time: %-48s %9s %12s %14s %14s\n", "region", "launches",
               "time (ms)", "to device (B)", "from device (B)");
  for (const auto &[R, T] : Times)
    std::fprintf(stderr, "ferry: time: %-48s %9llu %12.3f %14llu %14llu%s\n", T.Where.c_str(),
                 (unsigned long long)T.Launches, T.Seconds * 1e3,
                 (unsigned long long)T.ToDevice, (unsigned long long)T.FromDevice,
                 T.WallClock ? "  (host wall time)" : "");
}

Runtime::~Runtime() = default;

Backend &Runtime::backendFor(DeviceKind K) {
  for (auto &B : Backends)
    if (B->kind() == K)
      return *B;
  std::abort(); // Every kind has exactly one backend.
}

std::optional<DeviceKind> Runtime::selectedKind() {
  DeviceKind K;
  Error E = selectKind(K);
  if (!E)
    return K;
  // A bad ACC_DEVICE_TYPE was said once, when it was read.
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!InvalidRequest)
    report(E);
  return std::nullopt;
}

Error Runtime::selectKind(DeviceKind &Out) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Selected) {
    Out = *Selected;
    return Error::success();
  }
  if (!RequestParsed) {
    RequestParsed = true;
    auto Text = envString("ACC_DEVICE_TYPE");
    if (Text && !Text->empty()) { // empty counts as unset
      Requested = parseDeviceKind(*Text);
      if (!Requested) {
        InvalidRequest = *Text;
        errorf("ACC_DEVICE_TYPE='%s' is not a device type (use host, nvidia or radeon)",
               Text->c_str());
      }
    }
    if (auto Num = envString("ACC_DEVICE_NUM")) {
      auto N = parseUnsigned(*Num);
      if (!N)
        errorf("ACC_DEVICE_NUM='%s' is not a device number; using 0",
               Num->c_str());
      for (int &D : DeviceNum)
        D = N ? int(*N) : 0;
    }
  }
  if (InvalidRequest)
    return makeError(FERRY_ERROR_NO_DEVICE,
                     "ACC_DEVICE_TYPE='%s' is not a device type (use host, nvidia or radeon)",
                     InvalidRequest->c_str());
  Selected = selectDeviceKind(
      Requested,
      [](DeviceKind K, void *Self) {
        return static_cast<Runtime *>(Self)->backendFor(K).numDevices();
      },
      this);
  if (!Selected) {
    Backend &B = backendFor(*Requested);
    if (RequestedByProgram)
      return makeError(FERRY_ERROR_NO_DEVICE,
                       "the program selected device type %s (acc_set_device_type or "
                       "acc_init), but the %s backend has no device: %s",
                       deviceKindName(*Requested), B.name(), B.status().c_str());
    return makeError(FERRY_ERROR_NO_DEVICE,
                     "ACC_DEVICE_TYPE=%s requested, but the %s backend has no device: %s",
                     deviceKindName(*Requested), B.name(), B.status().c_str());
  }
  // ACC_DEVICE_NUM past the selected type's devices: say so, use device 0.
  const int Count = backendFor(*Selected).numDevices();
  int &Num = DeviceNum[int(*Selected)];
  if (Num >= Count) {
    errorf("ACC_DEVICE_NUM=%d: there %s %d %s device(s); using device 0", Num,
           Count == 1 ? "is" : "are", Count, deviceKindName(*Selected));
    Num = 0;
  }
  debugf("selected device type %s, device %d", deviceKindName(*Selected), Num);
  Out = *Selected;
  return Error::success();
}

void Runtime::setDeviceKind(std::optional<DeviceKind> K) {
  std::lock_guard<std::mutex> Lock(Mutex);
  RequestParsed = true;
  RequestedByProgram = K.has_value();
  InvalidRequest.reset();
  Requested = K;
  // The environment's kind (an unknown name: the default order).
  if (auto Text = envString("ACC_DEVICE_TYPE"); !K && Text && !Text->empty())
    Requested = parseDeviceKind(*Text);
  Selected.reset();
}

namespace {
/// acc-current-device-num-var per host thread and kind, as OpenACC keeps it
/// (one thread per device is how one process drives several): -1 until the
/// thread sets it, and then the process's initial value (ACC_DEVICE_NUM).
thread_local int ThreadDeviceNum[3] = {-1, -1, -1};
} // namespace

void Runtime::setDeviceNum(DeviceKind K, int Num) { ThreadDeviceNum[int(K)] = Num; }

int Runtime::deviceNum(DeviceKind K) {
  if (ThreadDeviceNum[int(K)] >= 0)
    return ThreadDeviceNum[int(K)];
  std::lock_guard<std::mutex> Lock(Mutex);
  return DeviceNum[int(K)];
}

namespace {
/// acc-default-async-var: per thread, per (kind, device); absent means the
/// initial value, acc_async_noval.
thread_local std::map<std::pair<int, int>, int> DefaultAsync;
} // namespace

int Runtime::defaultAsync(DeviceKind K, int Device) {
  auto It = DefaultAsync.find({int(K), Device});
  return It == DefaultAsync.end() ? acc_async_noval : It->second;
}

void Runtime::setDefaultAsync(DeviceKind K, int Device, int Queue) {
  if (Queue == acc_async_default || Queue == acc_async_noval || Queue == 0)
    DefaultAsync.erase({int(K), Device});
  else
    DefaultAsync[{int(K), Device}] = Queue;
}

ferry_status Runtime::shutdownDevice(DeviceKind K, int Device) {
  Backend &B = backendFor(K);
  ferry_status S = report(B.wait(Device, acc_async_noval, /*All=*/true));
  {
    std::lock_guard<std::mutex> Lock(KernelMutex);
    for (auto It = Kernels.begin(); It != Kernels.end();)
      It = std::get<0>(It->first) == int(K) && std::get<1>(It->first) == Device
               ? Kernels.erase(It)
               : std::next(It);
    for (auto It = Modules.begin(); It != Modules.end();) {
      if (std::get<0>(It->first) != int(K) || std::get<1>(It->first) != Device) {
        ++It;
        continue;
      }
      if (It->second)
        report(B.unloadModule(std::move(It->second)));
      It = Modules.erase(It);
    }
  }
  B.shutdownDevice(Device);
  return S;
}

PresentTable &Runtime::presentTable(DeviceKind K, int Device) {
  PresentTable *Made;
  std::vector<DeclaredGlobal> Globals;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto &T = Tables[{int(K), Device}];
    if (T)
      return *T;
    T = std::make_unique<PresentTable>();
    Made = T.get();
    Globals = DeclaredGlobals;
  }
  // The device's first use: the declared globals go there now.
  if (K != DeviceKind::Host && !Globals.empty())
    enterDeclaredGlobals(K, Device, *Made, Globals);
  return *Made;
}

void Runtime::declareGlobal(const void *Host, size_t Bytes, bool Copyin, std::string Name) {
  const DeclaredGlobal G{Host, Bytes, Copyin, std::move(Name)};
  std::vector<std::pair<std::pair<int, int>, PresentTable *>> InUse;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    DeclaredGlobals.push_back(G);
    for (auto &[Key, T] : Tables)
      if (DeviceKind(Key.first) != DeviceKind::Host)
        InUse.emplace_back(Key, T.get());
  }
  for (auto &[Key, T] : InUse)
    enterDeclaredGlobals(DeviceKind(Key.first), Key.second, *T, {G});
}

void Runtime::enterDeclaredGlobals(DeviceKind K, int Device, PresentTable &T,
                                   const std::vector<DeclaredGlobal> &Globals) {
  BackendMemory Mem(backendFor(K), Device, acc_async_sync);
  for (const DeclaredGlobal &G : Globals) {
    void *Host = const_cast<void *>(G.Host), *Dev = nullptr;
    debugf("declare %s(%s): %p (%zu bytes) enters %s", G.Copyin ? "copyin" : "create",
           G.Name.c_str(), Host, G.Bytes, Mem.name().c_str());
    if (T.enter(Host, G.Bytes,
                G.Copyin ? PresentTable::Entry::Copyin : PresentTable::Entry::Create,
                PresentTable::Counter::Dynamic, /*Zero=*/false, Mem, &Dev))
      errorf("declare %s(%s): the variable %p (%zu bytes) could not be put on %s",
             G.Copyin ? "copyin" : "create", G.Name.c_str(), Host, G.Bytes,
             Mem.name().c_str());
  }
}

AllocationTable &Runtime::allocations(DeviceKind K, int Device) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto &T = Allocations[{int(K), Device}];
  if (!T)
    T = std::make_unique<AllocationTable>();
  return *T;
}

int Runtime::deviceMemoryOf(DeviceKind K, int Device, const void *P) {
  if (const int Holder = backendFor(K).deviceHolding(P); Holder >= 0)
    return Holder;
  return presentTable(K, Device).hostAddress(P) ? Device : -1;
}

bool Runtime::checkDeviceRange(const char *Routine, const char *Arg, DeviceKind K, int Device,
                               const void *P, size_t Bytes, const char *Outcome) {
  std::string Why = allocations(K, Device).overrun(P, Bytes);
  if (Why.empty())
    Why = presentTable(K, Device).deviceOverrun(P, Bytes);
  if (Why.empty()) // starts before a block of the device and runs into it
    if (std::string Block = backendFor(K).straddledBlock(Device, P, Bytes); !Block.empty())
      Why = "start outside device memory the runtime allocated: the range " + Block;
  if (Why.empty())
    return true;
  errorf("%s: the %zu bytes at %s %p on %s device %d %s; %s", Routine, Bytes, Arg, P,
         deviceKindName(K), Device, Why.c_str(), Outcome);
  return false;
}

Runtime::PartialsBuffer &Runtime::partialsBuffer(DeviceKind K, int Device) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto &P = PartialsBuffers[{int(K), Device}];
  if (!P)
    P = std::make_unique<PartialsBuffer>();
  return *P;
}

Runtime::PartialsBuffer &Runtime::privatesBuffer(DeviceKind K, int Device, int Queue) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto &P = PrivatesBuffers[{int(K), Device, Queue}];
  if (!P)
    P = std::make_unique<PartialsBuffer>();
  return *P;
}

ferry_status Runtime::placePrivates(Backend &B, DeviceKind K, int Device,
                                    const ferry_launch_desc &D, std::vector<unsigned char> &Closure,
                                    size_t Offset, bool GangMode, uint64_t Gangs, uint64_t Threads,
                                    std::unique_lock<std::mutex> &Held) {
  const ferry_region &R = *D.region;
  ferry_private_block P;
  std::memcpy(&P, Closure.data() + Offset, sizeof P);
  const uint64_t GangCopies = GangMode ? Gangs : Threads;
  // Gang copies first, then the work-items' (each part a multiple of the
  // alignment, which compiled code checked is at most 256).
  const unsigned __int128 GangPart = (unsigned __int128)GangCopies * P.gang_bytes;
  const unsigned __int128 Total = GangPart + (unsigned __int128)Threads * P.lane_bytes;
  if (Total > (unsigned __int128)(SIZE_MAX / 2)) {
    errorf("%s (%s:%u): the private copies of its array sections would take more memory than "
           "can be addressed (%llu gang copies of %llu bytes, %llu work-item copies of %llu "
           "bytes)",
           R.name, R.file ? R.file : "?", R.line, (unsigned long long)GangCopies,
           (unsigned long long)P.gang_bytes, (unsigned long long)Threads,
           (unsigned long long)P.lane_bytes);
    return FERRY_ERROR_INVALID;
  }
  PartialsBuffer &Buf = privatesBuffer(K, Device, D.async);
  Held = std::unique_lock<std::mutex>(Buf.Lock);
  if (Buf.Size < size_t(Total)) {
    // Launches queued before may still use the old copies.
    if (Buf.Ptr) {
      if (D.async != acc_async_sync)
        if (ferry_status S = report(B.wait(Device, D.async, /*All=*/false)))
          return S;
      report(B.release(Device, Buf.Ptr));
    }
    Buf.Ptr = nullptr;
    Buf.Size = 0;
    const size_t Bytes = std::max<size_t>(size_t(Total), 64 * 1024);
    if (report(B.allocate(Device, Bytes, &Buf.Ptr)) != FERRY_SUCCESS || !Buf.Ptr) {
      Buf.Ptr = nullptr;
      errorf("%s (%s:%u): the private copies of its array sections do not fit on the %s "
             "device: %llu bytes (%llu gang copies of %llu bytes, %llu work-item copies of "
             "%llu bytes); shorten the sections",
             R.name, R.file ? R.file : "?", R.line, deviceKindName(K),
             (unsigned long long)Total, (unsigned long long)GangCopies,
             (unsigned long long)P.gang_bytes, (unsigned long long)Threads,
             (unsigned long long)P.lane_bytes);
      return FERRY_ERROR_INVALID;
    }
    Buf.Size = Bytes;
  }
  const uint64_t Base = reinterpret_cast<uintptr_t>(Buf.Ptr);
  P.gang_base = Base;
  P.lane_base = Base + uint64_t(GangPart);
  P.gang_mode = GangMode ? 1 : 0;
  std::memcpy(Closure.data() + Offset, &P, sizeof P);
  notifyf(NotifyLaunch, "%s: private copies of %llu bytes per gang, %llu per work-item",
          R.name, (unsigned long long)P.gang_bytes, (unsigned long long)P.lane_bytes);
  return FERRY_SUCCESS;
}

// The data clauses' memory: its failures are printed here, before the
// present table's message that says what the clause was doing.
ferry_status BackendMemory::allocate(size_t Bytes, void **Out) {
  return report(B.allocate(Device, Bytes, Out));
}
ferry_status BackendMemory::release(void *Dev) { return report(B.release(Device, Dev)); }
ferry_status BackendMemory::toDevice(void *Dev, const void *Host, size_t Bytes) {
  Runtime::get().countTransfer(true, Bytes);
  return report(B.copyToDevice(Device, Dev, Host, Bytes, Queue));
}
ferry_status BackendMemory::fromDevice(void *Host, const void *Dev, size_t Bytes) {
  Runtime::get().countTransfer(false, Bytes);
  return report(B.copyFromDevice(Device, Host, Dev, Bytes, Queue));
}
ferry_status BackendMemory::zero(void *Dev, size_t Bytes) {
  // Zeroes through a synchronous copy, so the buffer may go right after.
  std::vector<unsigned char> Zeros(Bytes, 0);
  return report(B.copyToDevice(Device, Dev, Zeros.data(), Bytes, -2 /*acc_async_sync*/));
}
std::string BackendMemory::name() const {
  return std::string(deviceKindName(B.kind())) + " device " + std::to_string(Device);
}

HostThreadPool &Runtime::hostPool() {
  std::call_once(PoolOnce, [this] {
    const unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
    unsigned N = Cores;
    if (auto Env = envUnsigned("FERRY_HOST_THREADS")) {
      // More threads than a few per core only cost memory and scheduling.
      const unsigned Limit = std::max(64u, 4 * Cores);
      if (*Env > Limit)
        errorf("FERRY_HOST_THREADS=%u is more than Ferry uses here (%u); using %u", *Env, Limit,
               Limit);
      N = std::clamp(*Env, 1u, Limit);
    }
    Pool = std::make_unique<HostThreadPool>(N - 1);
  });
  return *Pool;
}

ferry_status Runtime::parallelFor(const ferry_region &Region,
                                  const void *Closure, int64_t TripCount,
                                  ferry_host_chunk_fn HostFn,
                                  const ferry_reduction *Reduction,
                                  void *Result) {
  if (ferry_status S = enterHostRegion(Region))
    return S;
  return runOnHost(Region, Closure, TripCount, HostFn, Reduction, Result);
}

void runHostChunk(const ferry_region &Region, ferry_host_chunk_fn Fn, const void *Closure,
                  int64_t Begin, int64_t End, void *Partial) noexcept {
  try {
    Fn(Closure, Begin, End, Partial);
  } catch (...) {
    ferry_region_abort(&Region, "a C++ exception left the region (code that a compute region "
                                "calls must not let one out: GPUs have no exceptions)");
  }
}

ferry_status Runtime::runOnHost(const ferry_region &Region,
                                const void *Closure, int64_t TripCount,
                                ferry_host_chunk_fn HostFn,
                                const ferry_reduction *Reduction,
                                void *Result, bool InOrder) {
  if (Reduction && Reduction->init)
    Reduction->init(Result);
  if (TripCount <= 0)
    return FERRY_SUCCESS;
  HostThreadPool &Pool = hostPool();
  const bool Sequential = InOrder || (Region.flags & FERRY_REGION_SEQ);
  const unsigned Chunks =
      Sequential ? 1u
                 : unsigned(std::min<int64_t>(TripCount, Pool.concurrency()));
  notifyf(NotifyLaunch, "launch %s on host: %lld iterations in %u chunk(s)",
          Region.name, (long long)TripCount, Chunks);

  // Private reduction storage, one slot per chunk, combined in chunk order so
  // that the result does not depend on thread timing.
  const size_t Stride =
      Reduction ? (Reduction->size + Reduction->align - 1) / Reduction->align *
                      Reduction->align
                : 0;
  std::vector<unsigned char> Storage;
  unsigned char *Partials = nullptr;
  if (Reduction) {
    Storage.resize(Stride * Chunks + Reduction->align);
    uintptr_t P = reinterpret_cast<uintptr_t>(Storage.data());
    P = (P + Reduction->align - 1) / Reduction->align * Reduction->align;
    Partials = reinterpret_cast<unsigned char *>(P);
    for (unsigned C = 0; C < Chunks; ++C)
      Reduction->init(Partials + C * Stride);
  }
  Pool.run(Chunks, [&](unsigned C) {
    int64_t Begin = TripCount / Chunks * C + std::min<int64_t>(C, TripCount % Chunks);
    int64_t End = Begin + TripCount / Chunks + (C < TripCount % Chunks ? 1 : 0);
    runHostChunk(Region, HostFn, Closure, Begin, End, Partials ? Partials + C * Stride : nullptr);
  });
  if (Reduction)
    for (unsigned C = 0; C < Chunks; ++C)
      Reduction->combine(Result, Partials + C * Stride);
  return FERRY_SUCCESS;
}

} // namespace ferry

namespace ferry {

ferry_status Runtime::refuseRegion(const ferry_region &R, std::optional<DeviceKind> Kind) {
  if (!Kind) {
    errorf("%s: compute region not run: no usable device", R.name);
    return FERRY_ERROR_NO_DEVICE;
  }
  errorf("%s (%s:%u): no %s device code was compiled for this region (set "
         "ACC_DEVICE_TYPE=host to run it on the host)",
         R.name, R.file ? R.file : "?", R.line, deviceKindName(*Kind));
  return FERRY_ERROR_NO_IMAGE;
}

ferry_status Runtime::enterHostRegion(const ferry_region &R) {
  std::optional<DeviceKind> Kind = selectedKind();
  return Kind == DeviceKind::Host ? FERRY_SUCCESS : refuseRegion(R, Kind);
}

ferry_status Runtime::finishDeferred(const ferry_region &R) {
  std::optional<DeviceKind> Kind = selectedKind();
  if (!Kind || *Kind == DeviceKind::Host)
    return FERRY_SUCCESS;
  if (ferry_status S =
          report(backendFor(*Kind).wait(deviceNum(*Kind), acc_async_noval, false))) {
    errorf("%s (%s:%u): a loop of this construct failed on the %s device", R.name,
           R.file ? R.file : "?", R.line, deviceKindName(*Kind));
    return S;
  }
  return FERRY_SUCCESS;
}

/// `num_gangs(1) vector_length(1)`: one gang of one vector lane, which is
/// how programs ask for a loop in order. The region runs as a `seq` one:
/// one work-item (on a GPU, for a region whose iterations hold no loops of
/// their own; a gang of those keeps its block for them), one host thread.
static bool oneGangOfOneLane(const ferry_launch_desc &D, bool OnHost) {
  // (On the host, one gang of a region with nested loops runs its
  // iterations in order too: that gang's work-items are one thread there.)
  const bool Nested = D.region->flags & FERRY_REGION_NESTED;
  return D.num_gangs == 1 && (D.vector_length == 1 || (OnHost && Nested)) &&
         (OnHost || !Nested);
}

/// Seconds of the host's clock since \p Start.
static double wallSecondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

ferry_status Runtime::launchRegion(const ferry_launch_desc &Desc) {
  if (!Desc.region || !Desc.host_fn || (Desc.reduction && !Desc.result) ||
      (Desc.closure_size && !Desc.closure))
    return FERRY_ERROR_INVALID;
  const ferry_region &R = *Desc.region;
  std::optional<DeviceKind> Kind = selectedKind();
  if (!Kind || (*Kind != DeviceKind::Host && !Desc.kernel))
    return refuseRegion(R, Kind);
  struct Scope {
    const ferry_region *Previous;
    ~Scope() { setCurrentRegion(Previous); }
  } InRegion{setCurrentRegion(&R)};
  Backend &B = backendFor(*Kind);
  const int Device = deviceNum(*Kind);
  // `async` without a queue: the thread's default queue.
  ferry_launch_desc D = Desc;
  D.async = resolveAsync(*Kind, Device, Desc.async);
  const auto Start = std::chrono::steady_clock::now();
  if (*Kind != DeviceKind::Host)
    return launchRegionOnDevice(B, *Kind, Device, D, Start);
  return launchRegionOnHost(B, Device, D, Start);
}

ferry_status Runtime::launchRegionOnDevice(Backend &B, DeviceKind K, int Device,
                                           const ferry_launch_desc &D,
                                           std::chrono::steady_clock::time_point Start) {
  const ferry_region &R = *D.region;
  // A deferred synchronous launch (the loops of a construct's host
  // control) goes on the queue that synchronous work shares with
  // acc_async_noval on every GPU backend, so it stays in order with what
  // follows; ferry_finish_deferred waits for it. The closure's bytes are
  // taken at launch.
  ferry_launch_desc Deferred = D;
  if (D.defer && D.async == acc_async_sync && !D.reduction)
    Deferred.async = acc_async_noval;
  // Device time from events around the launch where the backend has them
  // (read at exit), else the host's wall time of the call.
  std::unique_ptr<DeviceEvent> EventStart, EventEnd;
  ferry_status S = launchOnDevice(B, K, Device, Deferred, EventStart, EventEnd);
  if (S != FERRY_SUCCESS) // a launch that did not happen is not counted
    return S;
  if (EventStart && EventEnd && Deferred.async == acc_async_sync) {
    double DeviceSeconds = EventEnd->secondsSince(*EventStart); // End has happened
    recordLaunch(R, DeviceSeconds >= 0 ? DeviceSeconds : wallSecondsSince(Start),
                 /*WallClock=*/DeviceSeconds < 0);
  } else if (EventStart && EventEnd) {
    recordLaunch(R, 0);
    std::lock_guard<std::mutex> Lock(TimeMutex);
    Timed.push_back({&R, std::move(EventStart), std::move(EventEnd)});
  } else {
    recordLaunch(R, wallSecondsSince(Start), /*WallClock=*/true);
  }
  return S;
}

ferry_status Runtime::launchRegionOnHost(Backend &B, int Device, const ferry_launch_desc &D,
                                         std::chrono::steady_clock::time_point Start) {
  const ferry_region &R = *D.region;
  // On the calling thread, after the queue's earlier work (its copies of
  // the `_async` memory routines), as GCC's host fallback and NVHPC's
  // multicore target run `async` regions: the host's device copies are the
  // program's own arrays, and one that the program frees before its `wait`
  // (valid on a GPU, where the region uses its device copy) was read after
  // the free by a region still running on the queue's worker thread.
  // FERRY_HOST_ASYNC=1 queues them on the worker, with a copy of the
  // closure, for programs that keep their arrays until the wait and want
  // the host's work to overlap. Reductions complete before returning.
  if (D.async == acc_async_sync || D.reduction || !envFlag("FERRY_HOST_ASYNC")) {
    if (D.async != acc_async_sync) {
      notifyf(NotifyLaunch, "run %s for host queue %d on the calling thread", R.name, D.async);
      if (ferry_status S = report(B.wait(Device, D.async, /*All=*/false)))
        return S;
    }
    ferry_status S = runOnHost(R, D.closure, D.trip_count, D.host_fn, D.reduction, D.result,
                               oneGangOfOneLane(D, /*OnHost=*/true));
    recordLaunch(R, wallSecondsSince(Start));
    return S;
  }
  auto Closure = std::make_shared<std::vector<unsigned char>>(
      static_cast<const unsigned char *>(D.closure),
      static_cast<const unsigned char *>(D.closure) + D.closure_size);
  const ferry_region *Region = D.region;
  const int64_t Trip = D.trip_count;
  ferry_host_chunk_fn Fn = D.host_fn;
  const bool InOrder = oneGangOfOneLane(D, /*OnHost=*/true);
  notifyf(NotifyLaunch, "queue %s on host queue %d", R.name, D.async);
  B.hostQueues()->submit(D.async, [this, Region, Closure, Trip, Fn, InOrder] {
    auto Begin = std::chrono::steady_clock::now();
    ferry_status S = runOnHost(*Region, Closure->data(), Trip, Fn, nullptr, nullptr, InOrder);
    recordLaunch(*Region, wallSecondsSince(Begin));
    return S;
  });
  return FERRY_SUCCESS;
}

struct Runtime::IndexedImage {
  ImageIndex Index;
  std::vector<ferry_symbol> Symbols; ///< names point into Index
};

Error Runtime::imageSymbols(size_t Index, const ferry_symbol *&Symbols, size_t &Count) {
  const DeviceImageRef *I = ImageRegistry::get().image(Index);
  if (!I)
    return makeError(FERRY_ERROR_INVALID, "image %zu does not exist (%zu registered)", Index,
                     ImageRegistry::get().size());
  std::lock_guard<std::mutex> Lock(ImageSymbolsMutex);
  std::unique_ptr<IndexedImage> &Entry = IndexedImages[Index];
  if (!Entry) {
    auto Fresh = std::make_unique<IndexedImage>();
    if (std::string Error = indexImage(I->Data, I->Size, Fresh->Index); !Error.empty()) {
      IndexedImages.erase(Index);
      return makeError(FERRY_ERROR_INVALID, "image %zu (%s): %s", Index, I->Arch.c_str(),
                       Error.c_str());
    }
    for (const SymbolInfo &S : Fresh->Index.Symbols)
      Fresh->Symbols.push_back({S.Name.c_str(), S.Kind, S.Size, S.Offset, 0});
    Entry = std::move(Fresh);
  }
  Symbols = Entry->Symbols.data();
  Count = Entry->Symbols.size();
  return Error::success();
}

namespace {

/// An AMD image that is a relocatable object (ELF e_type ET_REL): the code of
/// a translation unit that calls `routine`s of others, or defines them.
bool isRelocatableObject(const ferry_image_info &I) {
  const auto *Bytes = static_cast<const unsigned char *>(I.data);
  return std::strcmp(I.kind, "object") == 0 && I.size >= 18 && Bytes[16] == 1 && Bytes[17] == 0;
}

/// Whether image \p Index defines kernels (a library of device functions
/// does not). An image that cannot be indexed counts as a kernel image: its
/// own load says what is wrong with it.
bool definesKernels(size_t Index) {
  const ferry_symbol *Syms;
  size_t Count;
  if (Runtime::get().imageSymbols(Index, Syms, Count))
    return true;
  for (size_t S = 0; S < Count; ++S)
    if (Syms[S].kind == FERRY_SYMBOL_KERNEL)
      return true;
  return false;
}

/// Whether a cubin for \p Arch ("sm_80") runs on the device whose ISA is
/// \p Isa ("nvptx64-nvidia-cuda--sm_86"): native code runs on its major
/// version's later minor ones (sm_80 code on sm_86), not across majors.
bool cubinRuns(const char *Arch, const std::string &Isa) {
  auto Number = [](std::string_view S) {
    const size_t At = S.rfind("sm_");
    unsigned N = 0;
    for (size_t I = At == std::string_view::npos ? S.size() : At + 3;
         I < S.size() && S[I] >= '0' && S[I] <= '9'; ++I)
      N = N * 10 + unsigned(S[I] - '0');
    return N;
  };
  const unsigned Image = Number(Arch), Device = Number(Isa);
  return Image && Device && Image / 10 == Device / 10 && Image <= Device;
}

bool ptxContains(const ferry_image_info &I, const char *What) {
  return std::strcmp(I.kind, "ptx") == 0 &&
         std::string_view(static_cast<const char *>(I.data), I.size).find(What) !=
             std::string_view::npos;
}

} // namespace

/// The order in which a kernel's image is looked for: cubins first; on the
/// emulated devices (\p Emulated), objects with their translated IR (one
/// without it is tried last, for the loader to say what it lacks).
static std::vector<size_t> imageOrder(bool Emulated) {
  const size_t N = ferry_image_count();
  std::vector<size_t> Order;
  for (int Pass = 0; Pass < 2; ++Pass)
    for (size_t I = 0; I < N; ++I) {
      ferry_image_info Info;
      const bool First =
          ferry_get_image_info(I, &Info) == FERRY_SUCCESS &&
          (Emulated ? ImageRegistry::get().translatedIR(I, Info.arch) != nullptr
                    : std::strcmp(Info.kind, "cubin") == 0);
      if (First == (Pass == 0))
        Order.push_back(I);
    }
  return Order;
}

ferry_status Runtime::deviceKernel(Backend &B, DeviceKind K, int Device, const ferry_region &R,
                                   const char *Name, DeviceKernel **Kernel,
                                   DeviceModule **LoadedModule) {
  std::lock_guard<std::mutex> Lock(KernelMutex);
  auto Key = std::make_tuple(int(K), Device, std::string(Name));
  if (auto It = Kernels.find(Key); It != Kernels.end()) {
    *Kernel = It->second.first;
    *LoadedModule = It->second.second;
    return FERRY_SUCCESS;
  }
  const std::string Isa = B.isa(Device);
  // NVIDIA: native code for the device (a cubin) before PTX, which the
  // driver JIT-compiles; FERRY_PTX_JIT=1 takes the PTX.
  const bool Native = K == DeviceKind::Nvidia && !envFlag("FERRY_PTX_JIT");
  auto Usable = [&](const ferry_image_info &Info) {
    if (K == DeviceKind::Nvidia)
      return std::strcmp(Info.kind, "ptx") == 0 ||
             (Native && std::strcmp(Info.kind, "cubin") == 0 && cubinRuns(Info.arch, Isa));
    return std::strcmp(Info.kind, "object") == 0 && std::strstr(Info.triple, "amdgcn") &&
           checkIsaCompatible(std::string("amdgcn-amd-amdhsa--") + Info.arch, Isa).empty();
  };
  // Device IR (-fplugin-arg-ferry-jit, and what ferry-clang++ embeds for
  // its link) of the packages with no image for this device, compiled for
  // it; a failure is said here, and the search below then names the region.
  // The emulated devices run an object's translated IR: an object without
  // it runs there only with what its package's device IR compiles to.
  report(compileDeferredImages(isaProcessor(Isa), B.emulated(), [&](size_t I) {
    ferry_image_info Info;
    return ferry_get_image_info(I, &Info) == FERRY_SUCCESS && Usable(Info) &&
           (!B.emulated() || ImageRegistry::get().translatedIR(I, Info.arch) != nullptr);
  }));
  const size_t N = ferry_image_count();
  const std::vector<size_t> Order = imageOrder(B.emulated());
  std::string Seen;
  for (size_t I : Order) {
    ferry_image_info Info;
    if (ferry_get_image_info(I, &Info) != FERRY_SUCCESS)
      continue;
    const std::string &Deferred = ImageRegistry::get().image(I)->Deferred;
    Seen += std::string(Seen.empty() ? "" : ", ") +
            (Deferred.empty() ? std::string(Info.kind) + " " + Info.arch
                              : "device IR (" + Deferred + ")");
    if (!Usable(Info))
      continue;
    const ferry_symbol *Syms;
    size_t Count;
    if (Error E = imageSymbols(I, Syms, Count)) {
      report(E);
      continue;
    }
    bool Defines = false;
    for (size_t S = 0; S < Count; ++S)
      Defines |= Syms[S].kind == FERRY_SYMBOL_KERNEL && std::strcmp(Syms[S].name, Name) == 0;
    if (!Defines)
      continue;
    std::unique_ptr<DeviceModule> &Module = Modules[std::make_tuple(int(K), Device, I)];
    if (!Module) {
      std::vector<Backend::Image> Imgs{{Info.kind, Info.data, Info.size}};
      // Code that calls `routine`s of other translation units: linked with
      // the program's images that define functions for others.
      const bool Links = K == DeviceKind::Nvidia ? ptxContains(Info, ".extern .func")
                                                 : isRelocatableObject(Info);
      for (size_t J = 0; Links && J < N; ++J) {
        ferry_image_info Lib;
        if (J == I || ferry_get_image_info(J, &Lib) != FERRY_SUCCESS || !Usable(Lib))
          continue;
        if (K == DeviceKind::Nvidia
                ? ptxContains(Lib, ".visible .func") && !ptxContains(Lib, ".entry")
                : isRelocatableObject(Lib) && !definesKernels(J))
          Imgs.push_back({Lib.kind, Lib.data, Lib.size});
      }
      if (Error E = B.loadModule(Device, Imgs, Module)) {
        report(E);
        errorf("%s (%s:%u): cannot load the %s image for %s", R.name, R.file ? R.file : "?",
               R.line, Info.arch, deviceKindName(K));
        return E.status();
      }
    }
    if (Error E = B.getKernel(*Module, Name, *Kernel))
      return report(E);
    Kernels[Key] = {*Kernel, Module.get()};
    *LoadedModule = Module.get();
    return FERRY_SUCCESS;
  }
  errorf("%s (%s:%u): no image for this %s device (%s) defines kernel '%s' (images: %s)",
         R.name, R.file ? R.file : "?", R.line, deviceKindName(K),
         Isa.empty() ? "device" : Isa.c_str(), Name, Seen.empty() ? "none" : Seen.c_str());
  return FERRY_ERROR_NO_IMAGE;
}

Error Runtime::uploadGlobals(Backend &B, DeviceKind K, int Device, const ferry_launch_desc &D,
                             DeviceModule &Module) {
  const ferry_region &R = *D.region;
  const char *File = R.file ? R.file : "?";
  for (size_t I = 0; I < D.kernel->num_globals; ++I) {
    const ferry_device_global &G = D.kernel->globals[I];
    uint64_t Address = 0, Size = 0;
    // The backend's reason is left out: the message below says it for the
    // region.
    if (B.symbolAddress(Module, G.symbol, Address, Size) || Size < G.size)
      return makeError(FERRY_ERROR_NO_IMAGE,
                       "%s (%s:%u): the device copy '%s' of a global variable the region reads "
                       "is missing from its image",
                       R.name, File, R.line, G.symbol);
    const void *Source = G.host;
    if (G.num_pointers) {
      // Pointers in it become device addresses, as the closure's do.
      std::lock_guard<std::mutex> Lock(TranslatedGlobalsMutex);
      std::vector<unsigned char> &Value =
          TranslatedGlobals[std::make_tuple(int(K), Device, G.host)];
      Value.assign(static_cast<const unsigned char *>(G.host),
                   static_cast<const unsigned char *>(G.host) + G.size);
      for (size_t P = 0; P < G.num_pointers; ++P) {
        const uint32_t Off = G.pointer_offsets[P];
        if (Off + sizeof(void *) > Value.size())
          continue;
        void *HostPtr;
        std::memcpy(&HostPtr, Value.data() + Off, sizeof HostPtr);
        if (!HostPtr)
          continue;
        std::optional<void *> Dev = presentTable(K, Device).attachAddress(HostPtr);
        if (!Dev && B.reachesHostMemory(Device))
          continue; // the host's address (unified memory)
        if (!Dev && deviceMemoryOf(K, Device, HostPtr) == Device)
          continue; // device memory already (acc_malloc, cudaMalloc)
        if (!Dev)
          return makeError(
              FERRY_ERROR_INVALID,
              "%s (%s:%u): the global variable the region reads through its device copy "
              "'%s' holds a pointer (at byte %u: %p) to memory that is not present on the %s "
              "device; name that memory in a data clause or 'enter data' first (this device does "
              "not reach host memory)",
              R.name, File, R.line, G.symbol, Off, HostPtr, deviceKindName(K));
        std::memcpy(Value.data() + Off, &*Dev, sizeof(void *));
      }
      Source = Value.data();
    }
    if (Error E =
            B.copyToDevice(Device, reinterpret_cast<void *>(Address), Source, G.size, D.async))
      return E;
  }
  return Error::success();
}

void Runtime::addDeclaredRef(const void *Host, std::string Symbol) {
  std::lock_guard<std::mutex> Lock(DeclaredRefsMutex);
  DeclaredRefs.push_back({Host, std::move(Symbol)});
  DeclaredRefCount.store(DeclaredRefs.size(), std::memory_order_release);
}

Error Runtime::fillDeclaredRefs(Backend &B, DeviceKind K, int Device, DeviceModule &Module,
                                int Async) {
  // (Most programs declare nothing, or every module is filled already.)
  if (Module.DeclaredRefsFilled.load(std::memory_order_acquire) ==
      DeclaredRefCount.load(std::memory_order_acquire))
    return Error::success();
  std::lock_guard<std::mutex> Lock(DeclaredRefsMutex);
  size_t I = Module.DeclaredRefsFilled.load(std::memory_order_relaxed);
  for (; I < DeclaredRefs.size(); ++I) {
    const DeclaredRef &R = DeclaredRefs[I];
    uint64_t Address = 0, Size = 0;
    if (B.symbolAddress(Module, R.Symbol.c_str(), Address, Size) || Size < sizeof(void *))
      continue; // no code of this module uses the variable
    std::optional<void *> Dev = presentTable(K, Device).attachAddress(const_cast<void *>(R.Host));
    if (!Dev && !B.reachesHostMemory(Device))
      continue; // not on this device (entered at its first use): its regions say so
    void *&Value = DeclaredRefValues[std::make_tuple(int(K), Device, I)];
    Value = Dev ? *Dev : const_cast<void *>(R.Host);
    if (Error E = B.copyToDevice(Device, reinterpret_cast<void *>(Address), &Value,
                                 sizeof(void *), Async)) {
      Module.DeclaredRefsFilled.store(I, std::memory_order_release);
      return E;
    }
  }
  Module.DeclaredRefsFilled.store(I, std::memory_order_release);
  return Error::success();
}

namespace {
/// The section bases of a data construct open on this thread.
struct OpenConstruct {
  const ferry_region *Construct;
  DeviceKind Kind;
  int Device;
  std::vector<Runtime::SectionBase> Bases;
};
thread_local std::vector<OpenConstruct> OpenConstructs;
} // namespace

void Runtime::openSectionBases(const ferry_region *Construct, DeviceKind K, int Device,
                               std::vector<SectionBase> Bases) {
  // A base two of its sections translate differently is ambiguous: none.
  for (size_t I = 0; I < Bases.size(); ++I)
    for (size_t J = I + 1; J < Bases.size(); ++J)
      if (Bases[I].Base == Bases[J].Base && Bases[I].Dev != Bases[J].Dev)
        Bases[I].Dev = Bases[J].Dev = nullptr;
  OpenConstructs.push_back({Construct, K, Device, std::move(Bases)});
}

void Runtime::closeSectionBases(const ferry_region *Construct) {
  for (size_t I = OpenConstructs.size(); I-- > 0;)
    if (OpenConstructs[I].Construct == Construct) {
      OpenConstructs.erase(OpenConstructs.begin() + I);
      return;
    }
}

std::optional<void *> Runtime::sectionBase(DeviceKind K, int Device, const void *Host) const {
  for (size_t I = OpenConstructs.size(); I-- > 0;) {
    const OpenConstruct &C = OpenConstructs[I];
    if (C.Kind != K || C.Device != Device)
      continue;
    for (const SectionBase &B : C.Bases)
      if (B.Base == Host)
        return B.Dev ? std::optional<void *>(B.Dev) : std::nullopt;
  }
  return std::nullopt;
}

Error Runtime::attachClosure(Backend &B, DeviceKind K, int Device, const ferry_launch_desc &D,
                             std::vector<unsigned char> &Closure) {
  const ferry_region &R = *D.region;
  const char *File = R.file ? R.file : "?";
  PresentTable &Table = presentTable(K, Device);
  for (size_t I = 0; I < D.kernel->num_pointers; ++I) {
    const uint32_t Off = D.kernel->pointer_offsets[I];
    if (Off + sizeof(void *) > Closure.size())
      return makeError(FERRY_ERROR_INVALID,
                       "%s (%s:%u): pointer field at offset %u lies outside the %zu-byte closure",
                       R.name, File, R.line, Off, Closure.size());
    void *HostPtr;
    std::memcpy(&HostPtr, Closure.data() + Off, sizeof HostPtr);
    if (!HostPtr)
      continue;
    std::optional<void *> Dev = sectionBase(K, Device, HostPtr);
    if (!Dev)
      Dev = Table.attachAddress(HostPtr);
    if (!Dev && isAbsentNoCreate(HostPtr))
      continue; // no_create of absent data: the host address (OpenACC 3.3 2.7.10)
    if (!Dev && (R.flags & FERRY_REGION_POINTER_KINDS) && D.kernel->pointer_kinds &&
        D.kernel->pointer_kinds[I] == FERRY_POINTER_VALUE)
      continue; // firstprivate: the value (OpenACC 3.3 2.5.14)
    if (!Dev && B.reachesHostMemory(Device))
      continue; // memory in no data clause, which the device reaches where it is
    const int Holder = Dev ? -1 : deviceMemoryOf(K, Device, HostPtr);
    if (Holder == Device)
      continue; // device memory already (acc_malloc, cudaMalloc): used as it is
    // "the pointer 'grid' (closure offset 0, 0x...)" where the compiler
    // named it.
    const char *Name = D.kernel->pointer_names ? D.kernel->pointer_names[I] : nullptr;
    char What[256];
    if (Name && *Name)
      std::snprintf(What, sizeof What, "the pointer '%s' (closure offset %u, %p)", Name, Off,
                    HostPtr);
    else
      std::snprintf(What, sizeof What, "the pointer at closure offset %u (%p)", Off, HostPtr);
    if (Holder >= 0)
      return makeError(FERRY_ERROR_INVALID,
                       "%s (%s:%u): %s points to memory of %s device %d, but the region runs "
                       "on device %d",
                       R.name, File, R.line, What, deviceKindName(K), Holder, Device);
    // Members through `this` where no clause names the object.
    if (!Dev && Name && std::strcmp(Name, "this") == 0)
      return makeError(FERRY_ERROR_INVALID,
                       "%s (%s:%u): the region uses members through 'this' (closure offset %u, "
                       "%p), but the object is not present on the %s device; name it in a data "
                       "clause (copy(this), present(this)) or enter it first (enter data "
                       "copyin(this)) (this device does not reach host memory)",
                       R.name, File, R.line, Off, HostPtr, deviceKindName(K));
    if (!Dev)
      return makeError(FERRY_ERROR_INVALID,
                       "%s (%s:%u): %s points to memory that is not present on the %s device; "
                       "name it in a data clause (copy, copyin, create, present) or acc_copyin "
                       "it first (this device does not reach host memory)",
                       R.name, File, R.line, What, deviceKindName(K));
    std::memcpy(Closure.data() + Off, &*Dev, sizeof(void *));
  }
  return Error::success();
}

/// The grid of a region's launch and what sizes its buffers.
struct Runtime::LaunchShape {
  bool Nested = false;
  uint32_t Width = 1, BlockRows = 1, Blocks = 1;
  uint32_t Gangs = 1;     ///< partials of a reduction
  size_t Stride = 0;      ///< bytes of one partial
  size_t PrivatesOffset = 0; ///< of the ferry_private_block in the closure
};

/// Private copies of array sections: one per gang or work-item of the
/// grid. A grid Ferry chooses keeps them within PrivateBudget (the kernel is
/// grid-stride, so fewer blocks still run every iteration): lowers
/// \p MaxBlocks, and finds the ferry_private_block's \p Offset in \p Closure.
static Error limitPrivates(const ferry_launch_desc &D, const std::vector<unsigned char> &Closure,
                           bool Nested, uint32_t Width, uint32_t GangsPerBlock,
                           uint32_t BlockRows, size_t &Offset, int64_t &MaxBlocks) {
  const ferry_region &R = *D.region;
  ferry_private_block Privates = {};
  Offset = size_t(reinterpret_cast<const unsigned char *>(D.privates) -
                  static_cast<const unsigned char *>(D.closure));
  if (reinterpret_cast<const unsigned char *>(D.privates) <
          static_cast<const unsigned char *>(D.closure) ||
      Offset + sizeof Privates > Closure.size())
    return makeError(FERRY_ERROR_INVALID,
                     "%s (%s:%u): its private copies are described outside its closure", R.name,
                     R.file ? R.file : "?", R.line);
  std::memcpy(&Privates, Closure.data() + Offset, sizeof Privates);
  constexpr uint64_t PrivateBudget = uint64_t(1) << 30;
  const uint64_t PerBlock =
      uint64_t(GangsPerBlock) * (Nested ? Privates.gang_bytes : Width * Privates.gang_bytes) +
      uint64_t(BlockRows) * Width * Privates.lane_bytes;
  if (PerBlock)
    MaxBlocks = std::min<int64_t>(MaxBlocks, std::max<uint64_t>(1, PrivateBudget / PerBlock));
  return Error::success();
}

// Geometry: a `seq` region (or one gang of one lane, oneGangOfOneLane) is
// one work-item; otherwise vector_length
// work-items per block (256 by default, rounded up to whole warps, which
// the block-level reduction needs) and num_gangs blocks (by default enough
// to cover the iterations, at most 65536; the kernel is grid-stride).
// A region with loops nested in its iterations runs one iteration per
// gang, its nested loops over the gang's vector_length work-items
// (threadIdx.x). By default a gang is a block of 128 work-items, or, when
// the nested loops reduce (row sums, dot products), one warp with eight
// gangs to a block (threadIdx.y; fewer for few iterations, below),
// combining with shuffles alone; a
// vector_length of 32 makes warp gangs too. Blocks stride over the
// iterations, gangs per block at a time.
// With workers (FERRY_REGION_WORKERS) a gang is one block of warps, one
// per worker (threadIdx.y): num_workers of them (4 by default), times
// vector_length / 32 when vector_length is above a warp (a worker's vector
// loops run on one warp), at most 1024 work-items.
Error Runtime::shapeLaunch(const ferry_launch_desc &D, const std::vector<unsigned char> &Closure,
                           LaunchShape &Shape) {
  const ferry_region &R = *D.region;
  const int64_t Trip = D.trip_count;
  const bool Seq = (R.flags & FERRY_REGION_SEQ) || oneGangOfOneLane(D, /*OnHost=*/false);
  const bool Nested = !Seq && (R.flags & FERRY_REGION_NESTED);
  const bool Workers = Nested && (R.flags & FERRY_REGION_WORKERS);
  const uint32_t Width = Seq       ? 1
                         : Workers ? 32
                         : D.vector_length ? (D.vector_length + 31) / 32 * 32
                         : Nested ? (R.flags & FERRY_REGION_WARP_GANGS ? 32 : 128)
                                  : 256;
  const uint32_t WorkerWarps =
      Workers ? std::min<uint32_t>(32, (D.num_workers ? D.num_workers : 4) *
                                           std::max<uint32_t>(1, (D.vector_length + 31) / 32))
              : 1;
  // Warp gangs: eight to a block, fewer where the gangs are few (under 2048
  // iterations), so that they spread over more of the GPU's multiprocessors.
  // (Never more gangs than num_gangs(n) asks for.)
  const uint32_t GangsPerBlock =
      Nested && !Workers && Width == 32
          ? std::min<uint32_t>(Trip >= 2048 ? 8 : Trip >= 1024 ? 4 : Trip >= 512 ? 2 : 1,
                               D.num_gangs ? D.num_gangs : 8)
          : 1;
  const uint32_t BlockRows = Workers ? WorkerWarps : GangsPerBlock; // threadIdx.y
  const int64_t Needed = Nested ? (Trip + GangsPerBlock - 1) / GangsPerBlock
                                : (Trip + Width - 1) / Width;
  // With a reduction each gang leaves one partial for the host to combine:
  // at most 1024 blocks keep that copy small.
  int64_t MaxBlocks = D.reduction ? 1024 : 65536;
  if (D.privates)
    if (Error E = limitPrivates(D, Closure, Nested, Width, GangsPerBlock, BlockRows,
                                Shape.PrivatesOffset, MaxBlocks))
      return E;
  Shape.Nested = Nested;
  Shape.Width = Width;
  Shape.BlockRows = BlockRows;
  Shape.Blocks = Seq           ? 1
                 : D.num_gangs ? (D.num_gangs + GangsPerBlock - 1) / GangsPerBlock
                               : uint32_t(std::min<int64_t>(Needed, MaxBlocks));
  Shape.Gangs = Shape.Blocks * GangsPerBlock;
  if (D.reduction)
    Shape.Stride = (D.reduction->size + D.reduction->align - 1) / D.reduction->align *
                   D.reduction->align;
  return Error::success();
}

Error Runtime::reductionPartials(Backend &B, DeviceKind K, int Device, size_t Bytes,
                                 std::unique_lock<std::mutex> &Held, void *&Partials) {
  PartialsBuffer &P = partialsBuffer(K, Device);
  Held = std::unique_lock<std::mutex>(P.Lock);
  if (P.Size < Bytes) {
    if (P.Ptr) // a failure to free the old buffer is said, and the launch goes on
      report(B.release(Device, P.Ptr));
    P.Ptr = nullptr;
    P.Size = 0;
    const size_t Grown = std::max<size_t>(Bytes, 64 * 1024);
    if (Error E = B.allocate(Device, Grown, &P.Ptr))
      return E;
    P.Size = Grown;
  }
  Partials = P.Ptr;
  return Error::success();
}

Error Runtime::combinePartials(Backend &B, int Device, const ferry_launch_desc &D,
                               const void *Partials, const LaunchShape &Shape) {
  if (D.async != acc_async_sync)
    if (Error E = B.wait(Device, D.async, /*All=*/false))
      return E;
  std::vector<unsigned char> Host(Shape.Stride * Shape.Gangs);
  if (Error E = B.copyFromDevice(Device, Host.data(), Partials, Host.size(), acc_async_sync))
    return E;
  for (uint32_t G = 0; G < Shape.Gangs; ++G)
    D.reduction->combine(D.result, Host.data() + G * Shape.Stride);
  return Error::success();
}

ferry_status Runtime::runKernel(Backend &B, DeviceKind K, int Device, const ferry_launch_desc &D,
                                DeviceKernel &Kernel, const LaunchShape &Shape, void **Args,
                                const void *Partials, std::unique_ptr<DeviceEvent> &Start,
                                std::unique_ptr<DeviceEvent> &End) {
  const ferry_region &R = *D.region;
  const char *File = R.file ? R.file : "?";
  const uint32_t Grid[3] = {Shape.Blocks, 1, 1}, BlockDims[3] = {Shape.Width, Shape.BlockRows, 1};
  const int Queue = D.async;
  // FERRY_TIME's events bracket the kernel alone (not loading, not attach).
  if (TimeEnabled && B.hasDeviceEvents())
    Start = B.eventRecord(Device, Queue);
  // A failed launch is one message: what the backend says, then the region.
  ferry_status S = FERRY_SUCCESS;
  if (Error E = Kernel.launch(Grid, BlockDims, 0, Args, Queue))
    S = report(makeError(E.status(), "%s; in the region %s (%s:%u) on the %s device",
                         E.message().c_str(), R.name, File, R.line, deviceKindName(K)));
  if (Start)
    End = B.eventRecord(Device, Queue);
  if (S != FERRY_SUCCESS || !D.reduction)
    return S;
  if ((S = report(combinePartials(B, Device, D, Partials, Shape))))
    errorf("%s (%s:%u): the region failed on the %s device", R.name, File, R.line,
           deviceKindName(K));
  return S;
}

ferry_status Runtime::launchOnDevice(Backend &B, DeviceKind K, int Device,
                                     const ferry_launch_desc &D,
                                     std::unique_ptr<DeviceEvent> &Start,
                                     std::unique_ptr<DeviceEvent> &End) {
  DeviceKernel *Kernel = nullptr;
  DeviceModule *Module = nullptr;
  if (ferry_status S = deviceKernel(B, K, Device, *D.region, D.kernel->name, &Kernel, &Module))
    return S;
  int64_t Trip = D.trip_count;
  if (D.reduction && D.reduction->init)
    D.reduction->init(D.result);
  // No iteration: nothing runs, so no pointer needs a device address (a
  // buffer of no element is often in no data clause, or malloc(0)'s).
  if (Trip <= 0)
    return FERRY_SUCCESS;
  // Host globals the region reads: their values now, on the region's queue.
  if (Error E = uploadGlobals(B, K, Device, D, *Module))
    return report(E);
  if (Error E = fillDeclaredRefs(B, K, Device, *Module, D.async))
    return report(E);
  // Implicit attach: the closure's pointers become device addresses.
  std::vector<unsigned char> Closure(static_cast<const unsigned char *>(D.closure),
                                     static_cast<const unsigned char *>(D.closure) +
                                         D.closure_size);
  if (Error E = attachClosure(B, K, Device, D, Closure))
    return report(E);
  LaunchShape Shape;
  if (Error E = shapeLaunch(D, Closure, Shape))
    return report(E);
  void *Partials = nullptr;
  std::unique_lock<std::mutex> PartialsLock;
  if (D.reduction)
    if (Error E = reductionPartials(B, K, Device, Shape.Stride * Shape.Gangs, PartialsLock,
                                    Partials))
      return report(E);
  std::unique_lock<std::mutex> PrivatesLock;
  if (D.privates)
    if (ferry_status S =
            placePrivates(B, K, Device, D, Closure, Shape.PrivatesOffset, Shape.Nested,
                          Shape.Gangs, uint64_t(Shape.Blocks) * Shape.BlockRows * Shape.Width,
                          PrivatesLock))
      return S;
  void *Args[3] = {Closure.data(), &Trip, &Partials};
  return runKernel(B, K, Device, D, *Kernel, Shape, Args, Partials, Start, End);
}

} // namespace ferry

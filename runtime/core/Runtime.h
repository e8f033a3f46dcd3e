//===- Runtime.h - The process-wide offload runtime ------------*- C++ -*-===//
///
/// \file
/// One Runtime per process: the backends, the device selection
/// (ACC_DEVICE_TYPE, ACC_DEVICE_NUM, acc_set_device_*; default order AMD,
/// NVIDIA, host) and the execution of compute regions.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_RUNTIME_H
#define FERRY_RUNTIME_CORE_RUNTIME_H

#include "core/AllocationTable.h"
#include "core/Backend.h"
#include "core/Error.h"
#include "core/PresentTable.h"
#include "ferry/runtime.h"

#include <chrono>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ferry {

class HostThreadPool;

/// DeviceMemory over a backend's device \p Device and OpenACC queue.
class BackendMemory final : public DeviceMemory {
public:
  BackendMemory(Backend &B, int Device, int Queue)
      : B(B), Device(Device), Queue(Queue) {}
  ferry_status allocate(size_t Bytes, void **Out) override;
  ferry_status release(void *Dev) override;
  ferry_status toDevice(void *Dev, const void *Host, size_t Bytes) override;
  ferry_status fromDevice(void *Host, const void *Dev, size_t Bytes) override;
  ferry_status zero(void *Dev, size_t Bytes) override;
  std::string name() const override;

private:
  Backend &B;
  int Device, Queue;
};

/// Picks the device kind regions run on. \p Requested is the user's choice
/// (ACC_DEVICE_TYPE or acc_set_device_type), \p Available says how many
/// devices each kind has. Returns the kind, or std::nullopt when the request
/// cannot be met (the caller reports it; nothing falls back silently).
std::optional<DeviceKind>
selectDeviceKind(std::optional<DeviceKind> Requested,
                 int (*Available)(DeviceKind, void *), void *Ctx);

/// Makes \p R the region that data movement on this thread is counted for
/// (FERRY_TIME); returns the previous one.
const ferry_region *setCurrentRegion(const ferry_region *R);

/// Runs iterations [\p Begin, \p End) of \p Region's host version. Compiled
/// programs call the runtime as code that does not throw (FERRY_NOTHROW in
/// ferry/runtime.h), so an exception leaving a region (from library code
/// it calls: the plugin refuses `throw` in one) stops the program here,
/// naming the region, as a GPU would trap.
void runHostChunk(const ferry_region &Region, ferry_host_chunk_fn Fn, const void *Closure,
                  int64_t Begin, int64_t End, void *Partial) noexcept;

class Runtime {
public:
  static Runtime &get();

  /// A `declare`d global (ferry_declare_global_ref): \p Host, and
  /// \p Symbol, the device variable that holds its device address in the
  /// images whose code uses it. Before each launch, the kernel's module
  /// gets the device address in each such variable it has.
  void addDeclaredRef(const void *Host, std::string Symbol);
  /// A global of `declare create|copyin` at namespace scope
  /// (ferry_declare_global): [\p Host, + \p Bytes) is entered on each device
  /// other than the host when the program first uses that device (its
  /// present table is made), with a dynamic reference that is never
  /// released, so the values the program set before (main() reading its
  /// input) reach it, as NVHPC and GCC enter such globals when they
  /// initialize the device; at once on devices in use already. \p Name is
  /// the variable as written, for messages.
  void declareGlobal(const void *Host, size_t Bytes, bool Copyin, std::string Name);

  /// All backends, in the default selection order (hsa, cuda, host).
  const std::vector<std::unique_ptr<Backend>> &backends() const {
    return Backends;
  }
  Backend &backendFor(DeviceKind K);
  int numDevices(DeviceKind K) { return backendFor(K).numDevices(); }

  /// The kind regions run on; std::nullopt (after printing why) when the
  /// requested kind is unusable.
  std::optional<DeviceKind> selectedKind();
  /// selectedKind() without printing: why the requested kind is unusable is
  /// the error.
  Error selectKind(DeviceKind &Out);
  /// Requests a kind; std::nullopt restores the default: the kind
  /// ACC_DEVICE_TYPE names (acc-device-type-var's initial value), else the
  /// first kind with a device in the default order.
  void setDeviceKind(std::optional<DeviceKind> K);
  /// The calling thread's device of kind \p K (acc_set_device_num): each
  /// host thread has its own; one that set none has ACC_DEVICE_NUM's (0).
  void setDeviceNum(DeviceKind K, int Num);
  int deviceNum(DeviceKind K);

  /// The queue that acc_async_noval names for the calling thread on device
  /// \p Device of kind \p K: what acc_set_default_async set, else
  /// acc_async_noval itself (the queue synchronous work shares on GPUs).
  int defaultAsync(DeviceKind K, int Device);
  /// acc_set_default_async; acc_async_default restores the initial queue.
  void setDefaultAsync(DeviceKind K, int Device, int Queue);
  /// \p Async, with acc_async_noval replaced by defaultAsync: what every
  /// entry point that takes a queue from the program passes on. Queue 0 is
  /// the initial default queue's number (acc_get_default_async returns it):
  /// it resolves to acc_async_noval, the backends' queue that synchronous
  /// work shares.
  int resolveAsync(DeviceKind K, int Device, int Async) {
    const int Queue = Async == -1 /*acc_async_noval*/ ? defaultAsync(K, Device) : Async;
    return Queue == 0 ? -1 /*acc_async_noval*/ : Queue;
  }
  /// acc_shutdown_device: waits for the device's queues, unloads the
  /// modules loaded on it and lets the backend release its queues; the next
  /// region loads them again. Data and acc_malloc blocks stay.
  ferry_status shutdownDevice(DeviceKind K, int Device);

  /// The present table of device \p Device of kind \p K.
  PresentTable &presentTable(DeviceKind K, int Device);

  /// A pointer a construct's clause names with a section, `p[lo:len]`, is
  /// that section's device copy shifted back to p (OpenACC's attach of p to
  /// the section): the regions inside the construct translate p's value
  /// \p Base through it, to \p Dev, although p may point into another
  /// present piece of the array (`enter data copyin(p[0:h])` and
  /// `copyin(p[h:h])`, a region with `present(p[h:h])`). The data
  /// constructs open on the calling thread keep their bases (ferry_data_enter
  /// opens them, ferry_data_exit closes them); a base two sections of one
  /// construct give differently translates as before.
  struct SectionBase {
    const void *Base;
    void *Dev;
  };
  void openSectionBases(const ferry_region *Construct, DeviceKind K, int Device,
                        std::vector<SectionBase> Bases);
  void closeSectionBases(const ferry_region *Construct);
  /// The innermost open construct's translation of \p Host on the device.
  std::optional<void *> sectionBase(DeviceKind K, int Device, const void *Host) const;
  /// The blocks acc_malloc handed out on device \p Device of kind \p K.
  AllocationTable &allocations(DeviceKind K, int Device);
  /// The device of kind \p K whose memory \p P points into, or -1 (host
  /// memory): a block its backend allocated (acc_malloc, a device copy, Ferry's
  /// cudart's cudaMalloc), or a device copy in device \p Device's present
  /// table (acc_map_data's memory, wherever it came from).
  int deviceMemoryOf(DeviceKind K, int Device, const void *P);
  /// Checks device range [P, P + Bytes), argument \p Arg of data routine
  /// \p Routine, against the acc_malloc blocks and the device copies of
  /// device \p Device of kind \p K: false, after a message naming both and
  /// the block, when it starts in one and runs past its end (\p Outcome ends
  /// the message).
  bool checkDeviceRange(const char *Routine, const char *Arg, DeviceKind K, int Device,
                        const void *P, size_t Bytes, const char *Outcome = "nothing copied");

  /// ferry_enter_host_region.
  ferry_status enterHostRegion(const ferry_region &R);
  /// ferry_launch_region.
  ferry_status launchRegion(const ferry_launch_desc &Desc);
  /// Waits for the deferred launches of construct \p R (ferry_finish_deferred).
  ferry_status finishDeferred(const ferry_region &R);

  /// The symbols of registered image \p Index (ferry_image_symbols): indexed
  /// on first request and kept for the process, as the images are; an image
  /// that cannot be indexed is an error naming it, each time it is asked for.
  Error imageSymbols(size_t Index, const ferry_symbol *&Symbols, size_t &Count);

  /// FERRY_TIME accounting: bytes moved by the data API and data clauses.
  void countTransfer(bool ToDevice, size_t Bytes);

  ferry_status parallelFor(const ferry_region &Region, const void *Closure,
                           int64_t TripCount, ferry_host_chunk_fn HostFn,
                           const ferry_reduction *Reduction, void *Result);

private:
  Runtime();
  /// launchRegion on a GPU, timed for FERRY_TIME by the device's events or
  /// from \p Start, when the call began.
  ferry_status launchRegionOnDevice(Backend &B, DeviceKind K, int Device,
                                    const ferry_launch_desc &D,
                                    std::chrono::steady_clock::time_point Start);
  /// launchRegion on the host: on the calling thread (after the earlier
  /// work of \p D's host queue), or with FERRY_HOST_ASYNC=1 queued there.
  ferry_status launchRegionOnHost(Backend &B, int Device, const ferry_launch_desc &D,
                                  std::chrono::steady_clock::time_point Start);
  /// \p Start and \p End receive FERRY_TIME's events around the kernel.
  ferry_status launchOnDevice(Backend &B, DeviceKind K, int Device, const ferry_launch_desc &D,
                              std::unique_ptr<DeviceEvent> &Start,
                              std::unique_ptr<DeviceEvent> &End);
  /// launchOnDevice's steps. The device copies of the host globals the
  /// region reads get their values (pointers translated), on its queue.
  Error uploadGlobals(Backend &B, DeviceKind K, int Device, const ferry_launch_desc &D,
                      DeviceModule &Module);
  /// The device variables of the declared globals (addDeclaredRef) that
  /// \p Module has and has not had filled yet get their device addresses,
  /// on queue \p Async: a routine of another file linked into the module
  /// reaches the variable although the region does not name it.
  Error fillDeclaredRefs(Backend &B, DeviceKind K, int Device, DeviceModule &Module, int Async);
  /// Implicit attach: the pointers of \p Closure become device addresses.
  Error attachClosure(Backend &B, DeviceKind K, int Device, const ferry_launch_desc &D,
                      std::vector<unsigned char> &Closure);
  struct LaunchShape;
  /// The grid and block of the launch, the partials' count and size, where
  /// the private copies are described.
  static Error shapeLaunch(const ferry_launch_desc &D, const std::vector<unsigned char> &Closure,
                           LaunchShape &Shape);
  /// The device's buffer for \p Bytes of reduction partials, locked in
  /// \p Held until the partials are combined.
  Error reductionPartials(Backend &B, DeviceKind K, int Device, size_t Bytes,
                          std::unique_lock<std::mutex> &Held, void *&Partials);
  /// Waits for the launch and combines its partials into the reduction's
  /// result.
  static Error combinePartials(Backend &B, int Device, const ferry_launch_desc &D,
                               const void *Partials, const LaunchShape &Shape);
  /// Launches the kernel (FERRY_TIME's events around it) and completes its
  /// reduction; prints its failure.
  ferry_status runKernel(Backend &B, DeviceKind K, int Device, const ferry_launch_desc &D,
                         DeviceKernel &Kernel, const LaunchShape &Shape, void **Args,
                         const void *Partials, std::unique_ptr<DeviceEvent> &Start,
                         std::unique_ptr<DeviceEvent> &End);
  /// The kernel \p Name of the registered images for the device, loading
  /// the image that defines it on first use.
  ferry_status deviceKernel(Backend &B, DeviceKind K, int Device, const ferry_region &R,
                            const char *Name, DeviceKernel **Kernel, DeviceModule **Module);
  void recordLaunch(const ferry_region &R, double Seconds, bool WallClock = false);
  /// Says why region \p R cannot run on \p Kind (none usable, or no device
  /// code for it) and returns the matching status.
  ferry_status refuseRegion(const ferry_region &R, std::optional<DeviceKind> Kind);
  ~Runtime();
  HostThreadPool &hostPool();
  /// Runs the host version in chunks on the host pool; in one chunk, in
  /// order, for a `seq` region or when \p InOrder is set.
  ferry_status runOnHost(const ferry_region &Region, const void *Closure,
                         int64_t TripCount, ferry_host_chunk_fn HostFn,
                         const ferry_reduction *Reduction, void *Result,
                         bool InOrder = false);

  std::vector<std::unique_ptr<Backend>> Backends;
  std::mutex Mutex;
  std::optional<DeviceKind> Requested;
  bool RequestParsed = false;
  /// Requested comes from acc_set_device_type / acc_init, not ACC_DEVICE_TYPE.
  bool RequestedByProgram = false;
  /// ACC_DEVICE_TYPE when it names no device type.
  std::optional<std::string> InvalidRequest;
  std::optional<DeviceKind> Selected;
  /// ACC_DEVICE_NUM per kind: the device of threads that chose none.
  int DeviceNum[3] = {0, 0, 0};
  std::map<std::pair<int, int>, std::unique_ptr<PresentTable>> Tables;
  struct DeclaredGlobal {
    const void *Host;
    size_t Bytes;
    bool Copyin;
    std::string Name;
  };
  std::vector<DeclaredGlobal> DeclaredGlobals; ///< (guarded by Mutex)
  /// Enters \p Globals on device \p Device of kind \p K (table \p T).
  void enterDeclaredGlobals(DeviceKind K, int Device, PresentTable &T,
                            const std::vector<DeclaredGlobal> &Globals);
  std::map<std::pair<int, int>, std::unique_ptr<AllocationTable>> Allocations;
  /// Device memory for reduction partials, per device: grown when a region
  /// needs more, reused by the next (a region with a reduction completes
  /// before it returns, so its launch holds the buffer's lock), kept for the
  /// process.
  struct PartialsBuffer {
    std::mutex Lock;
    void *Ptr = nullptr;
    size_t Size = 0;
  };
  PartialsBuffer &partialsBuffer(DeviceKind K, int Device);
  /// The private copies of array sections of launches on one queue of a
  /// device (ferry_private_block): reused, grown when a launch needs more.
  PartialsBuffer &privatesBuffer(DeviceKind K, int Device, int Queue);
  std::map<std::tuple<int, int, int>, std::unique_ptr<PartialsBuffer>> PrivatesBuffers;
  /// Fills the launch's ferry_private_block (at \p Offset in \p Closure)
  /// for \p Gangs gangs of \p Threads work-items in all, from the queue's
  /// buffer, which stays locked in \p Held while the launch is queued.
  ferry_status placePrivates(Backend &B, DeviceKind K, int Device, const ferry_launch_desc &D,
                             std::vector<unsigned char> &Closure, size_t Offset, bool GangMode,
                             uint64_t Gangs, uint64_t Threads,
                             std::unique_lock<std::mutex> &Held);
  std::map<std::pair<int, int>, std::unique_ptr<PartialsBuffer>> PartialsBuffers;
  struct IndexedImage; // an ImageIndex and its ferry_symbol list
  std::mutex ImageSymbolsMutex;
  std::map<size_t, std::unique_ptr<IndexedImage>> IndexedImages;
  std::mutex KernelMutex;
  /// Loaded kernels by (kind, device, name): the kernel and its module.
  std::map<std::tuple<int, int, std::string>, std::pair<DeviceKernel *, DeviceModule *>> Kernels;
  /// Loaded modules by (kind, device, image).
  std::map<std::tuple<int, int, size_t>, std::unique_ptr<DeviceModule>> Modules;
  /// The values copied to the device copies of host globals that hold
  /// pointers, translated, per (kind, device, host variable): a copy on a
  /// queue reads its source when the queue gets to it, so it lives here.
  std::map<std::tuple<int, int, const void *>, std::vector<unsigned char>> TranslatedGlobals;
  std::mutex TranslatedGlobalsMutex;
  struct DeclaredRef {
    const void *Host;
    std::string Symbol;
  };
  std::vector<DeclaredRef> DeclaredRefs;
  /// DeclaredRefs.size(), read without the lock on every launch.
  std::atomic<size_t> DeclaredRefCount{0};
  /// The device addresses copied to them, per (kind, device, index): a copy
  /// on a queue reads its source when the queue gets to it.
  std::map<std::tuple<int, int, size_t>, void *> DeclaredRefValues;
  std::mutex DeclaredRefsMutex;
  struct RegionTime {
    std::string Where;
    uint64_t Launches = 0;
    double Seconds = 0;
    uint64_t ToDevice = 0, FromDevice = 0;
    bool WallClock = false; ///< some launches had no device timestamps
  };
  /// GPU launches whose device time is read at exit.
  struct TimedLaunch {
    const ferry_region *Region;
    std::unique_ptr<DeviceEvent> Start, End;
  };
  std::vector<TimedLaunch> Timed;
  std::mutex TimeMutex;
  std::map<const ferry_region *, RegionTime> Times;
  bool TimeEnabled = false;
  void printTimes();
  void armTimeReport();
  std::once_flag TimeReportOnce;
  std::once_flag PoolOnce;
  std::unique_ptr<HostThreadPool> Pool;
};

} // namespace ferry

#endif

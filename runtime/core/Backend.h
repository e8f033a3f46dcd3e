//===- Backend.h - A kind of device the runtime can drive ------*- C++ -*-===//
///
/// \file
/// A Backend owns the devices of one kind (ROCR agents, CUDA devices, the
/// host). Discovery runs once, lazily, and never prints: why a backend has no
/// device is kept in status() for ferry-info and FERRY_DEBUG.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_BACKEND_H
#define FERRY_RUNTIME_CORE_BACKEND_H

#include "core/DeviceHandles.h"
#include "core/Env.h"
#include "core/Error.h"

#include "ferry/runtime.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ferry {

class HostQueues;

class Backend {
public:
  virtual ~Backend() = default;

  /// Short name: "hsa", "cuda", "host".
  virtual const char *name() const = 0;
  virtual DeviceKind kind() const = 0;
  /// Whether the host addresses the device memory at the device's
  /// addresses, it being host memory (the host backend, the emulated AMD
  /// devices): a device range there is asked of mincore before a copy
  /// touches it, as a host range is.
  virtual bool deviceMemoryIsHostMemory() const { return false; }
  /// Whether the devices are the emulated AMD devices (FERRY_EMULATE), which
  /// run each code object's translated IR.
  virtual bool emulated() const { return false; }

  /// Number of usable devices; runs discovery on first use.
  int numDevices() {
    ensureDiscovered();
    return NumDevices;
  }
  /// "ok", or why there is no usable device (library missing, no GPU, ...).
  const std::string &status() {
    ensureDiscovered();
    return Status;
  }

  /// Device operations. The defaults say that the backend cannot do them;
  /// each backend implements what its devices support. Every operation
  /// returns its failure as a value (naming the operation and the vendor's
  /// code) and prints nothing: the caller decides whether it is printed.
  /// Queue numbers are OpenACC's (acc_async_sync = synchronous).
  virtual Error allocate(int Device, size_t Bytes, void **Out);
  virtual Error release(int Device, void *Ptr);
  virtual Error copyToDevice(int Device, void *Dst, const void *Src,
                                    size_t Bytes, int Queue);
  virtual Error copyFromDevice(int Device, void *Dst, const void *Src,
                                      size_t Bytes, int Queue);
  /// Waits for \p Queue, or for every queue when \p All.
  virtual Error wait(int Device, int Queue, bool All);
  /// Whether \p Queue (every queue when \p All) is idle.
  virtual bool idle(int Device, int Queue, bool All);
  /// Orders later work of \p Queue after the work submitted to \p WaitFor so
  /// far (acc_wait_async). The default blocks the caller until \p WaitFor is
  /// done, which gives the same order.
  virtual Error waitAsync(int Device, int WaitFor, int Queue);
  /// Blocks until one of \p Queues is idle and sets \p Index to its
  /// position (the first idle one); then returns what waiting for that
  /// queue returns. The default polls idle().
  virtual Error waitAny(int Device, const std::vector<int> &Queues, size_t &Index);
  /// Copies device memory to device memory: \p Src on \p SrcDevice to \p Dst
  /// on \p DstDevice, ordered after \p Queue of the source device. The
  /// default waits for the queue and stages through host memory.
  virtual Error copyDeviceToDevice(int DstDevice, void *Dst, int SrcDevice,
                                          const void *Src, size_t Bytes, int Queue);
  /// acc_init_device: makes device \p Device ready now (contexts, queues).
  virtual Error initDevice(int /*Device*/) { return Error::success(); }
  /// acc_shutdown_device, after its queues were waited for: releases what
  /// initDevice and the queues made; the next use makes them again. Device
  /// memory stays valid.
  virtual void shutdownDevice(int /*Device*/) {}
  /// cudaDeviceReset: everything device \p Device holds goes at once (its
  /// memory, modules and queues; after a kernel failed, the failure too),
  /// after the caller unloaded the modules it loaded. False where the
  /// backend has no such reset: the caller frees its memory itself.
  virtual bool resetDevice(int /*Device*/) { return false; }
  /// The vendor's handle of \p Queue (a CUstream on NVIDIA), or null.
  virtual void *nativeQueue(int /*Device*/, int /*Queue*/) { return nullptr; }
  /// Makes \p Native the vendor's queue for \p Queue; false if the backend
  /// has none.
  virtual bool setNativeQueue(int /*Device*/, int /*Queue*/, void * /*Native*/) { return false; }
  /// The queues that run asynchronous host work (the host backend only).
  virtual HostQueues *hostQueues() { return nullptr; }
  /// Events (cudaEvent_t's, FERRY_TIME's): a marker recorded on \p Queue
  /// after the work submitted to it so far, or null (the failure printed).
  /// The default waits for the queue at the record and notes the host's
  /// time: the right order and a wall-clock elapsed time, no overlap.
  virtual std::unique_ptr<DeviceEvent> eventRecord(int Device, int Queue);
  /// Whether eventRecord's events are the device's own (CUDA), taken as the
  /// queue reaches them: FERRY_TIME times kernels with them only then, and
  /// takes the host's wall time of the call otherwise.
  virtual bool hasDeviceEvents() const { return false; }

  /// Sets \p Bytes bytes at device address \p Dst to \p Value, ordered on
  /// \p Queue. The default stages a host buffer through copyToDevice.
  virtual Error fill(int Device, void *Dst, unsigned char Value, size_t Bytes,
                            int Queue);
  /// Memory that the host and the device both address (cudaMallocManaged).
  /// The default reports that the backend has none.
  virtual Error allocateManaged(int Device, size_t Bytes, void **Out);
  /// Whether allocateManaged works on this backend's devices.
  virtual bool hasManagedMemory() const { return false; }
  /// Whether kernels on \p Device reach pageable host memory at the host's
  /// addresses (NVIDIA: pageable memory access, HMM; AMD: system memory
  /// accessible by default, XNACK on): a region may then use host memory
  /// that no data clause put on the device.
  virtual bool reachesHostMemory(int /*Device*/) { return false; }
  virtual Error releaseManaged(int Device, void *Ptr);
  /// Host memory for fast transfers (cudaMallocHost). The default is
  /// page-aligned pageable memory.
  virtual Error allocateHost(int Device, size_t Bytes, void **Out);
  virtual Error releaseHost(int Device, void *Ptr);
  /// Host memory [P, P + Bytes) that kernels may now use at the host's
  /// addresses (cudaHostRegister), or no longer (\p Mapped false, \p P the
  /// start given before). For backends that check what kernels reach.
  virtual void hostMapped(const void * /*P*/, size_t /*Bytes*/, bool /*Mapped*/) {}

  /// NVIDIA devices: CUDA's own value of device attribute \p Attr (a
  /// CUdevice_attribute, the same numbers as cudaDeviceAttr); false where
  /// the backend is not CUDA or the driver refuses.
  virtual bool vendorAttribute(int /*Device*/, int /*Attr*/, int & /*Out*/) { return false; }
  /// The device's ISA ("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"), or "".
  virtual std::string isa(int /*Device*/) { return ""; }

  struct Properties {
    size_t TotalMemory = 0, FreeMemory = 0;
    std::string Name, Vendor, Driver;
    /// AMD devices, for the CUDA runtime's device properties (0: unknown):
    /// compute units, the shader and memory clocks, the memory bus, L2,
    /// group (LDS) memory per work-group, the largest work-group, the
    /// hardware's wave size, waves per compute unit, where it sits on PCI.
    int ComputeUnits = 0, ClockKHz = 0, MemoryClockKHz = 0, MemoryBusWidth = 0, L2Bytes = 0,
        GroupMemoryBytes = 0, MaxWorkGroupSize = 0, WaveSize = 0, MaxWavesPerCU = 0,
        PciBus = 0, PciDevice = 0, PciDomain = 0;
  };
  /// OpenACC device properties of device \p Device.
  virtual Error properties(int Device, Properties &Out);

  /// Bytes of device memory that allocate() handed out on \p Device and
  /// release() has not taken back (for backends that count them).
  size_t allocatedBytes(int Device) const;
  /// "" unless device range [P, P + Bytes) overlaps a block that allocate()
  /// handed out on \p Device without lying within it (it starts before the
  /// block or runs past its end); then which block, to follow "the range" in
  /// a message. Ranges elsewhere (module variables) are not judged.
  std::string straddledBlock(int Device, const void *P, size_t Bytes) const;
  /// The block that allocate() handed out and that holds address \p P: its
  /// device, start and size. For the fault report (HostFaults.h), which runs
  /// in a signal handler: the table is only tried, never waited for; when
  /// it is busy \p Busy is set and the blocks are read anyway.
  bool blockContaining(const void *P, int &Device, const void *&Block, size_t &Bytes,
                       bool &Busy) const;
  /// The device whose memory from allocate() holds address \p P (whoever
  /// asked for it: acc_malloc, a data clause's device copy, Ferry's cudart's
  /// cudaMalloc), or -1: memory that is the device's and not the host's.
  int deviceHolding(const void *P) const;
  /// Appends (start, bytes) of each block that allocate() handed out on
  /// \p Device and release() has not taken back to \p Pairs.
  void appendBlocks(int Device, std::vector<uint64_t> &Pairs) const;

  struct Image {
    std::string Kind; ///< "ptx", "object"
    const void *Data;
    size_t Size;
  };
  /// Whether device \p Device can use \p I: its kind (and for code objects
  /// their target). ferry_module_load hands loadModule only the images of
  /// its list that the backend takes, so that one portable list (objects
  /// with their translated IR for AMD targets, PTX for NVIDIA) loads on every
  /// backend; a "bitcode" image goes with the object before it.
  virtual bool takesImage(int Device, const Image &I) const;
  /// Loads \p Images on device \p Device as one module; \p Module is set
  /// only when that succeeds.
  virtual Error loadModule(int Device, const std::vector<Image> &Images,
                           std::unique_ptr<DeviceModule> &Module);
  /// Unloads \p Module; it goes with its kernels whether that succeeds or not.
  virtual Error unloadModule(std::unique_ptr<DeviceModule> Module);
  /// The kernel \p Name of \p Module, which owns it.
  virtual Error getKernel(DeviceModule &Module, const char *Name, DeviceKernel *&Kernel);
  /// The device address and size of symbol \p Name of \p Module.
  virtual Error symbolAddress(DeviceModule &Module, const char *Name, uint64_t &Address,
                              uint64_t &Size);

  /// That this backend cannot do \p What.
  Error unsupported(const char *What);

protected:
  /// Finds the devices: sets NumDevices and Status. Must not print.
  virtual void discover() = 0;
  /// Memory accounting for acc_property_free_memory where the vendor gives
  /// no figure: allocate() and release() report their blocks.
  void countAllocation(int Device, const void *Block, size_t Bytes);
  void countRelease(int Device, const void *Block);
  /// Forgets the blocks of \p Device at once: a reset freed them all.
  void countReset(int Device);

  int NumDevices = 0;
  std::string Status = "not initialized";

private:
  void ensureDiscovered() {
    std::call_once(Discovered, [this] { discover(); });
  }
  std::once_flag Discovered;
  mutable std::mutex UsageMutex;
  std::map<std::pair<int, const void *>, size_t> Blocks; ///< (device, block) -> bytes
  std::map<int, size_t> Used;                            ///< device -> bytes
};

/// The processor of an isa() name: "gfx90a:sramecc+:xnack-" of
/// "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-", "sm_90" of
/// "nvptx64-nvidia-cuda--sm_90".
std::string isaProcessor(const std::string &Isa);

} // namespace ferry

#endif

//===- CudaRuntime.h - The CUDA runtime API on Ferry's runtime --*- C++ -*-===//
///
/// \file
/// libferry-cudart.so implements the CUDA runtime API (cuda_runtime_api.h,
/// the header of the CUDA toolkit it is built against) and the registration
/// entry points that clang's CUDA host code calls, on top of libferry-rt's
/// backends: the selected AMD device (ROCR, or the emulator with
/// FERRY_EMULATE), else the NVIDIA device (the CUDA driver). This header is
/// the state shared by its files: the registered fat binaries, functions
/// and variables, the modules loaded per device, streams, events, the
/// allocations, and the error state.
///
/// A program built by ferry-nvcc carries, where nvcc puts its fat binary,
/// a Ferry package: a 16-byte header ("FERRYCU1", then the package's size
/// as a little-endian 64-bit number) followed by concatenated OffloadBinary
/// entries (AMD code objects with their translated IR, PTX).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CUDART_CUDARUNTIME_H
#define FERRY_RUNTIME_CUDART_CUDARUNTIME_H

#include "core/Backend.h"
#include "core/SymbolIndex.h"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace ferry {
namespace cudart {

/// The value of an enumeration argument from a program, read as its bytes:
/// a value outside the enumeration ((cudaError_t)123456) must be answered,
/// and loading it as the enumeration's type is undefined.
template <typename Enum> int enumValue(const Enum &E) {
  int Value;
  static_assert(sizeof Value == sizeof E, "an int-sized enumeration");
  std::memcpy(&Value, &E, sizeof Value);
  return Value;
}

/// The magic of the wrapper clang emits around a fat binary.
inline constexpr int FatbinWrapperMagic = 0x466243b1;

struct FatBinary {
  size_t FirstImage = 0, NumImages = 0; ///< in ImageRegistry
  std::string Problem;                  ///< why it has no images ("" if none)
};

struct Function {
  FatBinary *Bin;
  std::string Name;
};

struct Variable {
  FatBinary *Bin;
  std::string Name;
  size_t Size;
  bool Constant;
  /// __managed__: the host reaches the variable through *HostPointer.
  void **HostPointer = nullptr;
};

/// A fat binary's module on one device.
struct Module {
  std::unique_ptr<DeviceModule> Handle;
  size_t Image = 0;   ///< the loaded image in ImageRegistry
  ImageIndex Index;   ///< AMD: its kernels' resources
  std::string Failed; ///< why it could not be loaded
};

struct Kernel {
  DeviceKernel *Handle = nullptr; ///< owned by Owner's backend module
  Module *Owner = nullptr;
  std::string Name;
  /// AMD: its metadata in Owner->Index (registers, group memory, launch
  /// bounds), or null when the image could not be indexed.
  const SymbolInfo *Amd = nullptr;
  /// AMD: cudaFuncAttributeMaxDynamicSharedMemorySize as set.
  int MaxDynamicShared = -1;
};

/// The CUDA device of one backend device, with its streams' queues.
struct Device {
  Backend *B = nullptr;
  int Number = 0; ///< the backend's device number
  std::map<const FatBinary *, std::unique_ptr<Module>> Modules;
  std::map<const void *, std::unique_ptr<Kernel>> Kernels; ///< by host stub
  /// The legacy default stream's queue and its count of operations (the
  /// epoch blocking streams wait for).
  uint64_t DefaultEpoch = 0;
  std::map<size_t, size_t> Limits; ///< cudaDeviceSetLimit values
  unsigned Flags = 0;
};

} // namespace cudart
} // namespace ferry

/// A stream (the CUDA header names only the pointer type).
struct CUstream_st {
  int Device;     ///< CUDA device number
  int Queue;      ///< OpenACC-style queue of the backend
  unsigned Flags; ///< cudaStreamNonBlocking, ...
  int Priority;
  /// Blocking streams: work submitted since the default stream last waited
  /// for it, and the default stream's epoch this stream last waited for.
  bool Dirty = false;
  uint64_t SeenEpoch = 0;
};

struct CUevent_st {
  unsigned Flags;
  int Device = -1;
  std::unique_ptr<ferry::DeviceEvent> Native = nullptr; ///< the backend's event of the last record
};

namespace ferry {
namespace cudart {

class CudaRuntime {
public:
  static CudaRuntime &get();

  std::mutex Mutex;
  std::vector<std::unique_ptr<FatBinary>> Binaries;
  std::map<const void *, Function> Functions; ///< by host stub
  std::map<const void *, Variable> Variables; ///< by host shadow
  /// The highest sm_NN the registered AMD images were translated from, and
  /// of the PTX images (programSM()).
  int AmdCodeSM = 0, PtxSM = 0;
  /// The compute capability AMD devices report, as the program's device
  /// code for them saw it: the sm_NN the AMD images were translated from
  /// (packages older than that key: the highest PTX sm_NN), 80 when none
  /// says.
  int programSM() const { return AmdCodeSM ? AmdCodeSM : PtxSM ? PtxSM : 80; }

  /// The devices of the selected kind; empty when none (host only).
  std::vector<Device> &devices();
  /// The calling thread's current device, or null (error set) if none.
  Device *current(cudaError_t &Err);
  Device *device(int N) { return N >= 0 && size_t(N) < devices().size() ? &devices()[N] : nullptr; }
  int deviceIndex(const Device &D) const { return int(&D - Devices.data()); }
  /// The kind of the devices (valid when devices() is non-empty).
  DeviceKind Kind = DeviceKind::Host;
  bool isAmd() const { return Kind == DeviceKind::Radeon; }

  /// The module of \p Bin on \p D, loaded on first use; null with Err set.
  Module *module(Device &D, FatBinary &Bin, cudaError_t &Err);
  /// The kernel of host stub \p Func on \p D; null with Err set.
  Kernel *kernel(Device &D, const void *Func, cudaError_t &Err);
  /// The device address and size of registered variable \p Symbol on \p D.
  cudaError_t symbol(Device &D, const void *Symbol, void *&Address, size_t &Size);

  /// Queue of stream \p S (0, cudaStreamLegacy: the legacy default
  /// stream; cudaStreamPerThread: this thread's). Orders the operation
  /// that follows as CUDA's stream semantics ask (blocking streams and the
  /// legacy stream wait for each other). Null device with Err set.
  int enterStream(cudaStream_t S, Device *&D, cudaError_t &Err);
  /// Registers a stream object; false if \p S is not one.
  bool validStream(cudaStream_t S);
  std::set<CUstream_st *> Streams;
  std::set<CUevent_st *> Events;
  /// The per-thread default streams, one per thread and device.
  CUstream_st *perThreadStream(int Device);

  struct Allocation {
    size_t Size;
    int Device;
    enum Type { DeviceMemory, Managed, Host } Kind;
    /// A __managed__ variable's memory: it lives as long as the program
    /// (cudaDeviceReset keeps it, cudaFree refuses it).
    bool Static = false;
    /// Host memory: the flags of cudaHostAlloc (cudaHostGetFlags).
    unsigned HostFlags = 0;
    /// Managed memory: cudaMemAdvise's advice and cudaMemPrefetchAsync's
    /// locations, in the order given, each over a range of the allocation
    /// (cudaMemRangeGetAttribute reads them back; ManagedAdvice.cpp).
    struct Advice {
      enum Kind { ReadMostly, Preferred, AccessedBy, Prefetch } What;
      size_t Begin, End;  ///< offsets in the allocation
      bool Set;           ///< Set... or Unset... advice
      int Type = 0, Id = 0; ///< the cudaMemLocation (AccessedBy: the device)
    };
    std::vector<Advice> Advised = {};
  };
  std::map<uintptr_t, Allocation> Allocations;
  /// The allocation that contains \p P, or null.
  const std::pair<const uintptr_t, Allocation> *findAllocation(const void *P);

  /// The program's kernels failed on the device: returned by every later
  /// call until cudaDeviceReset (CUDA's sticky errors).
  std::atomic<cudaError_t> Sticky{cudaSuccess};

  /// Forgets modules, kernels, streams and events of \p D (cudaDeviceReset).
  void reset(Device &D);

private:
  CudaRuntime() = default;
  void discover();
  std::vector<Device> Devices;
  std::once_flag Discovered;
};

/// Records \p Err as the calling thread's last error (cudaGetLastError) and
/// returns it; cudaSuccess leaves the last error alone.
cudaError_t fail(cudaError_t Err);
/// Prints backend failure \p E (as the program's entry point) and returns
/// its CUDA error; the vendor's reason in its message names a kernel
/// failure, which becomes the sticky error.
cudaError_t fromError(const Error &E);
/// The CUDA error for a kernel that failed on the device with \p Message:
/// made the sticky error, which every later call returns.
cudaError_t kernelFailure(const std::string &Message);
/// Says once per routine that \p Routine is not supported by Ferry, and why.
cudaError_t unsupported(const char *Routine, const char *Why);

/// Default stream queue: acc_async_noval's.
inline constexpr int DefaultQueue = -1;
inline constexpr int SyncQueue = -2;

} // namespace cudart
} // namespace ferry

#endif

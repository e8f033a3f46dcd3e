//===- Memory.cpp - CUDA runtime memory management ------------------------===//
///
/// \file
/// cudaMalloc and friends, copies and fills in their synchronous, stream
/// and 2D forms, symbols, pinned and managed memory, pointer attributes.
/// The synchronous forms are operations of the legacy default stream that
/// the caller waits for, as in CUDA; every block the program allocates is
/// recorded, so that cudaMemcpyDefault and cudaPointerGetAttributes can
/// tell device memory from host memory.
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

#include "core/Debug.h"

#include <cstring>
#include <optional>

using namespace ferry;
using namespace ferry::cudart;

namespace {

CudaRuntime &rt() { return CudaRuntime::get(); }

/// The kind of the program's allocation \p P is in; nullopt for memory
/// the runtime did not give.
std::optional<CudaRuntime::Allocation::Type> allocationKind(const void *P) {
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  const auto *A = rt().findAllocation(P);
  return A ? std::optional(A->second.Kind) : std::nullopt;
}

/// Where a copy's end points are: true for device memory (cudaMalloc'ed,
/// managed, or a device variable's address).
bool onDevice(const void *P) {
  auto K = allocationKind(P);
  return K && *K != CudaRuntime::Allocation::Host;
}

/// Whether \p P is in memory cudaMalloc (or a pool, or a pitched
/// allocation) gave: device memory the host cannot read, neither managed
/// nor pinned host memory.
bool deviceOnly(const void *P) {
  return allocationKind(P) == CudaRuntime::Allocation::DeviceMemory;
}

/// One copy of \p Bytes on queue \p Queue of \p D. Managed memory is device
/// memory the host also reads: a copy between it and the host is a device
/// copy. The host end of a host-to-device or device-to-host copy in device
/// memory (the direction given backwards, `cudaMemcpy(d_x, h_x, n,
/// cudaMemcpyDeviceToHost)`) is cudaErrorInvalidValue, as CUDA's driver
/// says, where the emulated and host devices would copy anyway.
cudaError_t copy(Device &D, void *Dst, const void *Src, size_t Bytes, int Kind, int Queue) {
  if (!Bytes)
    return cudaSuccess;
  if (!Dst || !Src)
    return fail(cudaErrorInvalidValue);
  if ((Kind == cudaMemcpyHostToDevice && deviceOnly(Src)) ||
      (Kind == cudaMemcpyDeviceToHost && deviceOnly(Dst))) {
    const bool ToDevice = Kind == cudaMemcpyHostToDevice;
    debugf("a copy %s: its host %s %p is device memory (cudaMalloc): invalid value",
           ToDevice ? "host to device" : "device to host", ToDevice ? "source" : "destination",
           ToDevice ? Src : static_cast<const void *>(Dst));
    return fail(cudaErrorInvalidValue);
  }
  if (Kind == cudaMemcpyDefault) {
    const bool DstDev = onDevice(Dst), SrcDev = onDevice(Src);
    Kind = DstDev ? (SrcDev ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                  : (SrcDev ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
  }
  Backend &B = *D.B;
  switch (Kind) {
  case cudaMemcpyHostToHost:
    // Ordered after the stream's earlier work, as the device copies are.
    if (Error E = B.wait(D.Number, Queue, /*All=*/false))
      return fromError(E);
    std::memmove(Dst, Src, Bytes);
    return cudaSuccess;
  case cudaMemcpyHostToDevice:
    return fromError(B.copyToDevice(D.Number, Dst, Src, Bytes, Queue));
  case cudaMemcpyDeviceToHost:
    return fromError(B.copyFromDevice(D.Number, Dst, Src, Bytes, Queue));
  case cudaMemcpyDeviceToDevice:
    if (Error E = B.copyDeviceToDevice(D.Number, Dst, D.Number, Src, Bytes, Queue))
      return fromError(E);
    return Queue == SyncQueue ? fromError(B.wait(D.Number, DefaultQueue, false)) : cudaSuccess;
  default:
    return fail(cudaErrorInvalidMemcpyDirection);
  }
}

bool validKind(int Kind) { return Kind >= cudaMemcpyHostToHost && Kind <= cudaMemcpyDefault; }

/// A cudaMemcpyKind from the program (cudaMemcpy(..., (cudaMemcpyKind)42)
/// must be reported): enumValue.
int kindValue(const cudaMemcpyKind &Kind) { return enumValue(Kind); }

cudaError_t memcpyOn(void *Dst, const void *Src, size_t Count, int Kind, cudaStream_t Stream,
                     bool Sync) {
  if (!validKind(Kind))
    return fail(cudaErrorInvalidMemcpyDirection);
  cudaError_t Err;
  Device *D;
  int Queue = rt().enterStream(Stream, D, Err);
  if (!D)
    return Err;
  return copy(*D, Dst, Src, Count, Kind, Sync ? SyncQueue : Queue);
}

cudaError_t memsetOn(void *Ptr, int Value, size_t Count, cudaStream_t Stream, bool Sync) {
  cudaError_t Err;
  Device *D;
  int Queue = rt().enterStream(Stream, D, Err);
  if (!D)
    return Err;
  if (!Count)
    return cudaSuccess;
  if (!Ptr)
    return fail(cudaErrorInvalidValue);
  return fromError(D->B->fill(D->Number, Ptr, static_cast<unsigned char>(Value), Count,
                               Sync ? SyncQueue : Queue));
}

/// The rows of a pitched block, each as memsetOn; a synchronous fill
/// waits after its last row.
cudaError_t memset2DOn(void *Ptr, size_t Pitch, int Value, size_t Width, size_t Height,
                       cudaStream_t Stream, bool Sync) {
  if (Width > Pitch)
    return fail(cudaErrorInvalidPitchValue);
  if (Pitch == Width)
    return memsetOn(Ptr, Value, Width * Height, Stream, Sync);
  for (size_t Row = 0; Row < Height; ++Row)
    if (cudaError_t E = memsetOn(static_cast<char *>(Ptr) + Row * Pitch, Value, Width, Stream,
                                 Sync && Row + 1 == Height))
      return E;
  return cudaSuccess;
}

/// The planes of a pitched 3D block, each as memset2DOn.
cudaError_t memset3DOn(cudaPitchedPtr Ptr, int Value, cudaExtent Extent, cudaStream_t Stream,
                       bool Sync) {
  for (size_t Z = 0; Z < Extent.depth; ++Z)
    if (cudaError_t E =
            memset2DOn(static_cast<char *>(Ptr.ptr) + Z * Ptr.pitch * Ptr.ysize, Ptr.pitch, Value,
                       Extent.width, Extent.height, Stream, Sync && Z + 1 == Extent.depth))
      return E;
  return cudaSuccess;
}

cudaError_t memcpy2DOn(void *Dst, size_t DPitch, const void *Src, size_t SPitch, size_t Width,
                       size_t Height, int Kind, cudaStream_t Stream, bool Sync) {
  if (!validKind(Kind))
    return fail(cudaErrorInvalidMemcpyDirection);
  if (Width > DPitch || Width > SPitch)
    return fail(cudaErrorInvalidPitchValue);
  cudaError_t Err;
  Device *D;
  int Queue = rt().enterStream(Stream, D, Err);
  if (!D)
    return Err;
  if (!Width || !Height)
    return cudaSuccess;
  // One copy where the rows are contiguous on both sides.
  if (DPitch == Width && SPitch == Width)
    return copy(*D, Dst, Src, Width * Height, Kind, Sync ? SyncQueue : Queue);
  for (size_t Row = 0; Row < Height; ++Row)
    if (cudaError_t E = copy(*D, static_cast<char *>(Dst) + Row * DPitch,
                             static_cast<const char *>(Src) + Row * SPitch, Width, Kind,
                             Sync && Row + 1 == Height ? SyncQueue : Queue))
      return E;
  return cudaSuccess;
}

cudaError_t recordAllocation(void *P, size_t Size, int Device, CudaRuntime::Allocation::Type T,
                             unsigned HostFlags) {
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  CudaRuntime::Allocation &A = rt().Allocations[reinterpret_cast<uintptr_t>(P)];
  A = {Size, Device, T};
  A.HostFlags = HostFlags;
  return cudaSuccess;
}

/// cudaMemcpyToSymbol (\p ToSymbol) or cudaMemcpyFromSymbol, between the
/// host or device memory \p Other and \p Count bytes at \p Offset of the
/// registered variable \p Symbol; a host side in cudaMemcpyDefault is told
/// by the program's allocations.
cudaError_t symbolTransfer(bool ToSymbol, void *Other, const void *Symbol, size_t Count,
                           size_t Offset, int Kind, cudaStream_t Stream, bool Sync) {
  const int Host = ToSymbol ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
  if (Kind != Host && Kind != cudaMemcpyDeviceToDevice && Kind != cudaMemcpyDefault)
    return fail(cudaErrorInvalidMemcpyDirection);
  cudaError_t Err;
  Device *D;
  const int Queue = rt().enterStream(Stream, D, Err);
  if (!D)
    return Err;
  void *Address;
  size_t Size;
  if (cudaError_t E = rt().symbol(*D, Symbol, Address, Size))
    return E;
  if (Offset > Size || Count > Size - Offset)
    return fail(cudaErrorInvalidValue);
  Address = static_cast<char *>(Address) + Offset;
  if (Kind == cudaMemcpyDefault && !onDevice(Other))
    Kind = Host;
  return ToSymbol ? copy(*D, Address, Other, Count, Kind, Sync ? SyncQueue : Queue)
                  : copy(*D, Other, Address, Count, Kind, Sync ? SyncQueue : Queue);
}

/// cudaMalloc, cudaMallocManaged and cudaMallocHost: \p Size bytes of
/// memory of type \p T on the current device, recorded; zero bytes is a
/// null pointer.
cudaError_t allocateOn(void **Out, size_t Size, CudaRuntime::Allocation::Type T,
                       unsigned HostFlags = 0) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  *Out = nullptr;
  if (!Size)
    return T == CudaRuntime::Allocation::Managed ? fail(cudaErrorInvalidValue) : cudaSuccess;
  if (T == CudaRuntime::Allocation::Managed && !D->B->hasManagedMemory())
    return unsupported("cudaMallocManaged on this device",
                       "ROCR 5.2 gives Ferry no memory that the host and an AMD GPU share");
  const Error S =
      T == CudaRuntime::Allocation::Managed ? D->B->allocateManaged(D->Number, Size, Out)
      : T == CudaRuntime::Allocation::Host  ? D->B->allocateHost(D->Number, Size, Out)
                                            : D->B->allocate(D->Number, Size, Out);
  if (report(S) != FERRY_SUCCESS || !*Out) {
    *Out = nullptr;
    return fail(cudaErrorMemoryAllocation);
  }
  return recordAllocation(*Out, Size, rt().deviceIndex(*D), T, HostFlags);
}

} // namespace

extern "C" {

cudaError_t cudaMalloc(void **DevPtr, size_t Size) {
  return allocateOn(DevPtr, Size, CudaRuntime::Allocation::DeviceMemory);
}

cudaError_t cudaMallocPitch(void **DevPtr, size_t *Pitch, size_t Width, size_t Height) {
  if (!Pitch)
    return fail(cudaErrorInvalidValue);
  // Rows start 512-byte aligned, as on NVIDIA's and AMD's GPUs.
  *Pitch = (Width + 511) / 512 * 512;
  return cudaMalloc(DevPtr, *Pitch * Height);
}

cudaError_t cudaMallocManaged(void **DevPtr, size_t Size, unsigned Flags) {
  if (Flags != cudaMemAttachGlobal && Flags != cudaMemAttachHost)
    return fail(cudaErrorInvalidValue);
  return allocateOn(DevPtr, Size, CudaRuntime::Allocation::Managed);
}

cudaError_t cudaFree(void *DevPtr) {
  if (!DevPtr)
    return cudaSuccess;
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  CudaRuntime::Allocation A;
  {
    std::lock_guard<std::mutex> Lock(rt().Mutex);
    auto It = rt().Allocations.find(reinterpret_cast<uintptr_t>(DevPtr));
    if (It == rt().Allocations.end() || It->second.Kind == CudaRuntime::Allocation::Host ||
        It->second.Static)
      return fail(cudaErrorInvalidValue);
    A = It->second;
    rt().Allocations.erase(It);
  }
  Device *Owner = rt().device(A.Device);
  // cudaFree waits for the device, as CUDA's does.
  if (Error E = Owner->B->wait(Owner->Number, 0, /*All=*/true))
    return fromError(E);
  return fromError(A.Kind == CudaRuntime::Allocation::Managed
                        ? Owner->B->releaseManaged(Owner->Number, DevPtr)
                        : Owner->B->release(Owner->Number, DevPtr));
}

cudaError_t cudaMallocAsync(void **DevPtr, size_t Size, cudaStream_t Stream) {
  // Stream-ordered: allocated once the stream's earlier work is done.
  if (cudaError_t E = cudaStreamSynchronize(Stream))
    return E;
  return cudaMalloc(DevPtr, Size);
}

cudaError_t cudaFreeAsync(void *DevPtr, cudaStream_t Stream) {
  if (cudaError_t E = cudaStreamSynchronize(Stream))
    return E;
  return cudaFree(DevPtr);
}

cudaError_t cudaMallocHost(void **Ptr, size_t Size) {
  return allocateOn(Ptr, Size, CudaRuntime::Allocation::Host);
}

cudaError_t cudaHostAlloc(void **Ptr, size_t Size, unsigned Flags) {
  if (Flags & ~unsigned(cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined))
    return fail(cudaErrorInvalidValue);
  return allocateOn(Ptr, Size, CudaRuntime::Allocation::Host, Flags);
}

cudaError_t cudaHostGetFlags(unsigned *Flags, void *Host) {
  if (!Flags || !Host)
    return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  const auto *A = rt().findAllocation(Host);
  if (!A || A->second.Kind != CudaRuntime::Allocation::Host)
    return fail(cudaErrorInvalidValue);
  // Under unified addressing pinned memory is mapped and portable, as in
  // CUDA, whatever the allocation asked for.
  *Flags = A->second.HostFlags | cudaHostAllocMapped | cudaHostAllocPortable;
  return cudaSuccess;
}

cudaError_t cudaFreeHost(void *Ptr) {
  if (!Ptr)
    return cudaSuccess;
  CudaRuntime::Allocation A;
  {
    std::lock_guard<std::mutex> Lock(rt().Mutex);
    auto It = rt().Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
    if (It == rt().Allocations.end() || It->second.Kind != CudaRuntime::Allocation::Host)
      return fail(cudaErrorInvalidValue);
    A = It->second;
    rt().Allocations.erase(It);
  }
  Device *Owner = rt().device(A.Device);
  if (Error E = Owner->B->wait(Owner->Number, 0, /*All=*/true))
    return fromError(E);
  return fromError(Owner->B->releaseHost(Owner->Number, Ptr));
}

/// Tells each device's backend that kernels may use host memory \p Ptr
/// (registered) or no longer may.
static void mapForKernels(const void *Ptr, size_t Size, bool Mapped) {
  for (Device &D : rt().devices())
    D.B->hostMapped(Ptr, Size, Mapped);
}

cudaError_t cudaHostRegister(void *Ptr, size_t Size, unsigned) {
  // Copies from pageable memory are correct on every backend; registering
  // checks the arguments and lets the emulator's checking mode accept the
  // kernels' accesses (cudaHostGetDevicePointer gives Ptr itself).
  if (!Ptr || !Size)
    return fail(cudaErrorInvalidValue);
  mapForKernels(Ptr, Size, true);
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *Ptr) {
  if (!Ptr)
    return fail(cudaErrorInvalidValue);
  mapForKernels(Ptr, 0, false);
  return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void **Device, void *Host, unsigned Flags) {
  if (!Device || !Host || Flags)
    return fail(cudaErrorInvalidValue);
  // Pinned memory is mapped at the host's addresses (unified addressing).
  *Device = Host;
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *Free, size_t *Total) {
  if (!Free || !Total)
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  Backend::Properties P;
  if (report(D->B->properties(D->Number, P)) != FERRY_SUCCESS)
    return fail(cudaErrorUnknown);
  *Free = P.FreeMemory;
  *Total = P.TotalMemory;
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *Attr, const void *Ptr) {
  if (!Attr)
    return fail(cudaErrorInvalidValue);
  std::memset(Attr, 0, sizeof *Attr);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  const auto *A = rt().findAllocation(Ptr);
  if (!A) {
    Attr->type = cudaMemoryTypeUnregistered;
    Attr->device = -2;
    return cudaSuccess;
  }
  Attr->device = A->second.Device;
  switch (A->second.Kind) {
  case CudaRuntime::Allocation::DeviceMemory:
    Attr->type = cudaMemoryTypeDevice;
    Attr->devicePointer = const_cast<void *>(Ptr);
    break;
  case CudaRuntime::Allocation::Managed:
    Attr->type = cudaMemoryTypeManaged;
    Attr->devicePointer = Attr->hostPointer = const_cast<void *>(Ptr);
    break;
  case CudaRuntime::Allocation::Host:
    Attr->type = cudaMemoryTypeHost;
    Attr->devicePointer = Attr->hostPointer = const_cast<void *>(Ptr);
    break;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind) {
  return memcpyOn(Dst, Src, Count, kindValue(Kind), nullptr, /*Sync=*/true);
}

cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind,
                            cudaStream_t Stream) {
  return memcpyOn(Dst, Src, Count, kindValue(Kind), Stream, /*Sync=*/false);
}

cudaError_t cudaMemcpyPeer(void *Dst, int DstDevice, const void *Src, int SrcDevice, size_t Count) {
  Device *To = rt().device(DstDevice), *From = rt().device(SrcDevice);
  if (!To || !From)
    return fail(cudaErrorInvalidDevice);
  if (!Count)
    return cudaSuccess;
  if (To->B != From->B)
    return fail(cudaErrorInvalidDevice);
  return fromError(
      To->B->copyDeviceToDevice(To->Number, Dst, From->Number, Src, Count, SyncQueue));
}

cudaError_t cudaMemcpyPeerAsync(void *Dst, int DstDevice, const void *Src, int SrcDevice,
                                size_t Count, cudaStream_t Stream) {
  if (cudaError_t E = cudaStreamSynchronize(Stream))
    return E;
  return cudaMemcpyPeer(Dst, DstDevice, Src, SrcDevice, Count);
}

cudaError_t cudaMemset(void *Ptr, int Value, size_t Count) {
  return memsetOn(Ptr, Value, Count, nullptr, /*Sync=*/true);
}

cudaError_t cudaMemsetAsync(void *Ptr, int Value, size_t Count, cudaStream_t Stream) {
  return memsetOn(Ptr, Value, Count, Stream, /*Sync=*/false);
}

cudaError_t cudaMemcpy2D(void *Dst, size_t DPitch, const void *Src, size_t SPitch, size_t Width,
                         size_t Height, cudaMemcpyKind Kind) {
  return memcpy2DOn(Dst, DPitch, Src, SPitch, Width, Height, kindValue(Kind), nullptr,
                    /*Sync=*/true);
}

cudaError_t cudaMemcpy2DAsync(void *Dst, size_t DPitch, const void *Src, size_t SPitch,
                              size_t Width, size_t Height, cudaMemcpyKind Kind,
                              cudaStream_t Stream) {
  return memcpy2DOn(Dst, DPitch, Src, SPitch, Width, Height, kindValue(Kind), Stream,
                    /*Sync=*/false);
}

cudaError_t cudaMemset2D(void *Ptr, size_t Pitch, int Value, size_t Width, size_t Height) {
  return memset2DOn(Ptr, Pitch, Value, Width, Height, nullptr, /*Sync=*/true);
}

cudaError_t cudaMemset2DAsync(void *Ptr, size_t Pitch, int Value, size_t Width, size_t Height,
                              cudaStream_t Stream) {
  return memset2DOn(Ptr, Pitch, Value, Width, Height, Stream, /*Sync=*/false);
}

cudaError_t cudaMemcpyToSymbol(const void *Symbol, const void *Src, size_t Count, size_t Offset,
                               cudaMemcpyKind Kind) {
  return symbolTransfer(/*ToSymbol=*/true, const_cast<void *>(Src), Symbol, Count, Offset,
                        kindValue(Kind), nullptr, /*Sync=*/true);
}

cudaError_t cudaMemcpyFromSymbol(void *Dst, const void *Symbol, size_t Count, size_t Offset,
                                 cudaMemcpyKind Kind) {
  return symbolTransfer(/*ToSymbol=*/false, Dst, Symbol, Count, Offset, kindValue(Kind), nullptr,
                        /*Sync=*/true);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *Symbol, const void *Src, size_t Count,
                                    size_t Offset, cudaMemcpyKind Kind, cudaStream_t Stream) {
  return symbolTransfer(/*ToSymbol=*/true, const_cast<void *>(Src), Symbol, Count, Offset,
                        kindValue(Kind), Stream, /*Sync=*/false);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *Dst, const void *Symbol, size_t Count, size_t Offset,
                                      cudaMemcpyKind Kind, cudaStream_t Stream) {
  return symbolTransfer(/*ToSymbol=*/false, Dst, Symbol, Count, Offset, kindValue(Kind), Stream,
                        /*Sync=*/false);
}

cudaError_t cudaGetSymbolAddress(void **DevPtr, const void *Symbol) {
  if (!DevPtr)
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  size_t Size;
  if (cudaError_t E = rt().symbol(*D, Symbol, *DevPtr, Size))
    return E;
  // Its address is device memory for cudaMemcpyDefault.
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  rt().Allocations.emplace(
      reinterpret_cast<uintptr_t>(*DevPtr),
      CudaRuntime::Allocation{Size, rt().deviceIndex(*D), CudaRuntime::Allocation::DeviceMemory});
  return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *Size, const void *Symbol) {
  if (!Size)
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  void *Address;
  return rt().symbol(*D, Symbol, Address, *Size);
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t Stream, void *Ptr, size_t,
                                     unsigned Flags) {
  // Which streams may reach managed memory: every stream and the host
  // reach it already, so the attachment changes nothing but is checked.
  if (!Ptr || (Flags != cudaMemAttachGlobal && Flags != cudaMemAttachHost &&
               Flags != cudaMemAttachSingle))
    return fail(cudaErrorInvalidValue);
  return rt().validStream(Stream) ? cudaSuccess : fail(cudaErrorInvalidResourceHandle);
}

} // extern "C"

// 3D: pitched memory, copied plane by plane, row by row (no CUDA arrays).
extern "C" {

cudaError_t cudaMalloc3D(cudaPitchedPtr *Ptr, cudaExtent Extent) {
  if (!Ptr)
    return fail(cudaErrorInvalidValue);
  size_t Pitch = 0;
  void *P = nullptr;
  if (cudaError_t E = cudaMallocPitch(&P, &Pitch, Extent.width, Extent.height * Extent.depth))
    return E;
  *Ptr = cudaPitchedPtr{P, Pitch, Extent.width, Extent.height};
  return cudaSuccess;
}

static cudaError_t memcpy3DOn(const cudaMemcpy3DParms *Parms, cudaStream_t Stream, bool Sync) {
  if (!Parms)
    return fail(cudaErrorInvalidValue);
  if (Parms->srcArray || Parms->dstArray)
    return unsupported("cudaMemcpy3D with a CUDA array", "CUDA arrays are not implemented");
  const cudaPitchedPtr &S = Parms->srcPtr, &D = Parms->dstPtr;
  const cudaExtent &E = Parms->extent; // width in bytes for linear memory
  const size_t SSlice = S.pitch * S.ysize, DSlice = D.pitch * D.ysize;
  for (size_t Z = 0; Z < E.depth; ++Z) {
    const char *Src = static_cast<const char *>(S.ptr) + (Parms->srcPos.z + Z) * SSlice +
                      Parms->srcPos.y * S.pitch + Parms->srcPos.x;
    char *Dst = static_cast<char *>(D.ptr) + (Parms->dstPos.z + Z) * DSlice +
                Parms->dstPos.y * D.pitch + Parms->dstPos.x;
    if (cudaError_t Err = memcpy2DOn(Dst, D.pitch, Src, S.pitch, E.width, E.height,
                                     kindValue(Parms->kind), Stream, Sync && Z + 1 == E.depth))
      return Err;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *Parms) {
  return memcpy3DOn(Parms, nullptr, /*Sync=*/true);
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *Parms, cudaStream_t Stream) {
  return memcpy3DOn(Parms, Stream, /*Sync=*/false);
}

cudaError_t cudaMemset3D(cudaPitchedPtr Ptr, int Value, cudaExtent Extent) {
  return memset3DOn(Ptr, Value, Extent, nullptr, /*Sync=*/true);
}

cudaError_t cudaMemset3DAsync(cudaPitchedPtr Ptr, int Value, cudaExtent Extent,
                              cudaStream_t Stream) {
  return memset3DOn(Ptr, Value, Extent, Stream, /*Sync=*/false);
}

} // extern "C"

//===- Streams.cpp - CUDA streams, events and synchronization ------------===//
///
/// \file
/// A stream is a queue of the device's backend (the queues OpenACC's
/// async(n) uses, numbered from 1 << 24 up so the two never share one);
/// the legacy default stream is the backend's default queue. Blocking
/// streams and the legacy stream wait for each other's earlier work
/// (CudaRuntime::enterStream), as in CUDA. Events are the backend's: device
/// events on NVIDIA; elsewhere the queue is waited for when the event is
/// recorded and the host's clock read, which keeps the order and the
/// elapsed times right without overlap (docs/cuda.md).
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

#include "core/Debug.h"

#include <algorithm>
#include <atomic>
#include <cstring>

using namespace ferry;
using namespace ferry::cudart;

namespace {

CudaRuntime &rt() { return CudaRuntime::get(); }

bool validEvent(cudaEvent_t E) {
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  return E && rt().Events.count(E);
}

} // namespace

extern "C" {

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *Stream, unsigned Flags, int Priority) {
  if (!Stream || (Flags & ~unsigned(cudaStreamNonBlocking)))
    return fail(cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  static std::atomic<int> Next{0};
  auto *S = new CUstream_st{rt().deviceIndex(*D), (1 << 24) + Next++, Flags, Priority};
  S->SeenEpoch = D->DefaultEpoch;
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  rt().Streams.insert(S);
  *Stream = S;
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *Stream, unsigned Flags) {
  return cudaStreamCreateWithPriority(Stream, Flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *Stream) {
  return cudaStreamCreateWithPriority(Stream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t Stream) {
  if (!Stream || Stream == cudaStreamLegacy || Stream == cudaStreamPerThread)
    return fail(cudaErrorInvalidResourceHandle);
  {
    std::lock_guard<std::mutex> Lock(rt().Mutex);
    if (!rt().Streams.count(Stream))
      return fail(cudaErrorInvalidResourceHandle);
  }
  // Work already submitted completes; the queue stays the backend's.
  Device *D = rt().device(Stream->Device);
  if (D)
    if (Error E = D->B->wait(D->Number, Stream->Queue, /*All=*/false))
      return fromError(E);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  rt().Streams.erase(Stream);
  delete Stream;
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t Stream) {
  cudaError_t Err;
  Device *D;
  const int Queue = rt().enterStream(Stream, D, Err);
  if (!D)
    return Err;
  return fromError(D->B->wait(D->Number, Queue, /*All=*/false));
}

cudaError_t cudaStreamQuery(cudaStream_t Stream) {
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  if (!rt().validStream(Stream))
    return fail(cudaErrorInvalidResourceHandle);
  if (Stream == cudaStreamPerThread)
    Stream = rt().perThreadStream(rt().deviceIndex(*D));
  const bool Legacy = !Stream || Stream == cudaStreamLegacy;
  if (!Legacy)
    D = rt().device(Stream->Device);
  return D->B->idle(D->Number, Legacy ? DefaultQueue : Stream->Queue, /*All=*/false)
             ? cudaSuccess
             : cudaErrorNotReady;
}

cudaError_t cudaStreamGetFlags(cudaStream_t Stream, unsigned *Flags) {
  if (!Flags || !rt().validStream(Stream))
    return fail(!Flags ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
  *Flags = !Stream || Stream == cudaStreamLegacy || Stream == cudaStreamPerThread
               ? cudaStreamDefault
               : Stream->Flags;
  return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t Stream, int *Priority) {
  if (!Priority || !rt().validStream(Stream))
    return fail(!Priority ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
  *Priority =
      !Stream || Stream == cudaStreamLegacy || Stream == cudaStreamPerThread ? 0 : Stream->Priority;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *Least, int *Greatest) {
  // One priority: streams run as they come.
  if (Least)
    *Least = 0;
  if (Greatest)
    *Greatest = 0;
  return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t Stream, cudaEvent_t Event, unsigned Flags) {
  if (!validEvent(Event) || Flags & ~1u)
    return fail(!validEvent(Event) ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
  cudaError_t Err;
  Device *D;
  const int Queue = rt().enterStream(Stream, D, Err);
  if (!D)
    return Err;
  if (!Event->Native)
    return cudaSuccess; // never recorded: nothing to wait for
  return fromError(Event->Native->queueWait(D->Number, Queue));
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *Event, unsigned Flags) {
  if (!Event ||
      (Flags & ~unsigned(cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess)))
    return fail(cudaErrorInvalidValue);
  if (Flags & cudaEventInterprocess)
    return unsupported("cudaEventCreateWithFlags(cudaEventInterprocess)",
                       "events are not shared between processes");
  auto *E = new CUevent_st{Flags};
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  rt().Events.insert(E);
  *Event = E;
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *Event) {
  return cudaEventCreateWithFlags(Event, cudaEventDefault);
}

cudaError_t cudaEventRecord(cudaEvent_t Event, cudaStream_t Stream) {
  if (!validEvent(Event))
    return fail(cudaErrorInvalidResourceHandle);
  cudaError_t Err;
  Device *D;
  const int Queue = rt().enterStream(Stream, D, Err);
  if (!D)
    return Err;
  std::unique_ptr<DeviceEvent> Native = D->B->eventRecord(D->Number, Queue);
  if (!Native)
    return fail(cudaErrorLaunchFailure);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  Event->Native = std::move(Native); // the earlier record's event goes
  Event->Device = rt().deviceIndex(*D);
  return cudaSuccess;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t Event, cudaStream_t Stream, unsigned Flags) {
  if (Flags & ~1u)
    return fail(cudaErrorInvalidValue);
  return cudaEventRecord(Event, Stream);
}

cudaError_t cudaEventQuery(cudaEvent_t Event) {
  if (!validEvent(Event))
    return fail(cudaErrorInvalidResourceHandle);
  if (!Event->Native)
    return cudaSuccess;
  return Event->Native->done() ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaEventSynchronize(cudaEvent_t Event) {
  if (!validEvent(Event))
    return fail(cudaErrorInvalidResourceHandle);
  if (!Event->Native)
    return cudaSuccess;
  return fromError(Event->Native->wait());
}

cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t Start, cudaEvent_t End) {
  if (!Ms)
    return fail(cudaErrorInvalidValue);
  if (!validEvent(Start) || !validEvent(End))
    return fail(cudaErrorInvalidResourceHandle);
  if ((Start->Flags | End->Flags) & cudaEventDisableTiming || !Start->Native || !End->Native ||
      Start->Device != End->Device)
    return fail(cudaErrorInvalidResourceHandle);
  if (!End->Native->done() || !Start->Native->done())
    return fail(cudaErrorNotReady);
  const double Seconds = End->Native->secondsSince(*Start->Native);
  if (Seconds < -1e-3)
    return fail(cudaErrorUnknown);
  *Ms = float(std::max(0.0, Seconds) * 1e3);
  return cudaSuccess;
}

cudaError_t cudaEventElapsedTime_v2(float *Ms, cudaEvent_t Start, cudaEvent_t End) {
  return cudaEventElapsedTime(Ms, Start, End);
}

cudaError_t cudaEventDestroy(cudaEvent_t Event) {
  if (!validEvent(Event))
    return fail(cudaErrorInvalidResourceHandle);
  std::lock_guard<std::mutex> Lock(rt().Mutex);
  rt().Events.erase(Event);
  delete Event; // and its backend event
  return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void) {
  cudaError_t Err;
  Device *D = rt().current(Err);
  if (!D)
    return Err;
  return fromError(D->B->wait(D->Number, 0, /*All=*/true));
}

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

} // extern "C"

extern "C" {

// Stream attributes are launch attributes: the L2 access-policy window and
// the synchronization policy tune NVIDIA's caches and waits; they are kept
// per stream only as far as reading them back goes (the default values).
cudaError_t cudaStreamSetAttribute(cudaStream_t Stream, cudaStreamAttrID,
                                   const cudaStreamAttrValue *Value) {
  if (!Value)
    return fail(cudaErrorInvalidValue);
  return rt().validStream(Stream) ? cudaSuccess : fail(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaStreamGetAttribute(cudaStream_t Stream, cudaStreamAttrID,
                                   cudaStreamAttrValue *Value) {
  if (!Value)
    return fail(cudaErrorInvalidValue);
  if (!rt().validStream(Stream))
    return fail(cudaErrorInvalidResourceHandle);
  std::memset(Value, 0, sizeof *Value);
  return cudaSuccess;
}

cudaError_t cudaCtxResetPersistingL2Cache(void) { return cudaSuccess; }

cudaError_t cudaStreamGetId(cudaStream_t Stream, unsigned long long *Id) {
  if (!Id)
    return fail(cudaErrorInvalidValue);
  if (!rt().validStream(Stream))
    return fail(cudaErrorInvalidResourceHandle);
  if (Stream == cudaStreamPerThread) {
    int Current;
    if (cudaError_t E = cudaGetDevice(&Current))
      return E;
    Stream = rt().perThreadStream(Current);
  }
  // Each stream has a queue of its own, numbered from 1 << 22 up; the
  // legacy default stream is 0.
  *Id = !Stream || Stream == cudaStreamLegacy ? 0 : unsigned(Stream->Queue);
  return cudaSuccess;
}

cudaError_t cudaStreamGetDevice(cudaStream_t Stream, int *DeviceNum) {
  if (!DeviceNum)
    return fail(cudaErrorInvalidValue);
  if (!rt().validStream(Stream))
    return fail(cudaErrorInvalidResourceHandle);
  if (!Stream || Stream == cudaStreamLegacy || Stream == cudaStreamPerThread)
    return cudaGetDevice(DeviceNum);
  *DeviceNum = Stream->Device;
  return cudaSuccess;
}

// Profiler ranges: Ferry has no profiler to start; the calls succeed.
cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

} // extern "C"

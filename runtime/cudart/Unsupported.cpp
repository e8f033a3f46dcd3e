//===- Unsupported.cpp - Entry points Ferry's CUDA runtime refuses --------===//
///
/// \file
/// The families of the CUDA runtime API that Ferry does not implement yet
/// (docs/cuda.md): CUDA graphs and stream capture, textures, surfaces and
/// CUDA arrays, inter-process handles, cooperative launches and peer
/// access, GPUDirect RDMA. Each entry point links and returns cudaErrorNotSupported,
/// saying once on stderr which call it was and why, so that a program
/// that checks its errors stops with the reason instead of failing to link
/// or computing something else.
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

using namespace ferry::cudart;

namespace {
constexpr const char *Graphs = "CUDA graphs and stream capture are not implemented";
constexpr const char *Textures = "textures, surfaces and CUDA arrays are not implemented";
constexpr const char *Ipc = "memory and events are not shared between processes";
constexpr const char *Cooperative =
    "grid-wide synchronization (cooperative launches) is not implemented";
constexpr const char *Peers = "devices do not address each other's memory in Ferry yet";
constexpr const char *Rdma = "Ferry makes no GPUDirect RDMA mappings whose writes it could order";
} // namespace

extern "C" {

cudaError_t cudaGraphCreate(cudaGraph_t *, unsigned) {
  return unsupported("cudaGraphCreate", Graphs);
}
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *, cudaGraph_t, unsigned long long) {
  return unsupported("cudaGraphInstantiate", Graphs);
}
cudaError_t cudaGraphLaunch(cudaGraphExec_t, cudaStream_t) {
  return unsupported("cudaGraphLaunch", Graphs);
}
cudaError_t cudaGraphDestroy(cudaGraph_t) { return unsupported("cudaGraphDestroy", Graphs); }
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t) {
  return unsupported("cudaGraphExecDestroy", Graphs);
}
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t,
                                   const struct cudaKernelNodeParams *) {
  return unsupported("cudaGraphAddKernelNode", Graphs);
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *, cudaGraph_t, unsigned long long) {
  return unsupported("cudaGraphInstantiateWithFlags", Graphs);
}
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *, cudaGraph_t,
                                           cudaGraphInstantiateParams *) {
  return unsupported("cudaGraphInstantiateWithParams", Graphs);
}
cudaError_t cudaGraphUpload(cudaGraphExec_t, cudaStream_t) {
  return unsupported("cudaGraphUpload", Graphs);
}
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t, cudaGraph_t, cudaGraphExecUpdateResultInfo *) {
  return unsupported("cudaGraphExecUpdate", Graphs);
}
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t, cudaGraphNode_t,
                                             const struct cudaKernelNodeParams *) {
  return unsupported("cudaGraphExecKernelNodeSetParams", Graphs);
}
cudaError_t cudaGraphClone(cudaGraph_t *, cudaGraph_t) {
  return unsupported("cudaGraphClone", Graphs);
}
cudaError_t cudaGraphGetNodes(cudaGraph_t, cudaGraphNode_t *, size_t *) {
  return unsupported("cudaGraphGetNodes", Graphs);
}
cudaError_t cudaGraphGetRootNodes(cudaGraph_t, cudaGraphNode_t *, size_t *) {
  return unsupported("cudaGraphGetRootNodes", Graphs);
}
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t, enum cudaGraphNodeType *) {
  return unsupported("cudaGraphNodeGetType", Graphs);
}
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t, struct cudaKernelNodeParams *) {
  return unsupported("cudaGraphKernelNodeGetParams", Graphs);
}
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t, const struct cudaKernelNodeParams *) {
  return unsupported("cudaGraphKernelNodeSetParams", Graphs);
}
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *,
                                  size_t) {
  return unsupported("cudaGraphAddEmptyNode", Graphs);
}
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t,
                                   const struct cudaMemcpy3DParms *) {
  return unsupported("cudaGraphAddMemcpyNode", Graphs);
}
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *,
                                     size_t, void *, const void *, size_t,
                                     enum cudaMemcpyKind) {
  return unsupported("cudaGraphAddMemcpyNode1D", Graphs);
}
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t,
                                   const struct cudaMemsetParams *) {
  return unsupported("cudaGraphAddMemsetNode", Graphs);
}
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *, size_t,
                                 const struct cudaHostNodeParams *) {
  return unsupported("cudaGraphAddHostNode", Graphs);
}
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *,
                                       size_t, cudaGraph_t) {
  return unsupported("cudaGraphAddChildGraphNode", Graphs);
}
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *,
                                        size_t, cudaEvent_t) {
  return unsupported("cudaGraphAddEventRecordNode", Graphs);
}
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *, cudaGraph_t, const cudaGraphNode_t *,
                                      size_t, cudaEvent_t) {
  return unsupported("cudaGraphAddEventWaitNode", Graphs);
}
cudaError_t cudaGraphAddDependencies(cudaGraph_t, const cudaGraphNode_t *, const cudaGraphNode_t *,
                                     const cudaGraphEdgeData *, size_t) {
  return unsupported("cudaGraphAddDependencies", Graphs);
}
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t, const char *, unsigned int) {
  return unsupported("cudaGraphDebugDotPrint", Graphs);
}
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t, cudaGraph_t, const cudaGraphNode_t *,
                                          const cudaGraphEdgeData *, size_t,
                                          enum cudaStreamCaptureMode) {
  return unsupported("cudaStreamBeginCaptureToGraph", Graphs);
}
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t, cudaGraphNode_t *,
                                                const cudaGraphEdgeData *, size_t, unsigned int) {
  return unsupported("cudaStreamUpdateCaptureDependencies", Graphs);
}
cudaError_t cudaStreamBeginCapture(cudaStream_t, enum cudaStreamCaptureMode) {
  return unsupported("cudaStreamBeginCapture", Graphs);
}
cudaError_t cudaStreamEndCapture(cudaStream_t, cudaGraph_t *) {
  return unsupported("cudaStreamEndCapture", Graphs);
}
cudaError_t cudaStreamIsCapturing(cudaStream_t Stream, enum cudaStreamCaptureStatus *Status) {
  // Nothing is ever captured.
  if (!Status)
    return fail(cudaErrorInvalidValue);
  *Status = cudaStreamCaptureStatusNone;
  (void)Stream;
  return cudaSuccess;
}
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t Stream, enum cudaStreamCaptureStatus *Status,
                                     unsigned long long *Id, cudaGraph_t *Graph,
                                     const cudaGraphNode_t **Dependencies,
                                     const cudaGraphEdgeData **Edges, size_t *Count) {
  // Not capturing: only the status is defined, and it is "none".
  (void)Id, (void)Graph, (void)Dependencies, (void)Edges, (void)Count;
  return cudaStreamIsCapturing(Stream, Status);
}
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *Mode) {
  // The mode matters only to captures, which never happen: kept per
  // thread as CUDA does, so that a program restores what it set.
  if (!Mode)
    return fail(cudaErrorInvalidValue);
  thread_local cudaStreamCaptureMode Current = cudaStreamCaptureModeGlobal;
  std::swap(*Mode, Current);
  return cudaSuccess;
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *, const struct cudaResourceDesc *,
                                    const struct cudaTextureDesc *,
                                    const struct cudaResourceViewDesc *) {
  return unsupported("cudaCreateTextureObject", Textures);
}
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t) {
  return unsupported("cudaDestroyTextureObject", Textures);
}
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *, const struct cudaResourceDesc *) {
  return unsupported("cudaCreateSurfaceObject", Textures);
}
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t) {
  return unsupported("cudaDestroySurfaceObject", Textures);
}
cudaError_t cudaMallocArray(cudaArray_t *, const struct cudaChannelFormatDesc *, size_t, size_t,
                            unsigned) {
  return unsupported("cudaMallocArray", Textures);
}
cudaError_t cudaMalloc3DArray(cudaArray_t *, const struct cudaChannelFormatDesc *,
                              struct cudaExtent, unsigned) {
  return unsupported("cudaMalloc3DArray", Textures);
}
cudaError_t cudaFreeArray(cudaArray_t) { return unsupported("cudaFreeArray", Textures); }
cudaError_t cudaMemcpy2DToArray(cudaArray_t, size_t, size_t, const void *, size_t, size_t, size_t,
                                enum cudaMemcpyKind) {
  return unsupported("cudaMemcpy2DToArray", Textures);
}
cudaError_t cudaMemcpyToArray(cudaArray_t, size_t, size_t, const void *, size_t,
                              enum cudaMemcpyKind) {
  return unsupported("cudaMemcpyToArray", Textures);
}
struct cudaChannelFormatDesc cudaCreateChannelDesc(int X, int Y, int Z, int W,
                                                   enum cudaChannelFormatKind F) {
  return {X, Y, Z, W, F};
}

cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *, void *) {
  return unsupported("cudaIpcGetMemHandle", Ipc);
}
cudaError_t cudaIpcOpenMemHandle(void **, cudaIpcMemHandle_t, unsigned) {
  return unsupported("cudaIpcOpenMemHandle", Ipc);
}
cudaError_t cudaIpcCloseMemHandle(void *) { return unsupported("cudaIpcCloseMemHandle", Ipc); }
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *, cudaEvent_t) {
  return unsupported("cudaIpcGetEventHandle", Ipc);
}
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *, cudaIpcEventHandle_t) {
  return unsupported("cudaIpcOpenEventHandle", Ipc);
}

cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **, size_t, cudaStream_t) {
  return unsupported("cudaLaunchCooperativeKernel", Cooperative);
}

cudaError_t cudaDeviceEnablePeerAccess(int, unsigned) {
  return unsupported("cudaDeviceEnablePeerAccess", Peers);
}
cudaError_t cudaDeviceDisablePeerAccess(int) {
  return unsupported("cudaDeviceDisablePeerAccess", Peers);
}

cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget,
                                               enum cudaFlushGPUDirectRDMAWritesScope) {
  return unsupported("cudaDeviceFlushGPUDirectRDMAWrites", Rdma);
}

} // extern "C"

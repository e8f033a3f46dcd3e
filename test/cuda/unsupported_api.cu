// The CUDA runtime families Ferry does not implement (graphs and stream
// capture, inter-process handles): their entry points link and return
// cudaErrorNotSupported, each saying once on stderr which call and why, so
// that a program checking its errors stops with the reason. Before, 76 of
// CUDA 13's cudaGraph* functions (cudaGraphGetNodes, cudaGraphExecUpdate,
// ...) and the IPC event handles were link errors, though docs/cuda.md said
// they linked (olcf cuda-training-series hw13's stream capture solution).
// RUN: %ferry-nvcc -O2 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck %s --check-prefix=ERR < %t.err
// CHECK: PASS
// ERR: ferry: error: cudaGraphCreate is not supported by Ferry's CUDA runtime: CUDA graphs and stream capture are not implemented (docs/cuda.md)
// ERR: ferry: error: cudaGraphGetNodes is not supported
// ERR: ferry: error: cudaStreamBeginCaptureToGraph is not supported
// ERR: ferry: error: cudaIpcGetEventHandle is not supported by Ferry's CUDA runtime: memory and events are not shared between processes
#include <cuda_runtime.h>

#include <cstdio>

int main() {
  int bad = 0;
  cudaGraph_t g = nullptr;
  cudaGraphExec_t e = nullptr;
  cudaGraphNode_t nodes[4];
  size_t count = 4;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaEvent_t ev;
  cudaEventCreate(&ev);
  bad += cudaGraphCreate(&g, 0) != cudaErrorNotSupported;
  bad += cudaGraphGetNodes(g, nodes, &count) != cudaErrorNotSupported;
  bad += cudaGraphInstantiateWithFlags(&e, g, 0) != cudaErrorNotSupported;
  cudaGraphExecUpdateResultInfo info;
  bad += cudaGraphExecUpdate(e, g, &info) != cudaErrorNotSupported;
  bad += cudaGraphUpload(e, s) != cudaErrorNotSupported;
  bad += cudaStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0,
                                       cudaStreamCaptureModeGlobal) != cudaErrorNotSupported;
  cudaIpcEventHandle_t h;
  bad += cudaIpcGetEventHandle(&h, ev) != cudaErrorNotSupported;
  // A stream that never captures says so.
  cudaStreamCaptureStatus status;
  bad += cudaStreamIsCapturing(s, &status) != cudaSuccess || status != cudaStreamCaptureStatusNone;
  // The sticky-error state is untouched: ordinary work goes on.
  int *d = nullptr;
  bad += cudaMalloc(&d, 4) != cudaSuccess || cudaMemset(d, 0, 4) != cudaSuccess;
  cudaFree(d);
  std::printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}

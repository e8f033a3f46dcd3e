// cudaLaunchKernelEx's attributes that a plain launch honours: programmatic
// stream serialization (CUB's launches when the program targets sm_90: its
// merge sort behind thrust::sort with a comparator stopped with
// cudaErrorNotSupported), hints (priority, the L2 access-policy window),
// clusters of one block, a cooperative flag of 0, and the events to fire
// (recorded once the kernel is done). Clusters of more blocks and
// cooperative launches return cudaErrorNotSupported, saying why once.
// RUN: %ferry-nvcc -O3 -arch=sm_90 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck %s --check-prefix=ERR < %t.err
// RUN: %emu-gfx1100 %t | %FileCheck %s
// CHECK: PASS
// ERR: ferry: error: cudaLaunchKernelExC with this launch attribute is not supported by Ferry's CUDA runtime: clusters of more than one block have no AMD counterpart in Ferry yet
#include <cstdio>

__global__ void set(int *out, int v) { out[threadIdx.x] = v; }

static bool launch(int *out, int v, cudaLaunchAttribute *attrs, unsigned n, cudaStream_t s) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32);
  config.stream = s;
  config.attrs = attrs;
  config.numAttrs = n;
  return cudaLaunchKernelEx(&config, set, out, v) == cudaSuccess;
}

int main() {
  int *out, host[32];
  cudaStream_t s;
  cudaEvent_t fired;
  cudaMalloc(&out, sizeof host);
  cudaStreamCreate(&s);
  cudaEventCreate(&fired);
  bool ok = true;

  cudaLaunchAttribute honoured[5];
  honoured[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  honoured[0].val.programmaticStreamSerializationAllowed = 1;
  honoured[1].id = cudaLaunchAttributePriority;
  honoured[1].val.priority = 0;
  honoured[2].id = cudaLaunchAttributeClusterDimension;
  honoured[2].val.clusterDim.x = honoured[2].val.clusterDim.y = honoured[2].val.clusterDim.z = 1;
  honoured[3].id = cudaLaunchAttributeCooperative;
  honoured[3].val.cooperative = 0;
  honoured[4].id = cudaLaunchAttributeProgrammaticEvent;
  honoured[4].val.programmaticEvent.event = fired;
  honoured[4].val.programmaticEvent.flags = 0;
  honoured[4].val.programmaticEvent.triggerAtBlockStart = 0;
  ok = launch(out, 42, honoured, 5, s) && ok;
  ok = cudaEventSynchronize(fired) == cudaSuccess && ok;
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  ok = host[31] == 42 && ok;

  cudaLaunchAttribute cluster;
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = 2;
  cluster.val.clusterDim.y = cluster.val.clusterDim.z = 1;
  ok = !launch(out, 7, &cluster, 1, s) && cudaGetLastError() == cudaErrorNotSupported && ok;
  cudaLaunchAttribute cooperative;
  cooperative.id = cudaLaunchAttributeCooperative;
  cooperative.val.cooperative = 1;
  ok = !launch(out, 7, &cooperative, 1, s) && cudaGetLastError() == cudaErrorNotSupported && ok;
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  ok = host[0] == 42 && ok;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

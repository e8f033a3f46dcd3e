// Device code at -O0, where calls that -O1 inlines reach the translation:
// - CUDA's address conversions (sm_20_intrinsics: __cvta_generic_to_global,
//   _shared, _local and back) call nvcc's builtins (`__nv_cvta_*_impl`,
//   which clang's headers define as address-space casts): they were refused
//   as libdevice functions without a translation (HeCBench coordinates'
//   thrust at -O0). A shared address goes to its window offset and back, a
//   global one round-trips.
// - `dim3 t = threadIdx;` (cooperative groups' thread_index()) calls the
//   builtin variable's conversion operator with its address, a variable
//   clang never defines: the emulated image did not load (HeCBench softmax
//   at -O0), and the code object kept an undefined weak symbol.
// - Cooperative groups' thread_block::sync() calls CUDA 13's
//   __barrier_sync(unsigned id), which passes its parameter as the
//   barrier's id: "the barrier id is not a constant" refused the image
//   (llm.c's global_norm built with -O0 -G). The translation inlines it.
// RUN: %ferry-nvcc -O0 -arch=sm_80 %s -o %t.O0
// RUN: %emu-gfx90a %t.O0 > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t.O3
// RUN: %emu-gfx1100 %t.O3 > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>

__global__ void convert(int *global, int *out) {
  __shared__ int tile[4];
  tile[threadIdx.x] = 10 + int(threadIdx.x);
  __syncthreads();
  if (threadIdx.x != 0)
    return;
  const size_t window = __cvta_generic_to_shared(&tile[2]);
  const int *back = static_cast<const int *>(__cvta_shared_to_generic(window));
  out[0] = *back;                                     // 12
  out[1] = back == &tile[2];                          // 1
  const size_t g = __cvta_generic_to_global(global);
  int *round = static_cast<int *>(__cvta_global_to_generic(g));
  out[2] = round == global && *round == 42;           // 1
  int local = 7;
  const size_t l = __cvta_generic_to_local(&local);
  out[3] = *static_cast<int *>(__cvta_local_to_generic(l)); // 7
}

__global__ void indices(int *out) {
  const dim3 t = threadIdx, b = blockIdx, n = blockDim, g = gridDim;
  out[b.x * n.x + t.x] = int(t.x + 1000 * b.x + 100000 * g.x) + warpSize * 0;
}

__global__ void reverse(int *out) {
  __shared__ int s[64];
  cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
  s[threadIdx.x] = int(threadIdx.x);
  block.sync();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

int main() {
  int *global, *out, h[4] = {0, 0, 0, 0}, v = 42;
  cudaMalloc(&global, sizeof(int));
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(global, &v, sizeof v, cudaMemcpyHostToDevice);
  convert<<<1, 4>>>(global, out);
  const cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  bool ok = e == cudaSuccess && h[0] == 12 && h[1] == 1 && h[2] == 1 && h[3] == 7;
  int *ids, hi[64];
  cudaMalloc(&ids, sizeof hi);
  indices<<<2, 32>>>(ids);
  ok &= cudaDeviceSynchronize() == cudaSuccess;
  cudaMemcpy(hi, ids, sizeof hi, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i)
    ok &= hi[i] == i % 32 + 1000 * (i / 32) + 200000;
  reverse<<<1, 64>>>(ids);
  ok &= cudaDeviceSynchronize() == cudaSuccess;
  cudaMemcpy(hi, ids, sizeof hi, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i)
    ok &= hi[i] == 63 - i;
  std::printf("%s; %d %d %d %d\n%s\n", cudaGetErrorString(e), h[0], h[1], h[2], h[3],
              ok ? "PASS" : "FAIL");
  return !ok;
}

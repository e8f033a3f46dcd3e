// A work-item that spins on an atomic load until a later wave of its block
// stores there (a flag written with release order, a counter every warp
// bumps: libcu++'s cuda::barrier arrive/wait at sm_70+ works this way). On
// the emulated devices the spinning work-item ran forever, the later waves
// never run (CUDA sweep 10 F4): an atomic load lets the rest of its group
// run first, as a volatile access does.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// RUN: %emu-gfx1100 %t | %FileCheck %s
// CHECK: PASS
#include <cuda/atomic>
#include <cstdio>

__global__ void handoff(int *out) {
  __shared__ int flag, arrived;
  if (threadIdx.x == 0)
    flag = arrived = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_block> Flag(flag), Arrived(arrived);
  if (threadIdx.x == 0) {
    // Waits for the last warp's store.
    while (Flag.load(cuda::memory_order_acquire) == 0) {
    }
    out[blockIdx.x * 2] = Flag.load(cuda::memory_order_relaxed);
  }
  if (threadIdx.x == blockDim.x - 1)
    Flag.store(7, cuda::memory_order_release);
  // A barrier of counters: each warp's lane 0 arrives and waits for all.
  if (threadIdx.x % 32 == 0) {
    Arrived.fetch_add(1, cuda::memory_order_acq_rel);
    while (Arrived.load(cuda::memory_order_acquire) < int(blockDim.x / 32)) {
    }
    if (threadIdx.x == 0)
      out[blockIdx.x * 2 + 1] = Arrived.load(cuda::memory_order_relaxed);
  }
}

int main() {
  const int blocks = 3, threads = 256;
  int *out;
  cudaMallocManaged(&out, blocks * 2 * sizeof(int));
  handoff<<<blocks, threads>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  bool ok = e == cudaSuccess;
  for (int b = 0; b < blocks; ++b)
    ok = ok && out[b * 2] == 7 && out[b * 2 + 1] == threads / 32;
  printf("%s\n", ok ? "PASS" : "FAIL");
  cudaFree(out);
  return ok ? 0 : 1;
}

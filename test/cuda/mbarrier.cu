// PTX mbarrier objects in shared memory (sm_90: an arrive with a count
// and try_wait.parity need it on NVIDIA GPUs, where ptxas refuses them for
// sm_80): libcu++'s cuda::barrier
// (in raw shared storage: clang refuses `__shared__ cuda::barrier` itself,
// docs/cuda.md), phase after phase across the waves of a block, with
// cuda::memcpy_async completing on it; and the instructions written as
// inline PTX: init, arrive (its state, a count), test_wait and try_wait
// (by state and by parity), pending_count, arrive_drop, inval.
// (Before: "inline PTX cannot be translated: instruction
// 'mbarrier.init.shared.b64 [$0], $1': unknown instruction".)
// RUN: %ferry-nvcc -O3 -arch=sm_90 %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// RUN: %emu-gfx1100 %t | %FileCheck %s
// CHECK: PASS
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/barrier>

namespace cg = cooperative_groups;
using Barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int Threads = 256, Phases = 5;

__global__ void phases(const int *in, int *out) {
  alignas(Barrier) __shared__ unsigned char raw[sizeof(Barrier)];
  __shared__ int buf[Threads];
  Barrier &bar = *reinterpret_cast<Barrier *>(raw);
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  const int t = threadIdx.x;
  int sum = 0;
  for (int p = 0; p < Phases; ++p) {
    buf[t] = t * 10 + p;
    bar.arrive_and_wait(); // every store of this phase is done
    sum += buf[(t + 1) % Threads];
    bar.arrive_and_wait(); // every read is done before the next store
  }
  // The block's input copied into shared memory, completing on the barrier.
  cuda::memcpy_async(block, buf, in + blockIdx.x * Threads, sizeof(buf), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * Threads + t] = sum * 1000 + buf[Threads - 1 - t];
}

__device__ unsigned sharedAddress(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void instructions(int *out) {
  __shared__ unsigned long long mbar;
  const unsigned a = sharedAddress(&mbar);
  const int t = threadIdx.x;
  if (t == 0)
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(a), "r"(blockDim.x));
  __syncthreads();
  unsigned long long state;
  asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(state) : "r"(a) : "memory");
  unsigned pending;
  asm("mbarrier.pending_count.b64 %0, %1;" : "=r"(pending) : "l"(state));
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(a), "l"(state) : "memory");
  // Phase 1 (parity 1): thread 0 arrives for two, thread 1 not at all, the
  // others arrive and drop out: phase 2 expects two arrivals.
  if (t == 0)
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1], 2;" : "=l"(state) : "r"(a) : "memory");
  else if (t > 1)
    asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];" : "=l"(state) : "r"(a) : "memory");
  done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(a), "r"(1u) : "memory");
  unsigned phase2Pending = 0;
  if (t == 0) {
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(state) : "r"(a) : "memory");
    asm("mbarrier.pending_count.b64 %0, %1;" : "=r"(phase2Pending) : "l"(state));
    asm volatile("mbarrier.inval.shared.b64 [%0];" ::"r"(a) : "memory");
  }
  // pending_count: the arrivals the phase still waited for when this one
  // came, itself included (blockDim.x .. 1 in phase 0; 2 in phase 2).
  out[t] = (pending >= 1 && pending <= blockDim.x) + 2 * (t != 0 || phase2Pending == 2);
}

int main() {
  const int blocks = 3, n = blocks * Threads;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  for (int i = 0; i < n; ++i)
    in[i] = 7 * i;
  phases<<<blocks, Threads>>>(in, out);
  cudaDeviceSynchronize();
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < Threads; ++t) {
      const int next = (t + 1) % Threads;
      const int want = (next * 10 * Phases + 10) * 1000 + 7 * (b * Threads + Threads - 1 - t);
      if (out[b * Threads + t] != want)
        return std::printf("FAIL phases: block %d thread %d: %d, not %d\n", b, t,
                           out[b * Threads + t], want), 1;
    }
  instructions<<<1, Threads>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return std::puts("FAIL instructions: launch"), 1;
  for (int t = 0; t < Threads; ++t)
    if (out[t] != 3)
      return std::printf("FAIL instructions: thread %d: %d\n", t, out[t]), 1;
  std::puts("PASS");
  return 0;
}

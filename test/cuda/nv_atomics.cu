// CUDA 12.8's __nv_atomic_* builtins (code written for CUDA >= 12.8 takes
// them): load/store with acquire/release, fetch-add on int, unsigned long
// long and float, exchange, compare-exchange in a loop, min/max, and/or/xor
// and a fence, every block and thread racing on the same words.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cstdio>

struct Words {
  int sum;
  unsigned long long big;
  float fsum;
  int minv, maxv;
  unsigned bits, xored;
  int casSum;
  int flag, payload, seen;
};

__global__ void race(Words *w) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_atomic_fetch_add(&w->sum, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&w->big, 1ull << 33, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&w->fsum, 0.5f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_min(&w->minv, 1000 - t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_max(&w->maxv, t, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_fetch_or(&w->bits, 1u << (t % 32), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_xor(&w->xored, unsigned(t), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // A compare-exchange loop adding t.
  int expected = __nv_atomic_load_n(&w->casSum, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  while (!__nv_atomic_compare_exchange_n(&w->casSum, &expected, expected + t, false,
                                         __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED,
                                         __NV_THREAD_SCOPE_DEVICE)) {
  }
  // Thread 0 publishes a payload with a release store of the flag.
  if (t == 0) {
    w->payload = 42;
    __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_store_n(&w->flag, 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  }
  if (__nv_atomic_load_n(&w->flag, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE) &&
      w->payload != 42)
    __nv_atomic_exchange_n(&w->seen, -1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}

int main() {
  const int blocks = 4, threads = 128, n = blocks * threads;
  Words h = {0, 0, 0.0f, 1 << 30, -1, 0, 0, 0, 0, 0, 0};
  Words *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
  race<<<blocks, threads>>>(d);
  if (cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  unsigned xored = 0;
  for (int t = 0; t < n; ++t)
    xored ^= unsigned(t);
  if (h.sum != n || h.big != (unsigned long long)n << 33 || h.fsum != 0.5f * n ||
      h.minv != 1000 - (n - 1) || h.maxv != n - 1 || h.bits != 0xffffffffu ||
      h.xored != xored || h.casSum != n * (n - 1) / 2 || h.flag != 1 || h.seen != 0) {
    printf("FAIL: sum %d big %llu fsum %f min %d max %d bits %x xor %x cas %d flag %d seen %d\n",
           h.sum, h.big, h.fsum, h.minv, h.maxv, h.bits, h.xored, h.casSum, h.flag, h.seen);
    return 1;
  }
  printf("PASS\n");
  return 0;
}

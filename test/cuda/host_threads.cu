// Several host threads using the runtime at once, as multi-threaded hosts
// do: each with a stream of its own, launching the same kernels (first
// use of a kernel from several threads), copying and synchronizing.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

__global__ void fill(int *v, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = value + i;
}

__global__ void twice(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= 2;
}

int main() {
  const int threads = 4, n = 2048, rounds = 5;
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      cudaStream_t s;
      int *d;
      if (cudaStreamCreate(&s) != cudaSuccess || cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) {
        ++failures;
        return;
      }
      std::vector<int> h(n);
      for (int r = 0; r < rounds; ++r) {
        fill<<<(n + 255) / 256, 256, 0, s>>>(d, n, 1000 * t + r);
        twice<<<(n + 255) / 256, 256, 0, s>>>(d, n);
        cudaMemcpyAsync(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost, s);
        if (cudaStreamSynchronize(s) != cudaSuccess) {
          ++failures;
          return;
        }
        for (int i = 0; i < n; ++i)
          if (h[i] != 2 * (1000 * t + r + i)) {
            ++failures;
            return;
          }
      }
      cudaFree(d);
      cudaStreamDestroy(s);
    });
  for (std::thread &T : pool)
    T.join();
  if (failures || cudaGetLastError() != cudaSuccess) {
    printf("FAIL: %d threads failed\n", failures.load());
    return 1;
  }
  printf("PASS\n");
  return 0;
}

// libcu++ objects declared `__shared__` the way CUDA's programming guide
// declares them: a cuda::barrier (memcpy_async completing on it), an array
// of barriers, a cuda::pipeline_shared_state behind cuda::make_pipeline,
// and nvcc's `__shared__ alignas(N)`. nvcc accepts them with warning
// #20054-D and runs no constructor; ferry-nvcc declares raw shared storage
// and a reference of the same name (tools/ferry-nvcc/NvccSpellings.h).
// (Before: "initialization is not supported for __shared__ variables" and
// "an attribute list cannot appear here".)
// RUN: %ferry-nvcc -O2 -std=c++17 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// RUN: %emu-gfx1100 %t | %FileCheck %s
// CHECK: barrier PASS
// CHECK: barriers PASS
// CHECK: pipeline PASS
// CHECK: line PASS
// CHECK-NEXT: PASS
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/barrier>
#include <cuda/pipeline>

namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;
constexpr int Threads = 128, Stages = 2, Batches = 6;

// The guide's form: one thread initializes, the block syncs, memcpy_async
// completes on the barrier.
__global__ void rotate(const int *in, int *out) {
  __shared__ alignas(16) int buf[Threads];
  __shared__ barrier bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, buf, in + blockIdx.x * Threads, sizeof(buf), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * Threads + threadIdx.x] = buf[(threadIdx.x + 1) % Threads];
}

// Two barriers, each for half of the block, phase after phase; the type
// and the declaration on several lines.
__global__ void halves(int *out) {
  static __shared__ cuda::barrier<
      cuda::thread_scope_block>
      bars[2];
  __shared__ int buf[Threads];
  const int t = threadIdx.x, half = t / (Threads / 2);
  if (t % (Threads / 2) == 0)
    init(&bars[half], Threads / 2);
  __syncthreads();
  int sum = 0;
  for (int p = 0; p < 4; ++p) {
    buf[t] = t * 10 + p;
    bars[half].arrive_and_wait();
    sum += buf[half * (Threads / 2) + (t + 1) % (Threads / 2)];
    bars[half].arrive_and_wait();
  }
  out[t] = sum;
}

// The guide's multi-stage pipeline: batches copied ahead while earlier ones
// are summed.
__global__ void sum_batches(const int *in, int *out) {
  __shared__ int buf[Stages][Threads];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, Stages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  int fetch = 0, acc = 0;
  for (int b = 0; b < Batches; ++b) {
    for (; fetch < Batches && fetch < b + Stages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % Stages], in + fetch * Threads, sizeof(int) * Threads,
                         pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc += buf[b % Stages][(threadIdx.x + 1) % Threads];
    pipe.consumer_release();
  }
  out[blockIdx.x * Threads + threadIdx.x] = acc;
}

static bool allOk = true;
static void report(const char *what, bool ok) {
  printf("%s %s\n", what, ok ? "PASS" : "FAIL");
  allOk &= ok;
}

int main() {
  static int h[Batches * Threads], r[2 * Threads];
  for (int i = 0; i < Batches * Threads; ++i)
    h[i] = i * 7 + 1;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);

  rotate<<<2, Threads>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < 2 * Threads; ++i)
    ok &= r[i] == h[i / Threads * Threads + (i % Threads + 1) % Threads];
  report("barrier", ok);

  halves<<<1, Threads>>>(out);
  cudaMemcpy(r, out, sizeof(int) * Threads, cudaMemcpyDeviceToHost);
  ok = true;
  for (int t = 0; t < Threads; ++t) {
    const int half = t / (Threads / 2), n = half * (Threads / 2) + (t + 1) % (Threads / 2);
    ok &= r[t] == 4 * n * 10 + 0 + 1 + 2 + 3;
  }
  report("barriers", ok);

  sum_batches<<<2, Threads>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  ok = true;
  for (int i = 0; i < 2 * Threads; ++i) {
    int e = 0;
    for (int b = 0; b < Batches; ++b)
      e += h[b * Threads + (i % Threads + 1) % Threads];
    ok &= r[i] == e;
  }
  report("pipeline", ok);
  // The rewritten declarations kept their lines.
  report("line", __LINE__ == 125);
  const bool passed = allOk && cudaGetLastError() == cudaSuccess;
  printf("%s\n", passed ? "PASS" : "FAIL");
  return !passed;
}

// C++ objects with virtual functions in device code: made with device-side
// new in one kernel, called through base pointers in another, deleted
// there; an abstract base (pure virtual function) and a virtual
// destructor. AMD code objects refer to the vtables PC-relative.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %ferry-nvcc -O0 -arch=sm_80 %s -o %t.O0
// RUN: %emu-gfx90a %t.O0 | %FileCheck %s
// CHECK: PASS
#include <cuda_runtime.h>

#include <cstdio>

struct Op {
  __device__ virtual int apply(int x) const = 0;
  __device__ virtual ~Op() {}
};

struct AddOp : Op {
  int k;
  __device__ explicit AddOp(int k) : k(k) {}
  __device__ int apply(int x) const override { return x + k; }
};

struct MulOp : Op {
  int k;
  __device__ explicit MulOp(int k) : k(k) {}
  __device__ int apply(int x) const override { return x * k; }
};

struct Counted : MulOp {
  int *destroyed;
  __device__ Counted(int k, int *d) : MulOp(k), destroyed(d) {}
  __device__ ~Counted() override { atomicAdd(destroyed, 1); }
};

__global__ void build(Op **ops, int n, int *destroyed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    ops[i] = i % 3 == 0 ? static_cast<Op *>(new AddOp(i))
             : i % 3 == 1 ? static_cast<Op *>(new MulOp(2))
                          : static_cast<Op *>(new Counted(3, destroyed));
}

__global__ void run(Op **ops, int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = ops[i]->apply(10);
    delete ops[i];
  }
}

int main() {
  const int n = 96;
  Op **ops;
  int *out, *destroyed;
  cudaMalloc(&ops, n * sizeof(Op *));
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&destroyed, sizeof(int));
  cudaMemset(destroyed, 0, sizeof(int));
  build<<<3, 32>>>(ops, n, destroyed);
  run<<<3, 32>>>(ops, n, out);
  int h[n], d = 0;
  if (cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(&d, destroyed, sizeof d, cudaMemcpyDeviceToHost) != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    const int want = i % 3 == 0 ? 10 + i : i % 3 == 1 ? 20 : 30;
    if (h[i] != want) {
      printf("FAIL: object %d gives %d, not %d\n", i, h[i], want);
      return 1;
    }
  }
  if (d != n / 3) {
    printf("FAIL: %d destructors ran, not %d\n", d, n / 3);
    return 1;
  }
  printf("PASS\n");
  return 0;
}

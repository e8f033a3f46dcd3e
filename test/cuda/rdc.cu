// Relocatable device code: a kernel calls a __device__ function and updates
// a __device__ variable defined in another file (Inputs/rdc-other.cu); both
// files have a static __device__ variable of the same name, each read back
// by cudaMemcpyFromSymbol; a __managed__ variable defined here is updated by
// both files' kernels and read by the host. Linked by ferry-nvcc itself, by -dlink plus a
// plain clang++ link, and from a static library made with -lib (named by
// its path, and by -L and -l).
// RUN: rm -rf %t && mkdir %t
// RUN: %ferry-nvcc -O3 -arch=sm_80 -rdc=true -c %s -o %t/main.o
// RUN: %ferry-nvcc -O3 -arch=sm_80 -dc %S/Inputs/rdc-other.cu -o %t/other.o
// RUN: %ferry-nvcc -arch=sm_80 %t/main.o %t/other.o -o %t/prog
// RUN: %emu-gfx90a %t/prog > %t/out 2> %t/err && %FileCheck %s < %t/out && %count 0 < %t/err
// RUN: %emu-gfx1100 %t/prog > %t/out 2> %t/err && %FileCheck %s < %t/out && %count 0 < %t/err
// The device link's images, both files' kernels in one code object:
// RUN: %ferry-info --image %t/prog | %FileCheck %s --check-prefix=INFO
// INFO: images: 9
// INFO: image 0: gfx90a
// INFO-DAG: kernel {{ *}}_Z5applyPfi
// INFO-DAG: kernel {{ *}}_Z5againPfi
// RUN: %ferry-nvcc -arch=sm_80 -dlink %t/main.o %t/other.o -o %t/dlink.o
// RUN: %clangxx %t/main.o %t/other.o %t/dlink.o -L%ferry-libdir -lferry-cudart -lferry-rt -Wl,-rpath,%ferry-libdir -o %t/prog2
// RUN: %emu-gfx90a %t/prog2 | %FileCheck %s
// RUN: %ferry-nvcc -lib %t/main.o %t/other.o -o %t/libboth.a
// RUN: %ferry-nvcc -arch=sm_80 %t/libboth.a -o %t/prog3
// RUN: %emu-gfx1100 %t/prog3 | %FileCheck %s
// A library named by -L and -l is device-linked too, as nvcc does (CUDA
// sweep 14 F6: "would call undefined functions" where only a path worked).
// RUN: %ferry-nvcc -lib %t/other.o -o %t/libother.a
// RUN: %ferry-nvcc -arch=sm_80 %t/main.o -L%t -lother -o %t/prog4
// RUN: %emu-gfx90a %t/prog4 | %FileCheck %s
// RUN: %ferry-nvcc -arch=sm_80 %t/main.o -L %t -l:libother.a -o %t/prog5
// RUN: %emu-gfx1100 %t/prog5 | %FileCheck %s
// Without the device link the program says what is missing.
// RUN: not %clangxx %t/main.o %t/other.o -L%ferry-libdir -lferry-cudart -lferry-rt -Wl,-rpath,%ferry-libdir -o %t/nolink 2>&1 | %FileCheck %s --check-prefix=NOLINK
// NOLINK: undefined reference to `__cudaRegisterLinkedBinary_
// CHECK: PASS
#include <cstdio>
#include <cuda_runtime.h>

extern __device__ float scale(float x); // Inputs/rdc-other.cu
extern __device__ int calls;            // Inputs/rdc-other.cu
static __device__ int local_static = 5; // the other file has one of its own
__managed__ int managed_hits = 1000;    // also counted by the other file

__global__ void apply(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    v[i] = scale(v[i]) + local_static;
    atomicAdd(&calls, 1);
    atomicAdd(&managed_hits, 1);
  }
}

void launchOther(float *v, int n);

int main() {
  const int n = 300;
  float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = i;
  float *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  apply<<<2, 256>>>(d, n);
  launchOther(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int c = 0, ls = 0;
  cudaMemcpyFromSymbol(&c, calls, sizeof c);
  cudaMemcpyFromSymbol(&ls, local_static, sizeof ls);
  for (int i = 0; i < n; ++i)
    if (h[i] != (3.0f * i + 5) * 3.0f + 1) {
      printf("FAIL at %d: %f\n", i, h[i]);
      return 1;
    }
  if (c != 2 * n || ls != 5 || managed_hits != 1000 + 2 * n) {
    printf("FAIL: calls %d, local_static %d, managed_hits %d\n", c, ls, managed_hits);
    return 1;
  }
  if (cudaError_t E = cudaGetLastError()) {
    printf("FAIL: %s\n", cudaGetErrorString(E));
    return 1;
  }
  printf("PASS\n");
  return 0;
}

// A kernel whose template arguments name a CUDA runtime function that the
// device runtime also declares (cudaFree, cudaMalloc): thrust's
// universal_vector allocator, `cuda_memory_resource<..., cudaFree>`, in
// every algorithm called with a lambda of a function that takes one
// (NVIDIA's accelerated-computing-hub course). The device compile saw
// CDP2's static __device__ definitions, mangled `_ZL8cudaFreePv` where the
// host has `_Z8cudaFree`: the host launched a kernel the image did not
// have ("invalid device function"). Now both see the extern "C" functions.
// RUN: %ferry-nvcc -O3 -arch=sm_90 --extended-lambda %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t | %FileCheck %s
// CHECK: template argument: 42
// CHECK: universal_vector: 14
// CHECK: PASS
#include <cstdio>
#include <thrust/tabulate.h>
#include <thrust/universal_vector.h>

template <cudaError_t (*Free)(void *), cudaError_t (*Malloc)(void **, size_t)>
struct resource {
  int x;
};
using my_resource = resource<cudaFree, cudaMalloc>; // namespace scope

template <class T> __global__ void kern(T t, int *out) { *out = t.x + 1; }

static int tabulate(thrust::universal_vector<int> &v) {
  thrust::tabulate(v.begin(), v.end(), [] __host__ __device__(int i) { return 2 * i; });
  return v[7];
}

int main() {
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  *out = 0;
  kern<<<1, 1>>>(my_resource{41}, out);
  const bool launched = cudaDeviceSynchronize() == cudaSuccess;
  std::printf("template argument: %d\n", *out);
  thrust::universal_vector<int> v(8);
  const int last = tabulate(v);
  std::printf("universal_vector: %d\n", last);
  const bool ok = launched && *out == 42 && last == 14;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

// The AMD targets' device code is compiled as for sm_80 when every -arch is
// sm_89 or newer (the highest -arch below sm_89 otherwise, or
// --amd-cuda-arch): AMD GPUs have none of the features sm_89 and sm_90 add,
// and libraries choose those paths by __CUDA_ARCH__. CUB's DeviceTransform
// (thrust::transform) took its sm_90 bulk-copy kernel, whose cp.async.bulk,
// mbarrier, elect.sync and fence.proxy.async Ferry refuses for AMD, and
// every H100 Makefile with thrust::transform failed to build. The program's
// host code sees the same architecture as the device code it runs (CUB
// chooses its kernels' launch by cudaFuncGetAttributes' ptxVersion): the
// compute capability of AMD devices is the sm_NN their code came from.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ferry-nvcc -O3 -arch=sm_90 -DWITH_THRUST %s -o %t/sm90
// RUN: %emu-gfx90a %t/sm90 > %t/out 2> %t/err && %FileCheck %s --check-prefixes=CHECK,AMD80,THRUST < %t/out && %count 0 < %t/err
// RUN: %ferry-info --image %t/sm90 | %FileCheck %s --check-prefix=INFO
// INFO: image 0: gfx90a (from sm_80)
// INFO-NOT: image {{[0-9]+}}: sm_80
// INFO: image {{[0-9]+}}: sm_90
// INFO-NOT: image
//
// Relocatable device code: the device link takes the AMD code from the
// objects' sm_80 NVVM, and makes PTX for sm_89 and sm_90 only.
// RUN: %ferry-nvcc -O3 -gencode arch=compute_89,code=sm_89 -gencode arch=compute_90,code=sm_90 -dc %s -o %t/rdc.o
// RUN: %ferry-nvcc -arch=sm_90 %t/rdc.o -o %t/rdc
// RUN: %emu-gfx1100 %t/rdc > %t/out 2> %t/err && %FileCheck %s --check-prefixes=CHECK,AMD80 < %t/out && %count 0 < %t/err
// RUN: %ferry-info --image %t/rdc | %FileCheck %s --check-prefix=RDC
// RDC: image 0: gfx90a (from sm_80)
// RDC-NOT: image {{[0-9]+}}: sm_80
// RDC: image {{[0-9]+}}: sm_89
// RDC: image {{[0-9]+}}: sm_90
//
// The highest -arch below sm_89; --amd-cuda-arch names one.
// RUN: %ferry-nvcc -O3 -arch=sm_75,sm_86,sm_90 %s -o %t/sm86
// RUN: %emu-gfx90a %t/sm86 | %FileCheck %s --check-prefixes=CHECK,AMD86
// RUN: %ferry-nvcc -O3 -arch=sm_90 --amd-cuda-arch=sm_90 %s -o %t/own
// RUN: %emu-gfx90a %t/own | %FileCheck %s --check-prefixes=CHECK,AMD90
// RUN: not %ferry-nvcc -arch=sm_90 --amd-cuda-arch=sm_100 %s -o %t/bad 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: ferry-nvcc: error: unknown GPU architecture 'sm_100' for --amd-cuda-arch (clang 19 knows sm_50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89 and 90)
// Code that only sm_90 has (atomicAdd on float2) fails the sm_80 compile,
// which says why it is there.
// RUN: not %ferry-nvcc -arch=sm_90 -DSM90_ONLY -c %s -o %t/sm90only.o 2>&1 | %FileCheck %s --check-prefix=NOTE
// NOTE: error: no matching function for call to 'atomicAdd'
// NOTE: ferry-nvcc: note: sm_80 is the architecture of the AMD targets' device code (the highest -arch below sm_89, else sm_80; --amd-cuda-arch=sm_NN names another)
// With --amd-cuda-arch=sm_90 it builds, and the vector atomics add each
// element atomically.
// RUN: %ferry-nvcc -O3 -arch=sm_90 --amd-cuda-arch=sm_90 -DSM90_ONLY %s -o %t/sm90only
// RUN: %emu-gfx90a %t/sm90only | %FileCheck %s --check-prefixes=CHECK,AMD90,ATOMICS
// RUN: %emu-gfx1100 %t/sm90only | %FileCheck %s --check-prefixes=CHECK,AMD90,ATOMICS
//
// AMD80: device code 800, compute capability 8.0, ptxVersion 80
// AMD86: device code 860, compute capability 8.6, ptxVersion 86
// AMD90: device code 900, compute capability 9.0, ptxVersion 90
// THRUST: thrust PASS
// ATOMICS: float2 (128,256) float4 (128,256,384,512)
// CHECK: PASS
#include <cstdio>
#ifdef WITH_THRUST
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#endif

__device__ int arch;

__global__ void record() {
#ifdef __CUDA_ARCH__
  arch = __CUDA_ARCH__;
#endif
}

#ifdef SM90_ONLY
__global__ void addVectors(float2 *p2, float4 *p4) {
  atomicAdd(p2, make_float2(1, 2));
  atomicAdd(p4, make_float4(1, 2, 3, 4));
}

static bool vectorAtomics() {
  float2 *p2, h2;
  float4 *p4, h4;
  cudaMalloc(&p2, sizeof *p2);
  cudaMalloc(&p4, sizeof *p4);
  cudaMemset(p2, 0, sizeof *p2);
  cudaMemset(p4, 0, sizeof *p4);
  addVectors<<<2, 64>>>(p2, p4);
  cudaMemcpy(&h2, p2, sizeof h2, cudaMemcpyDeviceToHost);
  cudaMemcpy(&h4, p4, sizeof h4, cudaMemcpyDeviceToHost);
  std::printf("float2 (%g,%g) float4 (%g,%g,%g,%g)\n", h2.x, h2.y, h4.x, h4.y, h4.z, h4.w);
  return h2.x == 128 && h2.y == 256 && h4.x == 128 && h4.y == 256 && h4.z == 384 && h4.w == 512;
}
#endif

#ifdef WITH_THRUST
struct square {
  __host__ __device__ float operator()(float x) const { return x * x; }
};

static bool thrustTransforms() {
  const int n = 100000;
  thrust::device_vector<float> a(n), b(n);
  thrust::sequence(a.begin(), a.end());
  thrust::transform(a.begin(), a.end(), b.begin(), square());
  thrust::transform(a.begin(), a.end(), b.begin(), b.begin(), thrust::plus<float>());
  const double sum = thrust::reduce(b.begin(), b.end(), 0.0);
  double expect = 0;
  for (int i = 0; i < n; ++i)
    expect += double(float(i) * float(i) + float(i));
  // A comparator: CUB's merge sort, launched with programmatic stream
  // serialization where the host compile targets sm_90 (launch_attributes.cu).
  thrust::sort(a.begin(), a.end(), thrust::greater<float>());
  const float first = a[0], last = a[n - 1];
  return sum == expect && first == float(n - 1) && last == 0.0f;
}
#endif

int main() {
  record<<<1, 1>>>();
  int code = 0;
  cudaFuncAttributes attr;
  cudaDeviceProp prop;
  if (cudaDeviceSynchronize() != cudaSuccess ||
      cudaMemcpyFromSymbol(&code, arch, sizeof code) != cudaSuccess ||
      cudaFuncGetAttributes(&attr, record) != cudaSuccess ||
      cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    std::printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  std::printf("device code %d, compute capability %d.%d, ptxVersion %d\n", code, prop.major,
              prop.minor, attr.ptxVersion);
  bool ok = code == attr.ptxVersion * 10;
#ifdef SM90_ONLY
  ok = vectorAtomics() && ok;
#endif
#ifdef WITH_THRUST
  const bool transformed = thrustTransforms();
  std::printf("thrust %s\n", transformed ? "PASS" : "FAIL");
  ok = ok && transformed;
#endif
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

// CUB and Thrust in relocatable device code (-rdc=true), as a project that
// builds every file with -rdc uses them: a device-wide sum (cub::DeviceReduce)
// and a sort (thrust::sort) from the host, a block-wide CUB scan in a kernel.
// Ferry has no device runtime, so CUB's algorithms stay host functions under
// -rdc too (CUB_DISABLE_CDP), as without it.
// (Before: "CUDA Dynamic Parallelism 1 is no longer supported. Please
// undefine CUDA_FORCE_CDP1_IF_SUPPORTED." in every file including CUB.)
// RUN: %ferry-nvcc -O2 -std=c++17 -arch=sm_80 --offload-arch=gfx90a -rdc=true %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// CHECK: sum 5050
// CHECK: sorted 1
// CHECK: scan PASS
// CHECK-NEXT: PASS
#include <cstdio>
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/sort.h>

__global__ void blockScan(int *data) {
  using Scan = cub::BlockScan<int, 128>;
  __shared__ typename Scan::TempStorage temp;
  int v = data[threadIdx.x];
  Scan(temp).InclusiveSum(v, v);
  data[threadIdx.x] = v;
}

int main() {
  const int n = 100;
  int h[n];
  for (int i = 0; i < n; ++i)
    h[i] = i + 1;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  size_t bytes = 0;
  cub::DeviceReduce::Sum(nullptr, bytes, in, out, n);
  void *temp;
  cudaMalloc(&temp, bytes);
  cub::DeviceReduce::Sum(temp, bytes, in, out, n);
  int sum = 0;
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  printf("sum %d\n", sum);

  thrust::device_vector<int> v(h, h + n);
  thrust::sort(v.begin(), v.end(), thrust::greater<int>());
  printf("sorted %d\n", v[0] == n && v[n - 1] == 1 ? 1 : 0);

  int s[128];
  for (int i = 0; i < 128; ++i)
    s[i] = 1;
  int *d;
  cudaMalloc(&d, sizeof s);
  cudaMemcpy(d, s, sizeof s, cudaMemcpyHostToDevice);
  blockScan<<<1, 128>>>(d);
  cudaMemcpy(s, d, sizeof s, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < 128; ++i)
    ok &= s[i] == i + 1;
  printf("scan %s\n", ok ? "PASS" : "FAIL");
  ok &= sum == n * (n + 1) / 2 && v[0] == n && v[n - 1] == 1 && cudaGetLastError() == cudaSuccess;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}

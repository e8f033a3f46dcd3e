// -O0 (a Makefile's debug build): thrust::sort_by_key, whose CUB kernels
// call the device libraries' wave operations. Their code paths for other
// processors (branches on __oclc_ISA_version) were kept unoptimized: GFX10
// functions that code generation for gfx90a removed ("the AMDGPU backend
// printed no resource usage for ''", an unnamed one), GFX9 wave shifts
// that it refused for gfx1100 ("wavefront shifts are not supported on
// GFX10+"). The libraries' branches on their control constants are folded
// at every level now.
// RUN: %ferry-nvcc -O0 -arch=sm_80 --offload-arch=gfx90a,gfx1100 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: keys 0..999 in order, values their positions
// CHECK-NEXT: PASS
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

int main() {
  const int n = 1000;
  thrust::host_vector<int> keys(n);
  for (int i = 0; i < n; ++i)
    keys[i] = (i * 7919) % n; // a permutation of 0..n-1 (7919 is prime)
  thrust::device_vector<int> k = keys, v(n);
  thrust::sequence(v.begin(), v.end());
  thrust::sort_by_key(k.begin(), k.end(), v.begin());
  thrust::host_vector<int> hk = k, hv = v;
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && hk[i] == i && keys[hv[i]] == i;
  std::printf("keys 0..%d in order, values their positions\n%s\n", n - 1, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

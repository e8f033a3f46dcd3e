// Half and bfloat16 values through CUDA 13's cuda_fp16.h / cuda_bf16.h
// paths that are inline PTX: warp shuffles of __half2 (whose overloads read
// WARP_SZ), half2 arithmetic, and atomicAdd on __half2, __half and
// __nv_bfloat162 (atom.add.noftz). Each element is added to twice, so the
// results do not depend on the order of the atomics.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
__global__ void half_shuffle_atomics(const __half2 *x, __half2 *sum, __half *hsum,
                                     __nv_bfloat162 *bsum, __half2 *old, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Every lane shuffles (the full mask); lanes past n add nothing.
  __half2 v = i < n ? x[i] : __float2half2_rn(0.0f);
  v = __hadd2(v, __shfl_xor_sync(0xffffffff, v, 1));
  v = __hadd2(v, __shfl_down_sync(0xffffffff, v, 2, 16));
  if (i >= n)
    return;
  atomicAdd(&sum[i], v);
  old[i] = atomicAdd(&sum[i], v);
  atomicAdd(&hsum[i], __low2half(v));
  atomicAdd(&hsum[i], __high2half(v));
  __nv_bfloat162 b = __floats2bfloat162_rn(__low2float(v), __high2float(v));
  atomicAdd(&bsum[i], b);
  atomicAdd(&bsum[i], b);
}

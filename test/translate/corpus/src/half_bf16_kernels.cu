// Half and bfloat16 kernels written the way mixed-precision code uses
// cuda_fp16.h and cuda_bf16.h: a __half2 dot product with float
// accumulation, a bf16x2 GEMV row, a clamped activation with half
// comparisons, and conversions with explicit rounding modes.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void half2_dot(int n2, const __half2 *x, const __half2 *y,
                          float *partial) {
  __shared__ float sums[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half2 acc = __float2half2_rn(0.0f);
  if (i < n2)
    acc = __hfma2(x[i], y[i], acc);
  float2 f = __half22float2(acc);
  sums[threadIdx.x] = f.x + f.y;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      sums[threadIdx.x] += sums[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = sums[0];
}

__global__ void bf16_gemv(int rows, int cols2, const __nv_bfloat162 *a,
                          const __nv_bfloat162 *x, __nv_bfloat16 *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  __nv_bfloat162 acc = __float2bfloat162_rn(0.0f);
  for (int c = 0; c < cols2; ++c)
    acc = __hfma2(a[r * cols2 + c], x[c], acc);
  __nv_bfloat162 scaled = __hmul2(acc, __float2bfloat162_rn(0.5f));
  y[r] = __hadd(__low2bfloat16(scaled), __high2bfloat16(scaled));
}

__global__ void half_clamp_act(int n, const __half *x, __half *y, __half lo,
                               __half hi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half v = __hsub(__hmul(x[i], __float2half(1.25f)), __float2half(0.5f));
  v = __hmax(lo, __hmin(v, hi));
  if (__hlt(v, __float2half(0.0f)))
    v = __hneg(__hmul(v, __float2half(0.125f)));
  y[i] = __hge(v, hi) ? hi : v;
}

__global__ void half_bf16_convert(int n, const float *x, __half *h_rz,
                                  __nv_bfloat16 *b_rz, int *ints,
                                  unsigned short *bits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i] * 37.3f;
  h_rz[i] = __float2half_rz(v);
  b_rz[i] = __float2bfloat16_rz(v);
  __half2 both = __floats2half2_rn(v, -v);
  ints[2 * i] = __half2int_rn(__high2half(both)) + __bfloat162int_rz(b_rz[i]);
  ints[2 * i + 1] = __half2int_rd(__low2half(both)) - __half2int_ru(__float2half(v * 0.5f));
  bits[i] = __half_as_ushort(__hsub2(both, __lowhigh2highlow(both)).x) ^
            __bfloat16_as_ushort(__hmax(b_rz[i], __float2bfloat16(1.0f)));
}

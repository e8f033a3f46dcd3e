// fp16 and bf16 arithmetic and conversions of cuda_fp16.h / cuda_bf16.h,
// which the headers write as inline PTX (f16x2 arithmetic, bf16 fma,
// cvt with rounding modes, 16-bit pack and unpack).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
__global__ void half2_axpy(int n, const __half2 *x, __half2 *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half2 a = __floats2half2_rn(0.5f, 2.0f);
    y[i] = __hadd2(__hmul2(a, x[i]), __hfma2(x[i], y[i], a));
  }
}
__global__ void bf16_ops(int n, const __nv_bfloat16 *x, __nv_bfloat162 *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __nv_bfloat16 v = __hfma(x[i], __float2bfloat16(1.5f), x[i]);
    y[i] = __floats2bfloat162_rn(__bfloat162float(v), float(i));
    z[i] = __low2float(__halves2half2(__int2half_rn(i - 50), __float2half(1.0f))) +
           float(__half2short_rz(__float2half(float(i) * 0.75f)));
  }
}

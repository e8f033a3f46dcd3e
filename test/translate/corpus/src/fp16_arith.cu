// Half-precision arithmetic through cuda_fp16.h.
#include <cuda_fp16.h>
__global__ void axpy_half(int n, __half a, const __half *x, __half *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __hfma(a, x[i], y[i]);
}
__global__ void half_to_float(int n, const __half *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __half2float(__hadd(x[i], __hmul(x[i], __float2half(0.5f))));
}

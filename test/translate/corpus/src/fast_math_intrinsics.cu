// CUDA's fast intrinsics: __sinf, __expf, __fdividef, __logf, __powf.
__global__ void fast_math(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = __sinf(v) * __cosf(v) + __expf(v * 0.1f) + __fdividef(v, 3.0f) + __logf(2.0f + v * v) +
           __powf(2.0f, v * 0.01f) + __saturatef(v);
  }
}

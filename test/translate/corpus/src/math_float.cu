// Single-precision libm in device code.
__global__ void math_f32(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  y[i] = sinf(v) + cosf(v) * expf(-v) + logf(1.0f + fabsf(v)) + powf(fabsf(v), 1.5f) +
         erff(v) + rsqrtf(1.0f + v * v) + tanhf(v) + sqrtf(fabsf(v)) + atan2f(v, 2.0f) +
         fmodf(v, 3.0f) + exp2f(v * 0.1f) + log10f(2.0f + v * v) + cbrtf(v) + hypotf(v, 1.0f);
}

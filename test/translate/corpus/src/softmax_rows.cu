// Row-wise softmax, one warp per row, with __shfl_xor_sync butterflies.
__device__ float warpMax(float v) {
  for (int m = 16; m > 0; m >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, m));
  return v;
}
__device__ float warpAdd(float v) {
  for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
  return v;
}
__global__ void softmax(const float *x, float *y, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (row >= rows) return;
  float m = -INFINITY;
  for (int c = lane; c < cols; c += 32) m = fmaxf(m, x[row * cols + c]);
  m = warpMax(m);
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32) s += expf(x[row * cols + c] - m);
  s = warpAdd(s);
  for (int c = lane; c < cols; c += 32) y[row * cols + c] = expf(x[row * cols + c] - m) / s;
}

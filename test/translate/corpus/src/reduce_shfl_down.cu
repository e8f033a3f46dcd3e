// Block sum: warp reductions with __shfl_down_sync, then one warp combines.
__inline__ __device__ float warpSum(float v) {
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}
__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = warpSum(v);
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / warpSize ? partial[lane] : 0.0f;
  if (warp == 0) {
    v = warpSum(v);
    if (lane == 0)
      atomicAdd(out, v);
  }
}

// 1D stencil of radius 3 with a shared-memory halo.
#define RADIUS 3
#define BLOCK 256
__global__ void stencil1d(const float *in, float *out, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  tile[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    tile[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
    tile[l + BLOCK] = g + BLOCK < n ? in[g + BLOCK] : 0.0f;
  }
  __syncthreads();
  float s = 0.0f;
  for (int o = -RADIUS; o <= RADIUS; ++o)
    s += tile[l + o];
  if (g < n)
    out[g] = s / (2 * RADIUS + 1);
}

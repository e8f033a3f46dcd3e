// Matrix transpose through a padded shared tile (no bank conflicts).
#define TD 32
__global__ void transpose(const float *in, float *out, int w, int h) {
  __shared__ float tile[TD][TD + 1];
  int x = blockIdx.x * TD + threadIdx.x, y = blockIdx.y * TD + threadIdx.y;
  for (int j = 0; j < TD; j += blockDim.y)
    if (x < w && y + j < h)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * TD + threadIdx.x;
  y = blockIdx.x * TD + threadIdx.y;
  for (int j = 0; j < TD; j += blockDim.y)
    if (x < h && y + j < w)
      out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Tiled matrix multiply with the tile size chosen at launch (dynamic shared).
__global__ void matmul_dyn(const double *A, const double *B, double *C, int n, int tile) {
  extern __shared__ double smem[];
  double *As = smem, *Bs = smem + tile * tile;
  int row = blockIdx.y * tile + threadIdx.y, col = blockIdx.x * tile + threadIdx.x;
  double acc = 0.0;
  for (int t = 0; t < (n + tile - 1) / tile; ++t) {
    int ac = t * tile + threadIdx.x, br = t * tile + threadIdx.y;
    As[threadIdx.y * tile + threadIdx.x] = (row < n && ac < n) ? A[row * n + ac] : 0.0;
    Bs[threadIdx.y * tile + threadIdx.x] = (br < n && col < n) ? B[br * n + col] : 0.0;
    __syncthreads();
    for (int k = 0; k < tile; ++k)
      acc += As[threadIdx.y * tile + k] * Bs[k * tile + threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < n)
    C[row * n + col] = acc;
}

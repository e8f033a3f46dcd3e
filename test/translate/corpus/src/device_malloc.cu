// Device malloc and free as CUDA programs use them: a per-thread scratch
// array (malloc'ed, filled, reduced, freed), a per-block buffer that thread
// 0 allocates and shares through shared memory, and new[]/delete[]; the
// second launch reuses the blocks the first freed.
#include <cstdlib>

__global__ void device_malloc(const int *in, int *out, int n) {
  __shared__ int *shared;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int m = 1 + (i % 7);
  int *scratch = (int *)malloc(m * sizeof(int));
  int sum = -1;
  if (scratch) {
    for (int k = 0; k < m; ++k)
      scratch[k] = (i < n ? in[i] : 0) + k;
    sum = 0;
    for (int k = 0; k < m; ++k)
      sum += scratch[k];
    free(scratch);
  }
  if (threadIdx.x == 0)
    shared = (int *)malloc(blockDim.x * sizeof(int));
  __syncthreads();
  if (shared)
    shared[threadIdx.x] = sum;
  __syncthreads();
  double *twice = new double[2];
  twice[0] = shared ? shared[(threadIdx.x + 1) % blockDim.x] : -1;
  twice[1] = 2 * twice[0];
  if (i < n)
    out[i] = sum * 1000 + int(twice[1]) % 1000;
  delete[] twice;
  __syncthreads();
  if (threadIdx.x == 0)
    free(shared);
}

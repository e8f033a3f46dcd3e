// __syncthreads_count/_and/_or: barriers that also reduce a predicate.
__global__ void barrier_reduce(const int *x, int *counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int p = i < n && x[i] > 0;
  int c = __syncthreads_count(p);
  int all = __syncthreads_and(p);
  int any = __syncthreads_or(p);
  if (threadIdx.x == 0) {
    counts[3 * blockIdx.x] = c;
    counts[3 * blockIdx.x + 1] = all;
    counts[3 * blockIdx.x + 2] = any;
  }
}

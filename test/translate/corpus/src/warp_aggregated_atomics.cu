// Warp-aggregated atomic increment: one atomic per warp via __activemask.
__device__ int atomicAggInc(int *ctr) {
  unsigned active = __activemask();
  int leader = __ffs(active) - 1;
  int lane = threadIdx.x & 31;
  int change = __popc(active);
  unsigned rank = __popc(active & ((1u << lane) - 1));
  int warp_res = 0; // read by every lane in the shuffle below: must not be uninitialised
  if (lane == leader)
    warp_res = atomicAdd(ctr, change);
  warp_res = __shfl_sync(active, warp_res, leader);
  return warp_res + rank;
}
__global__ void filter_positive(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    out[atomicAggInc(count)] = in[i];
}

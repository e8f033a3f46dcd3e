// cub block and warp reductions of CUDA 13's CCCL: BlockReduce sums and
// maxima (warp reductions of shfl.sync.down in inline PTX, plain and in
// predicated-add blocks) and WarpReduce sums. Each kernel also counts in
// `bad` the results that differ from a plain loop over its inputs, so the
// emulator's NVVM run is checked against the CUDA semantics, not only
// against the translation.
#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cuda/functional>

__global__ void block_sum(const int *in, int *out, int *bad, int n) {
  using BlockReduce = cub::BlockReduce<int, 128>;
  __shared__ typename BlockReduce::TempStorage temp;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int sum = BlockReduce(temp).Sum(v);
  if (threadIdx.x == 0) {
    out[blockIdx.x] = sum;
    int expect = 0;
    for (int k = blockIdx.x * blockDim.x; k < n && k < (blockIdx.x + 1) * blockDim.x; ++k)
      expect += in[k];
    if (sum != expect)
      atomicAdd(bad, 1);
  }
}

__global__ void block_max_float(const float *in, float *out, int *bad, int n) {
  using BlockReduce = cub::BlockReduce<float, 128, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
  __shared__ typename BlockReduce::TempStorage temp;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : -1e30f;
  float m = BlockReduce(temp).Reduce(v, cuda::maximum<float>{});
  if (threadIdx.x == 0) {
    out[blockIdx.x] = m;
    float expect = -1e30f;
    for (int k = blockIdx.x * blockDim.x; k < n && k < (blockIdx.x + 1) * blockDim.x; ++k)
      expect = fmaxf(expect, in[k]);
    if (m != expect)
      atomicAdd(bad, 1);
  }
}

__global__ void warp_sums(const int *in, int *out, int *bad, int n) {
  using WarpReduce = cub::WarpReduce<int>;
  __shared__ typename WarpReduce::TempStorage temp[4];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int warp = threadIdx.x / 32;
  int v = i < n ? in[i] : 0;
  int s = WarpReduce(temp[warp]).Sum(v);
  if (threadIdx.x % 32 == 0) {
    out[blockIdx.x * 4 + warp] = s;
    int expect = 0;
    for (int k = i; k < n && k < i + 32; ++k)
      expect += in[k];
    if (s != expect)
      atomicAdd(bad, 1);
  }
}

// Partial warps: a logical warp of 16 lanes and a block of 96 threads.
__global__ void segment_max(const float *in, float *out, int *bad) {
  using WarpReduce = cub::WarpReduce<float, 16>;
  __shared__ typename WarpReduce::TempStorage temp[6];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int seg = threadIdx.x / 16;
  float m = WarpReduce(temp[seg]).Reduce(in[i], cuda::maximum<float>{});
  if (threadIdx.x % 16 == 0) {
    out[i / 16] = m;
    float expect = in[i];
    for (int k = 1; k < 16; ++k)
      expect = fmaxf(expect, in[i + k]);
    if (m != expect)
      atomicAdd(bad, 1);
  }
}

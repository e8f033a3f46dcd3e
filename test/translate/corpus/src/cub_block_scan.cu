// cub block scans of CUDA 13's CCCL: an inclusive sum (warp scans of
// shfl.sync.up in inline PTX), a raking exclusive sum with the block
// aggregate, and an exclusive max scan of four items per thread. Each kernel
// counts in `bad` the results that differ from a serial scan of its inputs.
#include <cub/block/block_scan.cuh>
#include <cuda/functional>

__global__ void inclusive_sum(const int *in, int *out, int *bad, int n) {
  using BlockScan = cub::BlockScan<int, 128>;
  __shared__ typename BlockScan::TempStorage temp;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  BlockScan(temp).InclusiveSum(v, v);
  if (i < n) {
    out[i] = v;
    int expect = 0;
    for (int k = blockIdx.x * blockDim.x; k <= i; ++k)
      expect += in[k];
    if (v != expect)
      atomicAdd(bad, 1);
  }
}

__global__ void exclusive_sum_total(const float *in, float *out, float *totals,
                                    int n) {
  using BlockScan = cub::BlockScan<float, 64, cub::BLOCK_SCAN_RAKING>;
  __shared__ typename BlockScan::TempStorage temp;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  float total;
  BlockScan(temp).ExclusiveSum(v, v, total);
  if (i < n)
    out[i] = v;
  if (threadIdx.x == 0)
    totals[blockIdx.x] = total;
}

__global__ void running_max(const int *in, int *out, int *bad, int n) {
  using BlockScan = cub::BlockScan<int, 64, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ typename BlockScan::TempStorage temp;
  int items[4];
  int first = blockIdx.x * blockDim.x * 4;
  int base = first + threadIdx.x * 4;
  for (int k = 0; k < 4; ++k)
    items[k] = base + k < n ? in[base + k] : -1000000;
  BlockScan(temp).ExclusiveScan(items, items, -1000000, cuda::maximum<int>{});
  int expect = -1000000;
  for (int k = first; k < base && k < n; ++k)
    expect = max(expect, in[k]);
  for (int k = 0; k < 4; ++k) {
    if (base + k < n) {
      out[base + k] = items[k];
      if (items[k] != expect)
        atomicAdd(bad, 1);
      expect = max(expect, in[base + k]);
    }
  }
}

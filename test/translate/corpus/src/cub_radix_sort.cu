// cub radix sorting of CUDA 13's CCCL: BlockRadixSort of keys and of
// key-value pairs (digits extracted with bmsk/shr in inline PTX, ranks by
// shfl.sync.up scans), a ranking pass with BlockRadixRankMatch (warp peers
// found by vote.ballot.sync blocks), and cub::ThreadExit (PTX exit). Each
// kernel counts in `bad` the outputs that break what CUDA promises.
#include <cub/block/block_radix_rank.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/util_ptx.cuh>

__global__ void sort_keys(int *data, int *bad) {
  using Sort = cub::BlockRadixSort<int, 64, 4>;
  __shared__ typename Sort::TempStorage temp;
  __shared__ int sorted[256];
  int keys[4];
  int first = blockIdx.x * 256;
  int base = first + threadIdx.x * 4;
  int checksum = 0;
  for (int k = 0; k < 4; ++k) {
    keys[k] = data[base + k];
    checksum += keys[k];
  }
  Sort(temp).Sort(keys);
  for (int k = 0; k < 4; ++k) {
    data[base + k] = keys[k];
    sorted[threadIdx.x * 4 + k] = keys[k];
    checksum -= keys[k];
  }
  __syncthreads();
  for (int k = threadIdx.x * 4; k < threadIdx.x * 4 + 4; ++k)
    if (k > 0 && sorted[k - 1] > sorted[k])
      atomicAdd(bad, 1);
  atomicAdd(bad + 1, checksum);
}

__global__ void sort_pairs_descending(unsigned *keys_io, float *values_io,
                                      int *bad) {
  using Sort = cub::BlockRadixSort<unsigned, 128, 2, float>;
  __shared__ typename Sort::TempStorage temp;
  unsigned keys[2];
  float values[2];
  int base = blockIdx.x * 256 + threadIdx.x * 2;
  for (int k = 0; k < 2; ++k) {
    keys[k] = keys_io[base + k];
    values[k] = values_io[base + k];
  }
  // The value travels with its key: make the pair checkable.
  for (int k = 0; k < 2; ++k)
    values[k] = float(keys[k]) + 0.5f;
  Sort(temp).SortDescending(keys, values);
  for (int k = 0; k < 2; ++k) {
    keys_io[base + k] = keys[k];
    values_io[base + k] = values[k];
    if (values[k] != float(keys[k]) + 0.5f)
      atomicAdd(bad, 1);
  }
  if (keys[0] < keys[1])
    atomicAdd(bad, 1);
}

// One pass of a radix sort: keys ranked by their low 4 bits with
// BlockRadixRankMatch and scattered to their ranks. The keys are loaded
// warp-striped, the order in which the ranking is stable.
__global__ void rank_low_digit(const unsigned *in, unsigned *out, int *bad) {
  using Rank = cub::BlockRadixRankMatch<64, 4, false>;
  __shared__ typename Rank::TempStorage temp;
  unsigned keys[2];
  int ranks[2];
  int base = blockIdx.x * 128;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int k = 0; k < 2; ++k)
    keys[k] = in[base + warp * 64 + k * 32 + lane];
  Rank(temp).RankKeys(keys, ranks, cub::ShiftDigitExtractor<unsigned>(0, 4));
  for (int k = 0; k < 2; ++k) {
    out[base + ranks[k]] = keys[k];
    // The rank is the number of smaller digits plus the earlier equal ones.
    int pos = warp * 64 + k * 32 + lane, expect = 0;
    for (int j = 0; j < 128; ++j) {
      unsigned d = in[base + j] & 15, mine = keys[k] & 15;
      expect += d < mine || (d == mine && j < pos);
    }
    if (ranks[k] != expect)
      atomicAdd(bad, 1);
  }
}

// Threads past the end leave the kernel early through cub::ThreadExit.
__global__ void scale_or_exit(const float *in, float *out, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    cub::ThreadExit();
  out[i] = in[i] * s;
}

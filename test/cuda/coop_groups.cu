// Cooperative groups within a block: this_thread_block() sync and thread_rank (also in 2D blocks),
// tiled_partition<32> reductions with shfl_down, smaller static tiles (<8>, <4>) with shfl/any/all,
// and a block-wide sum that combines the tile results through shared memory and block.sync().
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: CUDA error '%s' (%s) in %s\n", __FILE__, __LINE__,  \
                    cudaGetErrorString(err_), cudaGetErrorName(err_), #call);           \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

static int failures = 0;
#define EXPECT(cond, ...)                                                   \
    do {                                                                    \
        if (!(cond)) {                                                      \
            if (failures < 20) {                                            \
                fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__,      \
                        __LINE__, #cond);                                   \
                fprintf(stderr, __VA_ARGS__);                               \
                fprintf(stderr, "\n");                                      \
            }                                                               \
            ++failures;                                                     \
        }                                                                   \
    } while (0)

template <typename Tile>
__device__ int tileReduce(const Tile &tile, int val)
{
    for (int offset = tile.size() / 2; offset > 0; offset /= 2)
        val += tile.shfl_down(val, offset);
    return val;  // complete in tile.thread_rank() == 0
}

// Block-wide sum: per-warp tile reductions, then the first warp reduces the warp sums.
__global__ void blockSumCG(const int *in, int *blockSums, int *tileSums, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    extern __shared__ int warpSums[];

    int i = blockIdx.x * blockDim.x + block.thread_rank();
    int v = i < n ? in[i] : 0;
    int s = tileReduce(warp, v);
    int warpsPerBlock = (int)block.size() / 32;
    int warpIndex = (int)block.thread_rank() / 32;
    if (warp.thread_rank() == 0) {
        warpSums[warpIndex] = s;
        tileSums[blockIdx.x * warpsPerBlock + warpIndex] = s;
    }
    block.sync();
    if (warpIndex == 0) {
        int w = (int)warp.thread_rank() < warpsPerBlock ? warpSums[warp.thread_rank()] : 0;
        w = tileReduce(warp, w);
        if (warp.thread_rank() == 0)
            blockSums[blockIdx.x] = w;
    }
}

// Ranks in a 2D block, and small tiles: <8> sums via shfl_down, <4> broadcasts and votes.
__global__ void ranksAndTiles(const int *in, int *rank, int *tile8Sum, int *tile4First,
                              int *tile4Votes, int *blockSize)
{
    cg::thread_block block = cg::this_thread_block();
    unsigned r = block.thread_rank();  // x-fastest linearization of the 2D thread index
    int base = blockIdx.x * (int)block.size();
    rank[base + r] = (int)r;
    if (r == 0)
        blockSize[blockIdx.x] = (int)block.size();

    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
    int v = in[base + r];
    int s = tileReduce(t8, v);
    if (t8.thread_rank() == 0)
        tile8Sum[(base + r) / 8] = s;

    cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(block);
    int first = t4.shfl(v, 0);
    tile4First[base + r] = first;
    bool positive = v > 0;
    tile4Votes[base + r] = (t4.any(positive) ? 1 : 0) | (t4.all(positive) ? 2 : 0);
    block.sync();
}

int main()
{
    // 1. Block sums through tiled_partition<32>.
    const int n = 5000, threads = 256, blocks = (n + threads - 1) / threads, warps = threads / 32;
    std::vector<int> h(n);
    for (int i = 0; i < n; ++i)
        h[i] = (i * 29) % 41 - 20;
    int *dIn, *dBlock, *dTile;
    CHECK(cudaMalloc(&dIn, n * sizeof(int)));
    CHECK(cudaMalloc(&dBlock, blocks * sizeof(int)));
    CHECK(cudaMalloc(&dTile, blocks * warps * sizeof(int)));
    CHECK(cudaMemcpy(dIn, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    blockSumCG<<<blocks, threads, warps * sizeof(int)>>>(dIn, dBlock, dTile, n);
    CHECK(cudaGetLastError());
    std::vector<int> bs(blocks), ts(blocks * warps);
    CHECK(cudaMemcpy(bs.data(), dBlock, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ts.data(), dTile, blocks * warps * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) {
        int wantBlock = 0;
        for (int w = 0; w < warps; ++w) {
            int wantTile = 0;
            for (int l = 0; l < 32; ++l) {
                int i = b * threads + w * 32 + l;
                if (i < n)
                    wantTile += h[i];
            }
            EXPECT(ts[b * warps + w] == wantTile, "block %d tile %d: %d, want %d", b, w,
                   ts[b * warps + w], wantTile);
            wantBlock += wantTile;
        }
        EXPECT(bs[b] == wantBlock, "block %d sum: %d, want %d", b, bs[b], wantBlock);
    }

    // 2. A 2D block (16 x 8) and small tiles.
    const dim3 block2(16, 8);
    const int per = 16 * 8, blocks2 = 3, m = per * blocks2;
    std::vector<int> in2(m);
    for (int i = 0; i < m; ++i)
        in2[i] = (i % 4 == 3 && (i / 4) % 3 == 0) ? -(i % 7) : (i % 11) - 2;
    int *dIn2, *dRank, *dT8, *dFirst, *dVotes, *dSize;
    CHECK(cudaMalloc(&dIn2, m * sizeof(int)));
    CHECK(cudaMalloc(&dRank, m * sizeof(int)));
    CHECK(cudaMalloc(&dT8, m / 8 * sizeof(int)));
    CHECK(cudaMalloc(&dFirst, m * sizeof(int)));
    CHECK(cudaMalloc(&dVotes, m * sizeof(int)));
    CHECK(cudaMalloc(&dSize, blocks2 * sizeof(int)));
    CHECK(cudaMemcpy(dIn2, in2.data(), m * sizeof(int), cudaMemcpyHostToDevice));
    ranksAndTiles<<<blocks2, block2>>>(dIn2, dRank, dT8, dFirst, dVotes, dSize);
    CHECK(cudaGetLastError());
    std::vector<int> rank(m), t8(m / 8), first(m), votes(m), size(blocks2);
    CHECK(cudaMemcpy(rank.data(), dRank, m * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(t8.data(), dT8, m / 8 * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(first.data(), dFirst, m * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(votes.data(), dVotes, m * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(size.data(), dSize, blocks2 * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks2; ++b)
        EXPECT(size[b] == per, "block %d: size() = %d", b, size[b]);
    for (int i = 0; i < m; ++i)
        EXPECT(rank[i] == i % per, "thread_rank at %d = %d", i, rank[i]);
    for (int g = 0; g < m / 8; ++g) {
        int want = 0;
        for (int k = 0; k < 8; ++k)
            want += in2[g * 8 + k];
        EXPECT(t8[g] == want, "tile<8> %d sum %d, want %d", g, t8[g], want);
    }
    for (int i = 0; i < m; ++i) {
        int g = i / 4 * 4;
        EXPECT(first[i] == in2[g], "tile<4> shfl at %d = %d, want %d", i, first[i], in2[g]);
        int pos = 0;
        for (int k = 0; k < 4; ++k)
            pos += in2[g + k] > 0;
        int want = (pos > 0 ? 1 : 0) | (pos == 4 ? 2 : 0);
        EXPECT(votes[i] == want, "tile<4> votes at %d = %d, want %d", i, votes[i], want);
    }

    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dBlock));
    CHECK(cudaFree(dTile));
    CHECK(cudaFree(dIn2));
    CHECK(cudaFree(dRank));
    CHECK(cudaFree(dT8));
    CHECK(cudaFree(dFirst));
    CHECK(cudaFree(dVotes));
    CHECK(cudaFree(dSize));

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

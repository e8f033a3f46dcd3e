// A multi-block exclusive prefix sum in the style of the CUDA samples / GPU Gems 3 ch. 39:
// a work-efficient (Blelloch) scan per block in padded dynamic shared memory, a recursive scan of
// the block sums, and a second pass adding the scanned block sums; checked for several sizes.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: CUDA error '%s' (%s) in %s\n", __FILE__, __LINE__,  \
                    cudaGetErrorString(err_), cudaGetErrorName(err_), #call);           \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

#define THREADS 128
#define ELEMS_PER_BLOCK (2 * THREADS)
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

// Exclusive scan of one block's 2*blockDim.x elements; the block total goes to blockSums.
__global__ void prescanBlocks(const unsigned *in, unsigned *out, unsigned *blockSums, int n)
{
    extern __shared__ unsigned temp[];
    int thid = threadIdx.x;
    int m = 2 * blockDim.x;
    int blockOffset = blockIdx.x * m;

    int ai = thid, bi = thid + blockDim.x;
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai), bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = blockOffset + ai < n ? in[blockOffset + ai] : 0u;
    temp[bi + bankOffsetB] = blockOffset + bi < n ? in[blockOffset + bi] : 0u;

    int offset = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {  // up-sweep (reduce)
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }

    if (thid == 0) {
        int last = m - 1 + CONFLICT_FREE_OFFSET(m - 1);
        if (blockSums)
            blockSums[blockIdx.x] = temp[last];
        temp[last] = 0;
    }

    for (int d = 1; d < m; d *= 2) {  // down-sweep
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int a = offset * (2 * thid + 1) - 1;
            int b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            unsigned t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    __syncthreads();

    if (blockOffset + ai < n)
        out[blockOffset + ai] = temp[ai + bankOffsetA];
    if (blockOffset + bi < n)
        out[blockOffset + bi] = temp[bi + bankOffsetB];
}

// Second pass: every element of block b gets the scanned sum of blocks 0..b-1.
__global__ void addBlockOffsets(unsigned *out, const unsigned *scannedBlockSums, int n)
{
    __shared__ unsigned add;
    if (threadIdx.x == 0)
        add = scannedBlockSums[blockIdx.x];
    __syncthreads();
    int base = blockIdx.x * 2 * blockDim.x;
    if (base + threadIdx.x < n)
        out[base + threadIdx.x] += add;
    if (base + threadIdx.x + blockDim.x < n)
        out[base + threadIdx.x + blockDim.x] += add;
}

static int levelsUsed = 0;

static void scanRecursive(const unsigned *dIn, unsigned *dOut, int n, int level)
{
    if (level + 1 > levelsUsed)
        levelsUsed = level + 1;
    int blocks = (n + ELEMS_PER_BLOCK - 1) / ELEMS_PER_BLOCK;
    size_t smem = (ELEMS_PER_BLOCK + CONFLICT_FREE_OFFSET(ELEMS_PER_BLOCK - 1) + 1) *
                  sizeof(unsigned);
    if (blocks == 1) {
        prescanBlocks<<<1, THREADS, smem>>>(dIn, dOut, nullptr, n);
        CHECK(cudaGetLastError());
        return;
    }
    unsigned *dSums, *dScannedSums;
    CHECK(cudaMalloc(&dSums, blocks * sizeof(unsigned)));
    CHECK(cudaMalloc(&dScannedSums, blocks * sizeof(unsigned)));
    prescanBlocks<<<blocks, THREADS, smem>>>(dIn, dOut, dSums, n);
    CHECK(cudaGetLastError());
    scanRecursive(dSums, dScannedSums, blocks, level + 1);
    addBlockOffsets<<<blocks, THREADS>>>(dOut, dScannedSums, n);
    CHECK(cudaGetLastError());
    CHECK(cudaFree(dSums));
    CHECK(cudaFree(dScannedSums));
}

int main()
{
    const int sizes[] = {1, 255, 256, 257, 4097, 70001};
    int bad = 0;
    for (int n : sizes) {
        std::vector<unsigned> h(n), out(n, 0xdeadbeefu);
        for (int i = 0; i < n; ++i)
            h[i] = (unsigned)((i * 7 + n) % 10);
        unsigned *dIn, *dOut;
        CHECK(cudaMalloc(&dIn, n * sizeof(unsigned)));
        CHECK(cudaMalloc(&dOut, n * sizeof(unsigned)));
        CHECK(cudaMemcpy(dIn, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
        levelsUsed = 0;
        scanRecursive(dIn, dOut, n, 0);
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaMemcpy(out.data(), dOut, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        unsigned running = 0;
        int badHere = 0;
        for (int i = 0; i < n; ++i) {
            if (out[i] != running) {
                if (badHere++ < 5)
                    fprintf(stderr, "n=%d: out[%d] = %u, want %u\n", n, i, out[i], running);
            }
            running += h[i];
        }
        printf("scan n=%d: %d level(s), total %u, %s\n", n, levelsUsed, running,
               badHere ? "WRONG" : "ok");
        bad += badHere;
        CHECK(cudaFree(dIn));
        CHECK(cudaFree(dOut));
    }
    if (bad) {
        printf("FAILED: %d wrong elements\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

// Occupancy and function attributes: cudaOccupancyMaxActiveBlocksPerMultiprocessor,
// cudaOccupancyMaxPotentialBlockSize (then a launch with the suggested size), cudaFuncGetAttributes
// (static shared size, __launch_bounds__), cudaFuncSetAttribute for large dynamic shared memory.
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

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

#define STATIC_FLOATS 1024
__global__ void staticShared(float *out)
{
    __shared__ float buf[STATIC_FLOATS];
    for (int i = threadIdx.x; i < STATIC_FLOATS; i += blockDim.x)
        buf[i] = (float)i;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = buf[(threadIdx.x * 7) % STATIC_FLOATS];
}

__global__ void __launch_bounds__(128) bounded(int *out)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}

// Fills a dynamic shared buffer of `words` ints and writes back a checksum per block.
__global__ void bigDynamicShared(unsigned *out, int words)
{
    extern __shared__ unsigned sbuf[];
    for (int i = threadIdx.x; i < words; i += blockDim.x)
        sbuf[i] = (unsigned)i * 2654435761u;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned sum = 0;
        for (int i = 0; i < words; ++i)
            sum += sbuf[words - 1 - i] ^ (unsigned)i;
        out[blockIdx.x] = sum;
    }
}

int main()
{
    int dev = 0;
    CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, dev));

    // 1. Active blocks per multiprocessor.
    int numBlocks = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, saxpy, 256, 0));
    EXPECT(numBlocks > 0, "max active blocks of saxpy at 256 threads = %d", numBlocks);
    EXPECT(numBlocks * 256 <= prop.maxThreadsPerMultiProcessor,
           "%d blocks of 256 threads exceed %d threads per multiprocessor", numBlocks,
           prop.maxThreadsPerMultiProcessor);
    int numBlocksShared = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksShared, staticShared, 256, 0));
    EXPECT(numBlocksShared > 0 && numBlocksShared <= numBlocks,
           "staticShared: %d active blocks (saxpy: %d)", numBlocksShared, numBlocks);
    // With dynamic shared memory too.
    int numBlocksDyn = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksDyn, bigDynamicShared, 128,
                                                        16 * 1024));
    EXPECT(numBlocksDyn > 0, "bigDynamicShared with 16 KiB: %d active blocks", numBlocksDyn);

    // 2. Suggested block size, then a launch with it (the CUDA samples' pattern).
    int minGridSize = 0, blockSize = 0;
    CHECK(cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, saxpy, 0, 0));
    EXPECT(blockSize >= 32 && blockSize <= 1024 && blockSize % 32 == 0,
           "suggested block size %d", blockSize);
    EXPECT(blockSize <= prop.maxThreadsPerBlock, "suggested block size %d > max %d", blockSize,
           prop.maxThreadsPerBlock);
    EXPECT(minGridSize > 0, "min grid size %d", minGridSize);
    int blockSizeBounded = 0, minGridBounded = 0;
    CHECK(cudaOccupancyMaxPotentialBlockSize(&minGridBounded, &blockSizeBounded, bounded, 0, 0));
    EXPECT(blockSizeBounded >= 32 && blockSizeBounded <= 128,
           "suggested block size for __launch_bounds__(128) kernel: %d", blockSizeBounded);

    const int n = 100000;
    std::vector<float> hx(n), hy(n);
    for (int i = 0; i < n; ++i) {
        hx[i] = (float)(i % 1000);
        hy[i] = (float)(i % 3);
    }
    float *dx, *dy;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMemcpy(dx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dy, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    int gridSize = (n + blockSize - 1) / blockSize;
    saxpy<<<gridSize, blockSize>>>(n, 2.0f, dx, dy);
    CHECK(cudaGetLastError());
    std::vector<float> out(n);
    CHECK(cudaMemcpy(out.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(out[i] == 2.0f * hx[i] + hy[i], "saxpy[%d] = %f", i, out[i]);

    // 3. Function attributes.
    cudaFuncAttributes fa;
    CHECK(cudaFuncGetAttributes(&fa, saxpy));
    EXPECT(fa.maxThreadsPerBlock > 0 && fa.maxThreadsPerBlock <= prop.maxThreadsPerBlock,
           "saxpy maxThreadsPerBlock %d", fa.maxThreadsPerBlock);
    EXPECT(fa.numRegs >= 0, "saxpy numRegs %d", fa.numRegs);
    EXPECT(fa.sharedSizeBytes == 0, "saxpy sharedSizeBytes %zu", fa.sharedSizeBytes);
    CHECK(cudaFuncGetAttributes(&fa, staticShared));
    EXPECT(fa.sharedSizeBytes >= STATIC_FLOATS * sizeof(float),
           "staticShared sharedSizeBytes %zu < %zu", fa.sharedSizeBytes,
           STATIC_FLOATS * sizeof(float));
    CHECK(cudaFuncGetAttributes(&fa, bounded));
    EXPECT(fa.maxThreadsPerBlock > 0 && fa.maxThreadsPerBlock <= 128,
           "__launch_bounds__(128) kernel: maxThreadsPerBlock %d", fa.maxThreadsPerBlock);

    // staticShared runs and reads its shared table correctly.
    float *dOut;
    CHECK(cudaMalloc(&dOut, 4 * 256 * sizeof(float)));
    staticShared<<<4, 256>>>(dOut);
    CHECK(cudaGetLastError());
    std::vector<float> hOut(4 * 256);
    CHECK(cudaMemcpy(hOut.data(), dOut, hOut.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 4 * 256; ++i)
        EXPECT(hOut[i] == (float)(((i % 256) * 7) % STATIC_FLOATS), "staticShared[%d] = %f", i,
               hOut[i]);

    // 4. Opting in to more dynamic shared memory than the default 48 KiB where the device has it.
    int optin = 0;
    CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    size_t bytes = 32 * 1024;  // always allowed without opting in
    if (optin > 48 * 1024) {
        bytes = (size_t)optin < 96 * 1024 ? (size_t)optin : 96 * 1024;
        bytes &= ~(size_t)15;
    }
    CHECK(cudaFuncSetAttribute(bigDynamicShared, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               (int)bytes));
    CHECK(cudaFuncGetAttributes(&fa, bigDynamicShared));
    EXPECT(fa.maxDynamicSharedSizeBytes == (int)bytes, "maxDynamicSharedSizeBytes %d, want %zu",
           fa.maxDynamicSharedSizeBytes, bytes);
    int words = (int)(bytes / sizeof(unsigned));
    unsigned *dSums;
    CHECK(cudaMalloc(&dSums, 2 * sizeof(unsigned)));
    bigDynamicShared<<<2, 256, bytes>>>(dSums, words);
    CHECK(cudaGetLastError());
    unsigned sums[2];
    CHECK(cudaMemcpy(sums, dSums, sizeof sums, cudaMemcpyDeviceToHost));
    unsigned want = 0;
    for (int i = 0; i < words; ++i)
        want += ((unsigned)(words - 1 - i) * 2654435761u) ^ (unsigned)i;
    EXPECT(sums[0] == want && sums[1] == want, "dynamic shared (%zu bytes) checksum %u %u, want %u",
           bytes, sums[0], sums[1], want);
    printf("dynamic shared memory per block: %zu bytes (opt-in limit %d)\n", bytes, optin);

    // Asking for more than the opt-in limit fails.
    if (optin > 0) {
        cudaError_t e = cudaFuncSetAttribute(bigDynamicShared,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             optin + 4096);
        EXPECT(e == cudaErrorInvalidValue, "cudaFuncSetAttribute beyond opt-in gave %s",
               cudaGetErrorName(e));
        (void)cudaGetLastError();
    }

    CHECK(cudaFree(dx));
    CHECK(cudaFree(dy));
    CHECK(cudaFree(dOut));
    CHECK(cudaFree(dSums));

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

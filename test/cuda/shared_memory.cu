// Shared memory: a static __shared__ tile with padding (matrix transpose as in the CUDA samples),
// a block reduction with __syncthreads, dynamic `extern __shared__` arrays sized by the third launch
// parameter, two differently typed views (int and float) carved from one dynamic allocation, a
// file-scope __device__ __shared__ array, address-space queries and %globaltimer.
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

#define TILE_DIM 32
#define BLOCK_ROWS 8

// Coalesced transpose through a padded shared tile; each thread moves TILE_DIM/BLOCK_ROWS elements.
// in is height x width (row-major), out is width x height.
__global__ void transposeTiled(float *out, const float *in, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];  // +1 avoids shared-memory bank conflicts

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;  // transposed block offset
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width)
            out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Classic tree reduction in a static shared array; one partial sum per block.
#define REDUCE_THREADS 256
__global__ void blockSum(const int *in, int *partial, int n)
{
    __shared__ int sdata[REDUCE_THREADS];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    int v = 0;
    if (i < n)
        v = in[i];
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

// Dynamic shared memory: the block reverses its chunk of the array in place.
__global__ void reverseChunks(float *data, int n)
{
    extern __shared__ float buf[];
    int chunk = blockDim.x;
    int base = blockIdx.x * chunk;
    int t = threadIdx.x;
    if (base + t < n)
        buf[t] = data[base + t];
    __syncthreads();
    int len = min(chunk, n - base);
    if (t < len)
        data[base + t] = buf[len - 1 - t];
}

// One dynamic allocation, two typed views: keys (int) first, then values (float).
// Each block computes, per element, how many keys of its chunk are smaller (a rank) and the sum of
// the values of those smaller keys.
__global__ void rankAndSum(const int *keys, const float *vals, int *ranks, float *sums, int n)
{
    extern __shared__ unsigned char smem[];
    int *skeys = reinterpret_cast<int *>(smem);
    float *svals = reinterpret_cast<float *>(smem + blockDim.x * sizeof(int));

    int base = blockIdx.x * blockDim.x;
    int t = threadIdx.x;
    int len = min((int)blockDim.x, n - base);
    if (t < len) {
        skeys[t] = keys[base + t];
        svals[t] = vals[base + t];
    }
    __syncthreads();
    if (t < len) {
        int myKey = skeys[t];
        int rank = 0;
        float sum = 0.0f;
        for (int k = 0; k < len; ++k)
            if (skeys[k] < myKey) {
                ++rank;
                sum += svals[k];
            }
        ranks[base + t] = rank;
        sums[base + t] = sum;
    }
}

// The other common spelling: an extern float array reinterpreted after an offset.
__global__ void mixedViews(const int *a, const float *b, float *out, int n)
{
    extern __shared__ float shared[];
    float *fpart = shared;                         // blockDim.x floats
    int *ipart = (int *)&shared[blockDim.x];       // then blockDim.x ints
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    fpart[threadIdx.x] = i < n ? b[i] : 0.0f;
    ipart[threadIdx.x] = i < n ? a[i] : 0;
    __syncthreads();
    int other = blockDim.x - 1 - threadIdx.x;     // read a neighbour's values
    if (i < n)
        out[i] = fpart[other] * (float)ipart[other];
}

static void testTranspose()
{
    const int width = 96, height = 64;
    std::vector<float> in(width * height), out(width * height, -1.0f);
    for (int i = 0; i < width * height; ++i)
        in[i] = (float)i;
    float *dIn, *dOut;
    CHECK(cudaMalloc(&dIn, in.size() * sizeof(float)));
    CHECK(cudaMalloc(&dOut, out.size() * sizeof(float)));
    CHECK(cudaMemcpy(dIn, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(width / TILE_DIM, height / TILE_DIM), block(TILE_DIM, BLOCK_ROWS);
    transposeTiled<<<grid, block>>>(dOut, dIn, width, height);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), dOut, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int r = 0; r < height; ++r)
        for (int c = 0; c < width; ++c)
            EXPECT(out[c * height + r] == in[r * width + c], "transpose (%d,%d) = %f, want %f", r,
                   c, out[c * height + r], in[r * width + c]);

    // A size that is not a multiple of the tile exercises the bounds checks.
    const int w2 = 45, h2 = 70;
    std::vector<float> in2(w2 * h2), out2(w2 * h2, -1.0f);
    for (int i = 0; i < w2 * h2; ++i)
        in2[i] = (float)(i * 3 % 1001);
    CHECK(cudaMemcpy(dIn, in2.data(), in2.size() * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid2((w2 + TILE_DIM - 1) / TILE_DIM, (h2 + TILE_DIM - 1) / TILE_DIM);
    transposeTiled<<<grid2, block>>>(dOut, dIn, w2, h2);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out2.data(), dOut, out2.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int r = 0; r < h2; ++r)
        for (int c = 0; c < w2; ++c)
            EXPECT(out2[c * h2 + r] == in2[r * w2 + c], "transpose2 (%d,%d) = %f", r, c,
                   out2[c * h2 + r]);
    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dOut));
}

static void testReduction()
{
    const int n = 50001;
    std::vector<int> h(n);
    long long want = 0;
    for (int i = 0; i < n; ++i) {
        h[i] = (i * 37) % 101 - 50;
        want += h[i];
    }
    const int blocks = (n + 2 * REDUCE_THREADS - 1) / (2 * REDUCE_THREADS);
    int *dIn, *dPartial;
    CHECK(cudaMalloc(&dIn, n * sizeof(int)));
    CHECK(cudaMalloc(&dPartial, blocks * sizeof(int)));
    CHECK(cudaMemcpy(dIn, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    blockSum<<<blocks, REDUCE_THREADS>>>(dIn, dPartial, n);
    CHECK(cudaGetLastError());
    std::vector<int> partial(blocks);
    CHECK(cudaMemcpy(partial.data(), dPartial, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    long long got = 0;
    for (int b = 0; b < blocks; ++b) {
        long long wantBlock = 0;
        for (int k = 0; k < 2 * REDUCE_THREADS && b * 2 * REDUCE_THREADS + k < n; ++k)
            wantBlock += h[b * 2 * REDUCE_THREADS + k];
        EXPECT(partial[b] == wantBlock, "block %d sum = %d, want %lld", b, partial[b], wantBlock);
        got += partial[b];
    }
    EXPECT(got == want, "total = %lld, want %lld", got, want);
    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dPartial));
}

static void testDynamic()
{
    const int n = 1000;
    std::vector<float> h(n), out(n);
    for (int i = 0; i < n; ++i)
        h[i] = (float)i;
    float *d;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    const int chunks[] = {64, 128, 200};
    for (int chunk : chunks) {
        CHECK(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
        reverseChunks<<<(n + chunk - 1) / chunk, chunk, chunk * sizeof(float)>>>(d, n);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(out.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; ++i) {
            int base = i / chunk * chunk;
            int len = n - base < chunk ? n - base : chunk;
            float want = h[base + len - 1 - (i - base)];
            EXPECT(out[i] == want, "reverse chunk %d: [%d] = %f, want %f", chunk, i, out[i], want);
        }
    }
    CHECK(cudaFree(d));
}

static void testTypedViews()
{
    const int n = 700, bs = 128;
    std::vector<int> keys(n);
    std::vector<float> vals(n);
    for (int i = 0; i < n; ++i) {
        keys[i] = (i * 7919) % 1009;  // distinct within a block
        vals[i] = (float)(i % 13) * 0.5f;
    }
    int *dKeys, *dRanks;
    float *dVals, *dSums, *dOut;
    CHECK(cudaMalloc(&dKeys, n * sizeof(int)));
    CHECK(cudaMalloc(&dRanks, n * sizeof(int)));
    CHECK(cudaMalloc(&dVals, n * sizeof(float)));
    CHECK(cudaMalloc(&dSums, n * sizeof(float)));
    CHECK(cudaMalloc(&dOut, n * sizeof(float)));
    CHECK(cudaMemcpy(dKeys, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dVals, vals.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    size_t smem = bs * (sizeof(int) + sizeof(float));
    rankAndSum<<<(n + bs - 1) / bs, bs, smem>>>(dKeys, dVals, dRanks, dSums, n);
    CHECK(cudaGetLastError());
    std::vector<int> ranks(n);
    std::vector<float> sums(n);
    CHECK(cudaMemcpy(ranks.data(), dRanks, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(sums.data(), dSums, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        int base = i / bs * bs;
        int len = n - base < bs ? n - base : bs;
        int rank = 0;
        float sum = 0.0f;
        for (int k = 0; k < len; ++k)
            if (keys[base + k] < keys[i]) {
                ++rank;
                sum += vals[base + k];
            }
        EXPECT(ranks[i] == rank, "rank[%d] = %d, want %d", i, ranks[i], rank);
        EXPECT(sums[i] == sum, "sum[%d] = %f, want %f", i, sums[i], sum);  // exact: halves
    }

    mixedViews<<<(n + bs - 1) / bs, bs, bs * (sizeof(float) + sizeof(int))>>>(dKeys, dVals, dOut,
                                                                               n);
    CHECK(cudaGetLastError());
    std::vector<float> out(n);
    CHECK(cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        int base = i / bs * bs;
        int j = base + (bs - 1 - (i - base));
        float want = j < n ? vals[j] * (float)keys[j] : 0.0f;
        EXPECT(out[i] == want, "mixedViews[%d] = %f, want %f", i, out[i], want);
    }

    CHECK(cudaFree(dKeys));
    CHECK(cudaFree(dRanks));
    CHECK(cudaFree(dVals));
    CHECK(cudaFree(dSums));
    CHECK(cudaFree(dOut));
}

// A file-scope `__device__ __shared__` array (HeCBench pns: the emulator
// refused the image, "group variable 'mt' is used outside instructions"),
// __isShared/__isGlobal/__isLocal of generic pointers (cooperative_groups'
// memcpy_async asks; the emulator did not model llvm.amdgcn.is.shared), and
// %globaltimer, which read 0 on the emulated devices.
__device__ __shared__ unsigned fileScopeTile[64];

__global__ void spacesAndTimer(unsigned *out, unsigned long long *times)
{
    int local[2] = {int(threadIdx.x), 0};
    fileScopeTile[threadIdx.x] = threadIdx.x * 3u;
    __syncthreads();
    out[threadIdx.x] = fileScopeTile[63 - threadIdx.x];
    if (threadIdx.x == 0) {
        out[64] = __isShared(&fileScopeTile[5]) + 2 * __isGlobal(out) + 4 * __isLocal(&local[1]) +
                  8 * __isShared(out);
        unsigned long long t0, t1;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
        for (int i = 0; i < 1000; ++i)
            local[1] += i;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
        times[0] = t0;
        times[1] = t1 + (local[1] & 0);
    }
}

static void testSpacesAndTimer()
{
    unsigned *dOut;
    unsigned long long *dTimes;
    CHECK(cudaMalloc(&dOut, 65 * sizeof(unsigned)));
    CHECK(cudaMalloc(&dTimes, 2 * sizeof(unsigned long long)));
    spacesAndTimer<<<1, 64>>>(dOut, dTimes);
    CHECK(cudaGetLastError());
    unsigned out[65];
    unsigned long long times[2];
    CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(times, dTimes, sizeof times, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 64; ++i)
        EXPECT(out[i] == (63u - i) * 3u, "fileScopeTile[%d] = %u", 63 - i, out[i]);
    EXPECT(out[64] == 7, "address spaces: %u, want 7 (shared, global, local; not shared)", out[64]);
    EXPECT(times[0] != 0 && times[1] >= times[0], "globaltimer %llu then %llu", times[0], times[1]);
    CHECK(cudaFree(dOut));
    CHECK(cudaFree(dTimes));
}

int main()
{
    testTranspose();
    testReduction();
    testDynamic();
    testTypedViews();
    testSpacesAndTimer();
    CHECK(cudaDeviceSynchronize());

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

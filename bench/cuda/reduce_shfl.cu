// Sum of 2^26 floats: a grid-stride loop accumulates per thread, warps reduce with
// __shfl_down_sync, the warps' sums meet in shared memory, the first warp reduces them and one
// thread per block adds the block's sum to the result with atomicAdd. Measures a bandwidth-bound
// reduction (256 MiB read per launch) plus warp shuffles and float atomics.
//   nvcc -O3 -arch=sm_80 reduce_shfl.cu -o reduce_shfl && ./reduce_shfl [--small]
// Prints "TIME reduce_shfl <median ms per launch over 10 launches>" and PASS.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

static bool parseSmall(int argc, char **argv)
{
    bool small = false;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--small") == 0) {
            small = true;
        } else {
            fprintf(stderr, "usage: %s [--small]\n", argv[0]);
            exit(2);
        }
    }
    return small;
}

static float median(std::vector<float> v)
{
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5f * (v[n / 2 - 1] + v[n / 2]);
}

// Deterministic pseudo-random floats in [lo, hi).
static void fillRandom(std::vector<float> &v, unsigned seed, float lo, float hi)
{
    unsigned x = seed;
    for (float &f : v) {
        x = x * 1664525u + 1013904223u;
        f = lo + (hi - lo) * (float)(x >> 8) * (1.0f / 16777216.0f);
    }
}

#define BLOCK 256

__device__ __forceinline__ float warpReduceSum(float v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void reduceSum(const float *__restrict__ in, float *__restrict__ out, int n)
{
    __shared__ float warpSums[BLOCK / 32];

    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        sum += in[i];

    const int lane = threadIdx.x % warpSize;
    const int warp = threadIdx.x / warpSize;
    sum = warpReduceSum(sum);
    if (lane == 0)
        warpSums[warp] = sum;
    __syncthreads();

    if (warp == 0) {
        sum = lane < blockDim.x / warpSize ? warpSums[lane] : 0.0f;
        sum = warpReduceSum(sum);
        if (lane == 0)
            atomicAdd(out, sum);
    }
}

int main(int argc, char **argv)
{
    const bool small = parseSmall(argc, argv);
    const int n = small ? (1 << 16) : (1 << 26);
    const int reps = 10;
    const size_t bytes = (size_t)n * sizeof(float);

    std::vector<float> h(n);
    fillRandom(h, 21u, 0.0f, 1.0f);

    int dev = 0, sms = 0;
    CHECK(cudaGetDevice(&dev));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));

    float *din, *dout;
    CHECK(cudaMalloc(&din, bytes));
    CHECK(cudaMalloc(&dout, sizeof(float)));
    CHECK(cudaMemcpy(din, h.data(), bytes, cudaMemcpyHostToDevice));

    // Enough blocks to fill the device several times over, no more than the data needs.
    const int grid = std::min(sms * 8, (n + BLOCK - 1) / BLOCK);

    // Warm-up.
    CHECK(cudaMemset(dout, 0, sizeof(float)));
    reduceSum<<<grid, BLOCK>>>(din, dout, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<float> times;
    for (int r = 0; r < reps; ++r) {
        CHECK(cudaMemsetAsync(dout, 0, sizeof(float)));
        CHECK(cudaEventRecord(start));
        reduceSum<<<grid, BLOCK>>>(din, dout, n);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
    }
    printf("TIME reduce_shfl %.4f\n", median(times));

    float got = 0.0f;
    CHECK(cudaMemcpy(&got, dout, sizeof(float), cudaMemcpyDeviceToHost));
    double ref = 0.0;
    for (int i = 0; i < n; ++i)
        ref += h[i];

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(din));
    CHECK(cudaFree(dout));

    // All inputs are non-negative, so the relative error of any float summation order is bounded.
    if (!(fabs(got - ref) <= 1e-4 * ref)) {
        printf("FAIL sum %.9g, expected %.9g\n", got, ref);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

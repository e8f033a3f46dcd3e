// 256-bin histogram of 2^26 bytes: each block counts into a shared-memory histogram with
// shared-memory atomics (the bytes read four at a time as 32-bit words in a grid-stride loop),
// then adds its non-zero bins to the global histogram with one global atomic per bin.
// Measures shared-memory atomic throughput on a bandwidth-sized input (64 MiB).
//   nvcc -O3 -arch=sm_80 histogram.cu -o histogram && ./histogram [--small]
// Prints "TIME histogram <median ms per launch over 10 launches>" and PASS.
#include <cuda_runtime.h>

#include <algorithm>
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

#define BINS 256
#define BLOCK 256

__global__ void histogram256(const unsigned int *__restrict__ data, int nwords,
                             unsigned int *__restrict__ bins)
{
    __shared__ unsigned int local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += blockDim.x * gridDim.x) {
        unsigned int w = data[i];
        atomicAdd(&local[w & 0xffu], 1u);
        atomicAdd(&local[(w >> 8) & 0xffu], 1u);
        atomicAdd(&local[(w >> 16) & 0xffu], 1u);
        atomicAdd(&local[w >> 24], 1u);
    }
    __syncthreads();

    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        unsigned int c = local[b];
        if (c)
            atomicAdd(&bins[b], c);
    }
}

int main(int argc, char **argv)
{
    const bool small = parseSmall(argc, argv);
    const int nbytes = small ? (1 << 16) : (1 << 26);
    const int nwords = nbytes / 4;
    const int reps = 10;

    // Deterministic bytes with a skewed distribution (the sum of two uniform bytes, halved), so
    // that the middle bins are hotter than the edges, as in image or text data.
    std::vector<unsigned char> h(nbytes);
    unsigned x = 31u;
    for (int i = 0; i < nbytes; ++i) {
        x = x * 1664525u + 1013904223u;
        h[i] = (unsigned char)(((x >> 24) + ((x >> 16) & 0xffu)) / 2);
    }

    int dev = 0, sms = 0;
    CHECK(cudaGetDevice(&dev));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));

    unsigned int *ddata, *dbins;
    CHECK(cudaMalloc(&ddata, nbytes));
    CHECK(cudaMalloc(&dbins, BINS * sizeof(unsigned int)));
    CHECK(cudaMemcpy(ddata, h.data(), nbytes, cudaMemcpyHostToDevice));

    const int grid = std::min(sms * 8, (nwords + BLOCK - 1) / BLOCK);

    // Warm-up.
    CHECK(cudaMemset(dbins, 0, BINS * sizeof(unsigned int)));
    histogram256<<<grid, BLOCK>>>(ddata, nwords, dbins);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<float> times;
    for (int r = 0; r < reps; ++r) {
        CHECK(cudaMemsetAsync(dbins, 0, BINS * sizeof(unsigned int)));
        CHECK(cudaEventRecord(start));
        histogram256<<<grid, BLOCK>>>(ddata, nwords, dbins);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
    }
    printf("TIME histogram %.4f\n", median(times));

    std::vector<unsigned int> got(BINS), ref(BINS, 0);
    CHECK(cudaMemcpy(got.data(), dbins, BINS * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < nbytes; ++i)
        ++ref[h[i]];

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(ddata));
    CHECK(cudaFree(dbins));

    int bad = 0;
    for (int b = 0; b < BINS; ++b) {
        if (got[b] != ref[b]) {
            if (bad < 5)
                fprintf(stderr, "bin %d: %u, expected %u\n", b, got[b], ref[b]);
            ++bad;
        }
    }
    if (bad) {
        printf("FAIL %d of %d bins wrong\n", bad, BINS);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

// STREAM triad: a[i] = b[i] + s * c[i] over 2^26 floats (768 MiB of traffic per launch).
// Measures sustained device-memory bandwidth of a simple one-element-per-thread kernel.
//   nvcc -O3 -arch=sm_80 stream_triad.cu -o stream_triad && ./stream_triad [--small]
// Prints "TIME stream_triad <median ms per launch over 10 launches>" and PASS.
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

__global__ void triad(float *__restrict__ a, const float *__restrict__ b,
                      const float *__restrict__ c, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = b[i] + s * c[i];
}

int main(int argc, char **argv)
{
    const bool small = parseSmall(argc, argv);
    const int n = small ? (1 << 16) : (1 << 26);
    const int reps = 10;
    const float s = 3.0f;
    const size_t bytes = (size_t)n * sizeof(float);

    std::vector<float> hb(n), hc(n), ha(n);
    fillRandom(hb, 1u, -1.0f, 1.0f);
    fillRandom(hc, 2u, -1.0f, 1.0f);

    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, bytes));
    CHECK(cudaMalloc(&db, bytes));
    CHECK(cudaMalloc(&dc, bytes));
    CHECK(cudaMemcpy(db, hb.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dc, hc.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(da, 0, bytes));

    const int block = 256;
    const int grid = (n + block - 1) / block;

    // Warm-up.
    triad<<<grid, block>>>(da, db, dc, s, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<float> times;
    for (int r = 0; r < reps; ++r) {
        CHECK(cudaEventRecord(start));
        triad<<<grid, block>>>(da, db, dc, s, n);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
    }
    printf("TIME stream_triad %.4f\n", median(times));

    CHECK(cudaMemcpy(ha.data(), da, bytes, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        float ref = hb[i] + s * hc[i];
        float tol = 1e-6f * (fabsf(hb[i]) + fabsf(s * hc[i])) + 1e-30f;
        if (!(fabsf(ha[i] - ref) <= tol)) {
            if (bad < 5)
                fprintf(stderr, "a[%d] = %.9g, expected %.9g\n", i, ha[i], ref);
            ++bad;
        }
    }

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dc));

    if (bad) {
        printf("FAIL %d of %d elements wrong\n", bad, n);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

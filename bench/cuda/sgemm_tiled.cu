// SGEMM with 32x32 shared-memory tiles: C = A * B, square 2048 x 2048 row-major float matrices.
// Each 32x32 thread block computes one 32x32 tile of C, one element per thread, staging 32x32
// tiles of A and B through shared memory. Measures a compute- and shared-memory-bound kernel.
//   nvcc -O3 -arch=sm_80 sgemm_tiled.cu -o sgemm_tiled && ./sgemm_tiled [--small]
// Prints "TIME sgemm_tiled <median ms per launch over 10 launches>" and PASS.
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

#define TILE 32

__global__ void sgemm(int n, const float *__restrict__ A, const float *__restrict__ B,
                      float *__restrict__ C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float acc = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        As[ty][tx] = (row < n && t + tx < n) ? A[row * n + t + tx] : 0.0f;
        Bs[ty][tx] = (t + ty < n && col < n) ? B[(t + ty) * n + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < n && col < n)
        C[row * n + col] = acc;
}

int main(int argc, char **argv)
{
    const bool small = parseSmall(argc, argv);
    const int n = small ? 200 : 2048; // 200: partial edge tiles on the small run
    const int reps = 10;
    const size_t elems = (size_t)n * n;
    const size_t bytes = elems * sizeof(float);

    std::vector<float> hA(elems), hB(elems), hC(elems);
    fillRandom(hA, 11u, -1.0f, 1.0f);
    fillRandom(hB, 12u, -1.0f, 1.0f);

    float *dA, *dB, *dC;
    CHECK(cudaMalloc(&dA, bytes));
    CHECK(cudaMalloc(&dB, bytes));
    CHECK(cudaMalloc(&dC, bytes));
    CHECK(cudaMemcpy(dA, hA.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, hB.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dC, 0, bytes));

    const dim3 block(TILE, TILE);
    const dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);

    // Warm-up.
    sgemm<<<grid, block>>>(n, dA, dB, dC);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<float> times;
    for (int r = 0; r < reps; ++r) {
        CHECK(cudaEventRecord(start));
        sgemm<<<grid, block>>>(n, dA, dB, dC);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
    }
    printf("TIME sgemm_tiled %.4f\n", median(times));

    CHECK(cudaMemcpy(hC.data(), dC, bytes, cudaMemcpyDeviceToHost));

    // Reference in double: every element for --small, otherwise 1024 elements spread over the
    // matrix (every row tile and column tile, and the last row and column). The tolerance covers
    // float accumulation in any order, with or without FMA contraction.
    std::vector<std::pair<int, int>> checks;
    if (small) {
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                checks.push_back({i, j});
    } else {
        for (int k = 0; k < 1024; ++k)
            checks.push_back({(k * 37 + k / 64) % n, (k * 101 + 7 * (k / 32)) % n});
        checks.push_back({n - 1, n - 1});
        checks.push_back({0, n - 1});
        checks.push_back({n - 1, 0});
    }
    int bad = 0;
    for (auto [i, j] : checks) {
        double ref = 0.0, mag = 0.0;
        for (int k = 0; k < n; ++k) {
            double p = (double)hA[(size_t)i * n + k] * hB[(size_t)k * n + j];
            ref += p;
            mag += fabs(p);
        }
        double got = hC[(size_t)i * n + j];
        if (!(fabs(got - ref) <= 2e-4 * mag + 1e-6)) {
            if (bad < 5)
                fprintf(stderr, "C[%d][%d] = %.9g, expected %.9g\n", i, j, got, ref);
            ++bad;
        }
    }

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(dC));

    if (bad) {
        printf("FAIL %d of %zu checked elements wrong\n", bad, checks.size());
        return 1;
    }
    printf("PASS\n");
    return 0;
}

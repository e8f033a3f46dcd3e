// Out-of-place transpose of an 8192 x 8192 float matrix through 32 x 32 shared-memory tiles padded
// to 33 columns (no bank conflicts): 32 x 8 threads per tile, each moving 4 elements, reads and
// writes both coalesced. Measures a bandwidth-bound kernel whose speed depends on shared memory.
//   nvcc -O3 -arch=sm_80 transpose.cu -o transpose && ./transpose [--small]
// Prints "TIME transpose <median ms per launch over 10 launches>" and PASS.
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

#define TILE_DIM 32
#define BLOCK_ROWS 8

// idata has `height` rows of `width` floats, odata `width` rows of `height` floats.
__global__ void transposeTiled(float *__restrict__ odata, const float *__restrict__ idata,
                               int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width)
            odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main(int argc, char **argv)
{
    const bool small = parseSmall(argc, argv);
    const int width = small ? 256 : 8192, height = width;
    const int reps = 10;
    const size_t elems = (size_t)width * height;
    const size_t bytes = elems * sizeof(float);

    std::vector<float> hIn(elems), hOut(elems);
    // Scrambled values, exact in float (24 bits), so that a misplaced element is noticed.
    for (size_t i = 0; i < elems; ++i)
        hIn[i] = (float)(((unsigned)i * 2654435761u) >> 8);

    float *dIn, *dOut;
    CHECK(cudaMalloc(&dIn, bytes));
    CHECK(cudaMalloc(&dOut, bytes));
    CHECK(cudaMemcpy(dIn, hIn.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dOut, 0, bytes));

    const dim3 block(TILE_DIM, BLOCK_ROWS);
    const dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);

    // Warm-up.
    transposeTiled<<<grid, block>>>(dOut, dIn, width, height);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<float> times;
    for (int r = 0; r < reps; ++r) {
        CHECK(cudaEventRecord(start));
        transposeTiled<<<grid, block>>>(dOut, dIn, width, height);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
    }
    printf("TIME transpose %.4f\n", median(times));

    CHECK(cudaMemcpy(hOut.data(), dOut, bytes, cudaMemcpyDeviceToHost));
    size_t bad = 0;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            float got = hOut[(size_t)x * height + y], ref = hIn[(size_t)y * width + x];
            if (got != ref) {
                if (bad < 5)
                    fprintf(stderr, "out[%d][%d] = %.9g, expected %.9g\n", x, y, got, ref);
                ++bad;
            }
        }

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dOut));

    if (bad) {
        printf("FAIL %zu of %zu elements wrong\n", bad, elems);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

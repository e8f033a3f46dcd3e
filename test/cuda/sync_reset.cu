// cudaDeviceSynchronize as the only wait after async copies and kernels on several streams, and
// cudaDeviceReset: afterwards new allocations, streams, symbol copies and launches all work again,
// and a statically initialized __device__ variable is back to its initial value.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

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

__device__ int d_generation = 42;

__global__ void square(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * in[i];
}

__global__ void addScalar(float *data, int n, float v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] += v;
}

__global__ void bumpGeneration(int *seen)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        *seen = d_generation;
        d_generation += 1000;
    }
}

// Async work on two streams and the default stream, then one cudaDeviceSynchronize.
static void asyncRound(float offset)
{
    const int n = 8192, half = n / 2;
    float *hIn, *hOut;
    CHECK(cudaMallocHost(&hIn, n * sizeof(float)));
    CHECK(cudaMallocHost(&hOut, n * sizeof(float)));
    for (int i = 0; i < n; ++i) {
        hIn[i] = (float)(i % 200) - 100.0f;
        hOut[i] = -1.0f;
    }
    float *dIn, *dOut;
    CHECK(cudaMalloc(&dIn, n * sizeof(float)));
    CHECK(cudaMalloc(&dOut, n * sizeof(float)));
    cudaStream_t s1, s2;
    CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));

    CHECK(cudaMemcpyAsync(dIn, hIn, half * sizeof(float), cudaMemcpyHostToDevice, s1));
    CHECK(cudaMemcpyAsync(dIn + half, hIn + half, half * sizeof(float), cudaMemcpyHostToDevice, s2));
    square<<<half / 256, 256, 0, s1>>>(dIn, dOut, half);
    CHECK(cudaGetLastError());
    square<<<half / 256, 256, 0, s2>>>(dIn + half, dOut + half, half);
    CHECK(cudaGetLastError());
    addScalar<<<half / 256, 256, 0, s1>>>(dOut, half, offset);
    CHECK(cudaGetLastError());
    addScalar<<<half / 256, 256, 0, s2>>>(dOut + half, half, offset);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(hOut, dOut, half * sizeof(float), cudaMemcpyDeviceToHost, s1));
    CHECK(cudaMemcpyAsync(hOut + half, dOut + half, half * sizeof(float), cudaMemcpyDeviceToHost,
                          s2));

    CHECK(cudaDeviceSynchronize());  // waits for both non-blocking streams
    for (int i = 0; i < n; ++i) {
        float want = hIn[i] * hIn[i] + offset;
        EXPECT(hOut[i] == want, "offset %g: out[%d] = %f, want %f", offset, i, hOut[i], want);
    }

    CHECK(cudaStreamDestroy(s1));
    CHECK(cudaStreamDestroy(s2));
    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dOut));
    CHECK(cudaFreeHost(hIn));
    CHECK(cudaFreeHost(hOut));
}

static int readGeneration(int *dSeen)
{
    bumpGeneration<<<1, 32>>>(dSeen);
    CHECK(cudaGetLastError());
    int seen = -1;
    CHECK(cudaMemcpy(&seen, dSeen, sizeof seen, cudaMemcpyDeviceToHost));
    return seen;
}

int main()
{
    asyncRound(0.5f);

    int *dSeen;
    CHECK(cudaMalloc(&dSeen, sizeof(int)));
    int g0 = readGeneration(dSeen);
    int g1 = readGeneration(dSeen);
    EXPECT(g0 == 42 && g1 == 1042, "generations before reset: %d %d", g0, g1);

    // Leave some work in flight and an allocation unfreed; reset tears it all down.
    float *leaked;
    CHECK(cudaMalloc(&leaked, 1 << 20));
    addScalar<<<256, 256>>>(leaked, 1 << 16, 1.0f);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceReset());

    // Everything works again on the fresh device state.
    CHECK(cudaMalloc(&dSeen, sizeof(int)));
    int g2 = readGeneration(dSeen);
    EXPECT(g2 == 42, "d_generation after cudaDeviceReset = %d, want its initial 42", g2);
    int fresh = 7;
    CHECK(cudaMemcpyToSymbol(d_generation, &fresh, sizeof fresh));
    int g3 = readGeneration(dSeen);
    EXPECT(g3 == 7, "d_generation after cudaMemcpyToSymbol = %d, want 7", g3);
    CHECK(cudaFree(dSeen));

    asyncRound(-3.0f);

    // A second reset in a row, then one more round.
    CHECK(cudaDeviceReset());
    CHECK(cudaDeviceReset());
    asyncRound(100.0f);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaGetLastError());

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

// Device symbols: __constant__ arrays written with cudaMemcpyToSymbol (whole and at an offset) and
// cudaMemcpyToSymbolAsync, __device__ variables read back with cudaMemcpyFromSymbol, a __device__
// array reached through cudaGetSymbolAddress/cudaGetSymbolSize, and a statically initialized table.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

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

#define NCOEFF 16
__constant__ float c_coeffs[NCOEFF];
__constant__ int c_params[4];

struct Config {
    int n;
    float scale;
    double bias;
};
__constant__ Config c_config;

__device__ int d_counter;
__device__ float d_result[8];
__device__ unsigned long long d_big;
__device__ int d_buffer[256];

// Statically initialized in the source; must be visible without any host copy.
__device__ int d_primes[10] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
__device__ float d_weights[4] = {0.5f, 0.25f, 0.125f, 0.0625f};
__constant__ short c_table[5] = {-1, 10, -100, 1000, -10000};

// y[i] = sum_k c_coeffs[k] * x[i + k]  (a 16-tap FIR filter from constant memory)
__global__ void fir(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float acc = 0.0f;
        for (int k = 0; k < NCOEFF; ++k)
            acc += c_coeffs[k] * x[i + k];
        y[i] = acc;
    }
}

__global__ void countAndStore(int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&d_counter, c_params[0]);
    if (i < 8)
        d_result[i] = c_config.scale * (float)(i + c_params[1]) + (float)c_config.bias;
    if (i == 0)
        d_big = 0x123456789ABCDEFULL + (unsigned long long)c_config.n;
}

__global__ void bufferTimes(int factor)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < 256)
        d_buffer[i] *= factor;
}

__global__ void readStatics(int *out)
{
    int t = threadIdx.x;
    if (t < 10)
        out[t] = d_primes[t] * d_primes[t];
    if (t < 4)
        out[10 + t] = (int)(d_weights[t] * 1024.0f);
    if (t < 5)
        out[14 + t] = c_table[t];
}

int main()
{
    // 1. __constant__ filled in two halves: offset 0 and offset 8 floats.
    float coeffs[NCOEFF];
    for (int k = 0; k < NCOEFF; ++k)
        coeffs[k] = 1.0f / (float)(1 << (k % 5));  // 1, 1/2, 1/4, 1/8, 1/16, 1, ...
    CHECK(cudaMemcpyToSymbol(c_coeffs, coeffs, 8 * sizeof(float)));
    CHECK(cudaMemcpyToSymbol(c_coeffs, coeffs + 8, 8 * sizeof(float), 8 * sizeof(float),
                             cudaMemcpyHostToDevice));
    float back[NCOEFF];
    CHECK(cudaMemcpyFromSymbol(back, c_coeffs, sizeof back));
    EXPECT(memcmp(back, coeffs, sizeof back) == 0, "c_coeffs read back differs");

    const int n = 1000;
    float *hx = (float *)malloc((n + NCOEFF) * sizeof(float));
    float *hy = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n + NCOEFF; ++i)
        hx[i] = (float)((i * 13) % 29) - 14.0f;
    float *dx, *dy;
    CHECK(cudaMalloc(&dx, (n + NCOEFF) * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMemcpy(dx, hx, (n + NCOEFF) * sizeof(float), cudaMemcpyHostToDevice));
    fir<<<(n + 127) / 128, 128>>>(dx, dy, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        float want = 0.0f;
        for (int k = 0; k < NCOEFF; ++k)
            want += coeffs[k] * hx[i + k];  // exact: small integers times powers of two
        EXPECT(hy[i] == want, "fir y[%d] = %f, want %f", i, hy[i], want);
    }

    // 2. __constant__ scalars and a struct; __device__ results read with cudaMemcpyFromSymbol.
    int params[4] = {3, 5, 0, 0};
    Config cfg = {42, 2.0f, -0.5};
    CHECK(cudaMemcpyToSymbol(c_params, params, sizeof params));
    CHECK(cudaMemcpyToSymbol(c_config, &cfg, sizeof cfg));
    int zero = 0;
    CHECK(cudaMemcpyToSymbol(d_counter, &zero, sizeof zero));
    countAndStore<<<4, 64>>>(200);
    CHECK(cudaGetLastError());
    int counter = -1;
    CHECK(cudaMemcpyFromSymbol(&counter, d_counter, sizeof counter));
    EXPECT(counter == 600, "d_counter = %d, want 600", counter);
    float results[8];
    CHECK(cudaMemcpyFromSymbol(results, d_result, sizeof results, 0, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 8; ++i)
        EXPECT(results[i] == 2.0f * (i + 5) - 0.5f, "d_result[%d] = %f", i, results[i]);
    // With an offset: the last three elements only.
    float tail[3];
    CHECK(cudaMemcpyFromSymbol(tail, d_result, sizeof tail, 5 * sizeof(float)));
    for (int i = 0; i < 3; ++i)
        EXPECT(tail[i] == results[5 + i], "d_result tail[%d] = %f", i, tail[i]);
    unsigned long long big = 0;
    CHECK(cudaMemcpyFromSymbol(&big, d_big, sizeof big));
    EXPECT(big == 0x123456789ABCDEFULL + 42, "d_big = %llx", big);

    // 3. cudaGetSymbolAddress / cudaGetSymbolSize, then plain cudaMemcpy through the pointer.
    int *bufPtr = nullptr;
    size_t bufSize = 0;
    CHECK(cudaGetSymbolAddress((void **)&bufPtr, d_buffer));
    CHECK(cudaGetSymbolSize(&bufSize, d_buffer));
    EXPECT(bufPtr != nullptr, "cudaGetSymbolAddress gave null");
    EXPECT(bufSize == 256 * sizeof(int), "cudaGetSymbolSize(d_buffer) = %zu", bufSize);
    size_t cfgSize = 0;
    CHECK(cudaGetSymbolSize(&cfgSize, c_config));
    EXPECT(cfgSize == sizeof(Config), "cudaGetSymbolSize(c_config) = %zu, want %zu", cfgSize,
           sizeof(Config));
    int hbuf[256];
    for (int i = 0; i < 256; ++i)
        hbuf[i] = i - 128;
    CHECK(cudaMemcpy(bufPtr, hbuf, sizeof hbuf, cudaMemcpyHostToDevice));
    bufferTimes<<<2, 128>>>(3);
    CHECK(cudaGetLastError());
    int hbuf2[256];
    CHECK(cudaMemcpy(hbuf2, bufPtr, sizeof hbuf2, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 256; ++i)
        EXPECT(hbuf2[i] == 3 * (i - 128), "d_buffer via address [%d] = %d", i, hbuf2[i]);
    // The symbol and the pointer name the same memory.
    int viaSymbol[256];
    CHECK(cudaMemcpyFromSymbol(viaSymbol, d_buffer, sizeof viaSymbol));
    EXPECT(memcmp(viaSymbol, hbuf2, sizeof viaSymbol) == 0, "symbol and address disagree");
    // The pointer is an ordinary device pointer for kernels too (memset through it).
    CHECK(cudaMemset(bufPtr + 200, 0, 56 * sizeof(int)));
    CHECK(cudaMemcpyFromSymbol(viaSymbol, d_buffer, sizeof viaSymbol));
    for (int i = 0; i < 256; ++i)
        EXPECT(viaSymbol[i] == (i >= 200 ? 0 : 3 * (i - 128)), "after memset [%d] = %d", i,
               viaSymbol[i]);

    // 4. cudaMemcpyToSymbolAsync / cudaMemcpyFromSymbolAsync on a stream, ordered with a kernel.
    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));
    int *pinned = nullptr;
    CHECK(cudaMallocHost(&pinned, 256 * sizeof(int)));
    for (int i = 0; i < 256; ++i)
        pinned[i] = 2 * i;
    CHECK(cudaMemcpyToSymbolAsync(d_buffer, pinned, 128 * sizeof(int), 128 * sizeof(int),
                                  cudaMemcpyHostToDevice, stream));
    bufferTimes<<<2, 128, 0, stream>>>(-1);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyFromSymbolAsync(pinned, d_buffer, 256 * sizeof(int), 0, cudaMemcpyDeviceToHost,
                                    stream));
    CHECK(cudaStreamSynchronize(stream));
    for (int i = 0; i < 256; ++i) {
        int want = i < 128 ? -3 * (i - 128) : -2 * (i - 128);
        EXPECT(pinned[i] == want, "async symbol copy [%d] = %d, want %d", i, pinned[i], want);
    }
    // Async write into a __constant__ symbol, then a kernel on the same stream uses it.
    int params2[4] = {7, 1, 0, 0};
    CHECK(cudaMemcpyToSymbolAsync(c_params, params2, 2 * sizeof(int), 0, cudaMemcpyHostToDevice,
                                  stream));
    CHECK(cudaMemcpyToSymbolAsync(d_counter, &zero, sizeof zero, 0, cudaMemcpyHostToDevice,
                                  stream));
    countAndStore<<<1, 32, 0, stream>>>(10);
    CHECK(cudaGetLastError());
    CHECK(cudaStreamSynchronize(stream));
    CHECK(cudaMemcpyFromSymbol(&counter, d_counter, sizeof counter));
    EXPECT(counter == 70, "d_counter after async constant update = %d, want 70", counter);
    CHECK(cudaMemcpyFromSymbol(results, d_result, sizeof results));
    for (int i = 0; i < 8; ++i)
        EXPECT(results[i] == 2.0f * (i + 1) - 0.5f, "d_result[%d] = %f", i, results[i]);
    CHECK(cudaFreeHost(pinned));
    CHECK(cudaStreamDestroy(stream));

    // 5. Statically initialized __device__ / __constant__ data.
    int *dOut;
    CHECK(cudaMalloc(&dOut, 19 * sizeof(int)));
    readStatics<<<1, 32>>>(dOut);
    CHECK(cudaGetLastError());
    int statics[19];
    CHECK(cudaMemcpy(statics, dOut, sizeof statics, cudaMemcpyDeviceToHost));
    const int primes[10] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
    const int table[5] = {-1, 10, -100, 1000, -10000};
    for (int i = 0; i < 10; ++i)
        EXPECT(statics[i] == primes[i] * primes[i], "d_primes[%d]^2 = %d", i, statics[i]);
    for (int i = 0; i < 4; ++i)
        EXPECT(statics[10 + i] == (1024 >> (i + 1)), "d_weights[%d]*1024 = %d", i, statics[10 + i]);
    for (int i = 0; i < 5; ++i)
        EXPECT(statics[14 + i] == table[i], "c_table[%d] = %d", i, statics[14 + i]);
    int primesBack[10];
    CHECK(cudaMemcpyFromSymbol(primesBack, d_primes, sizeof primesBack));
    EXPECT(memcmp(primesBack, primes, sizeof primesBack) == 0, "d_primes read back differs");

    CHECK(cudaFree(dOut));
    CHECK(cudaFree(dx));
    CHECK(cudaFree(dy));
    free(hx);
    free(hy);

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

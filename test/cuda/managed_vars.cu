// __managed__ global variables (a scalar counter, a scalar parameter, an array, a struct) that the
// host writes and reads by name and kernels update, with cudaDeviceSynchronize as the hand-off.
// Skipped (still PASS) on a device whose cudaDevAttrManagedMemory is 0.
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

struct Stats {
    int count;
    float sum;
    double weight;
};

__managed__ int managedCounter = 0;
__managed__ float managedScale = 1.0f;
__managed__ int managedTable[64];
__managed__ Stats managedStats = {7, 0.5f, 2.0};

__global__ void scaleKernel(float *data, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        data[i] = data[i] * managedScale + 1.0f;
        atomicAdd(&managedCounter, 1);
    }
}

__global__ void squareTable()
{
    int i = threadIdx.x;
    if (i < 64)
        managedTable[i] = managedTable[i] * managedTable[i];
}

__global__ void updateStats(int n)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        managedStats.count += n;
        managedStats.sum *= 4.0f;
        managedStats.weight = managedStats.weight * 1.5;
    }
}

int main()
{
    int dev = 0;
    CHECK(cudaGetDevice(&dev));
    int managed = 0;
    CHECK(cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, dev));
    if (!managed) {
        printf("note: device %d does not support managed memory; nothing tested\n", dev);
        printf("PASS\n");
        return 0;
    }

    // The static initializer is visible to the host before any kernel ran.
    EXPECT(managedStats.count == 7 && managedStats.sum == 0.5f && managedStats.weight == 2.0,
           "initial managedStats = {%d, %f, %f}", managedStats.count, managedStats.sum,
           managedStats.weight);
    EXPECT(managedScale == 1.0f, "initial managedScale = %f", managedScale);

    // A plain device buffer processed with a scale and a counter held in __managed__ variables.
    const int n = 3000;
    float h[n];
    for (int i = 0; i < n; ++i)
        h[i] = (float)i;
    float *d = nullptr;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    managedScale = 2.0f;  // host writes by name
    managedCounter = 0;
    scaleKernel<<<6, 128>>>(d, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    EXPECT(managedCounter == n, "managedCounter = %d, want %d", managedCounter, n);
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == 2.0f * i + 1.0f, "data[%d] = %f, want %f", i, h[i], 2.0f * i + 1.0f);

    managedScale = -1.0f;
    scaleKernel<<<3, 256>>>(d, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    EXPECT(managedCounter == 2 * n, "managedCounter = %d, want %d", managedCounter, 2 * n);
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == -(2.0f * i + 1.0f) + 1.0f, "second pass data[%d] = %f", i, h[i]);

    // A __managed__ array filled by the host, squared on the device.
    for (int i = 0; i < 64; ++i)
        managedTable[i] = i - 10;
    squareTable<<<1, 64>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 64; ++i)
        EXPECT(managedTable[i] == (i - 10) * (i - 10), "managedTable[%d] = %d", i, managedTable[i]);
    // The address of a __managed__ variable works with cudaMemcpy like any managed pointer.
    int copy[64];
    CHECK(cudaMemcpy(copy, managedTable, sizeof copy, cudaMemcpyDefault));
    for (int i = 0; i < 64; ++i)
        EXPECT(copy[i] == (i - 10) * (i - 10), "cudaMemcpy from __managed__ [%d] = %d", i, copy[i]);

    // A __managed__ struct updated on the device.
    managedStats.sum = 1.25f;
    updateStats<<<2, 32>>>(5);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    EXPECT(managedStats.count == 12 && managedStats.sum == 5.0f && managedStats.weight == 3.0,
           "managedStats = {%d, %f, %f}, want {12, 5, 3}", managedStats.count, managedStats.sum,
           managedStats.weight);

    CHECK(cudaFree(d));

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

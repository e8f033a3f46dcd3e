// Unified (managed) memory from cudaMallocManaged (and cudaStreamAttachMemAsync, advice and
// prefetches read back by cudaMemRangeGetAttribute(s)): buffers written by the host and updated by
// kernels and the other way round, with cudaDeviceSynchronize as the hand-off (__managed__ globals
// are in managed_vars.cu). Skipped (still PASS) when cudaDevAttrManagedMemory is 0.
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

struct Particle {
    float x, y;
    int id;
};

__global__ void scaleKernel(float *data, int n, const float *scale, int *counter)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        data[i] = data[i] * *scale + 1.0f;
        atomicAdd(counter, 1);
    }
}

__global__ void moveParticles(Particle *p, int n, float dx)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i].x += dx;
        p[i].y -= dx;
        p[i].id = -p[i].id;
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

    // 1. Host initializes a managed buffer, a kernel updates it, the host reads it back directly.
    const int n = 5000;
    float *data = nullptr;
    CHECK(cudaMallocManaged(&data, n * sizeof(float)));
    // Small managed scalars shared by host and device.
    float *managedScale = nullptr;
    int *managedCounter = nullptr;
    CHECK(cudaMallocManaged(&managedScale, sizeof(float)));
    CHECK(cudaMallocManaged(&managedCounter, sizeof(int)));
    for (int i = 0; i < n; ++i)
        data[i] = (float)i;
    *managedScale = 2.0f;
    *managedCounter = 0;
    scaleKernel<<<8, 128>>>(data, n, managedScale, managedCounter);  // grid-stride: fewer threads than elements
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < n; ++i)
        EXPECT(data[i] == 2.0f * i + 1.0f, "data[%d] = %f, want %f", i, data[i], 2.0f * i + 1.0f);
    EXPECT(*managedCounter == n, "counter = %d, want %d", *managedCounter, n);

    // A second pass sees the host's new scale and the kernel's previous results,
    // on a stream the buffer is attached to (as the UnifiedMemoryStreams sample does).
    *managedScale = 0.5f;
    cudaStream_t attached;
    CHECK(cudaStreamCreate(&attached));
    CHECK(cudaStreamAttachMemAsync(attached, data, 0, cudaMemAttachSingle));
    CHECK(cudaStreamSynchronize(attached));
    scaleKernel<<<4, 256, 0, attached>>>(data, n, managedScale, managedCounter);
    CHECK(cudaGetLastError());
    CHECK(cudaStreamSynchronize(attached));
    CHECK(cudaStreamAttachMemAsync(attached, data, 0, cudaMemAttachGlobal));
    CHECK(cudaStreamSynchronize(attached));
    CHECK(cudaStreamDestroy(attached));
    EXPECT(cudaStreamAttachMemAsync(0, data, 0, 0x80) == cudaErrorInvalidValue,
           "an unknown attach flag is refused");
    cudaGetLastError();
    for (int i = 0; i < n; ++i) {
        float want = (2.0f * i + 1.0f) * 0.5f + 1.0f;
        EXPECT(data[i] == want, "second pass data[%d] = %f, want %f", i, data[i], want);
    }
    EXPECT(*managedCounter == 2 * n, "counter = %d, want %d", *managedCounter, 2 * n);

    // 2. An array of structs in managed memory, attached globally (the default flag spelled out).
    const int np = 300;
    Particle *parts = nullptr;
    CHECK(cudaMallocManaged(&parts, np * sizeof(Particle), cudaMemAttachGlobal));
    for (int i = 0; i < np; ++i) {
        parts[i].x = (float)i;
        parts[i].y = (float)(2 * i);
        parts[i].id = i + 1;
    }
    moveParticles<<<(np + 63) / 64, 64>>>(parts, np, 0.25f);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < np; ++i) {
        EXPECT(parts[i].x == i + 0.25f && parts[i].y == 2 * i - 0.25f && parts[i].id == -(i + 1),
               "particle %d = (%f, %f, %d)", i, parts[i].x, parts[i].y, parts[i].id);
    }

    // 3. cudaMemcpy in and out of managed memory, and a kernel between.
    int *table = nullptr;
    CHECK(cudaMallocManaged(&table, 64 * sizeof(int)));
    int init[64], copy[64];
    for (int i = 0; i < 64; ++i)
        init[i] = i - 10;
    CHECK(cudaMemcpy(table, init, sizeof init, cudaMemcpyHostToDevice));
    *managedScale = 3.0f;
    *managedCounter = 0;
    float *ftable = nullptr;
    CHECK(cudaMallocManaged(&ftable, 64 * sizeof(float)));
    for (int i = 0; i < 64; ++i)
        ftable[i] = (float)table[i];  // host reads what cudaMemcpy wrote
    scaleKernel<<<1, 64>>>(ftable, 64, managedScale, managedCounter);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(copy, table, sizeof copy, cudaMemcpyDefault));
    for (int i = 0; i < 64; ++i)
        EXPECT(copy[i] == i - 10, "cudaMemcpy from managed [%d] = %d", i, copy[i]);
    float fcopy[64];
    CHECK(cudaMemcpy(fcopy, ftable, sizeof fcopy, cudaMemcpyDeviceToHost));  // waits for the kernel
    for (int i = 0; i < 64; ++i)
        EXPECT(fcopy[i] == 3.0f * (i - 10) + 1.0f, "kernel on managed [%d] = %f", i, fcopy[i]);

    // 4. cudaMemset on managed memory, read back by the host after a synchronize.
    int *counts = nullptr;
    CHECK(cudaMallocManaged(&counts, 128 * sizeof(int)));
    CHECK(cudaMemset(counts, 0, 128 * sizeof(int)));
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < 128; ++i)
        EXPECT(counts[i] == 0, "memset managed [%d] = %d", i, counts[i]);

    // Managed pointers report cudaMemoryTypeManaged.
    cudaPointerAttributes attr;
    CHECK(cudaPointerGetAttributes(&attr, data));
    EXPECT(attr.type == cudaMemoryTypeManaged, "managed pointer type %d", (int)attr.type);

    // 5. Advice and prefetches, read back per range: a value where the whole range has it.
    {
        cudaMemLocation gpu = {cudaMemLocationTypeDevice, dev}, host = {cudaMemLocationTypeHost, 0};
        const size_t half = 64 * sizeof(int);
        int v = -7;
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, counts, 128 * sizeof(int)));
        EXPECT(v == 0, "read-mostly before advice: %d", v);
        CHECK(cudaMemAdvise(counts, half, cudaMemAdviseSetReadMostly, gpu));
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, counts, half));
        EXPECT(v == 1, "read-mostly of the advised half: %d", v);
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, counts, 128 * sizeof(int)));
        EXPECT(v == 0, "read-mostly of the whole (half advised): %d", v);
        CHECK(cudaMemAdvise(counts + 16, sizeof(int), cudaMemAdviseUnsetReadMostly, gpu));
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, counts, half));
        EXPECT(v == 0, "read-mostly after one element's unset: %d", v);

        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, counts, half));
        EXPECT(v == cudaInvalidDeviceId, "no preferred location: %d", v);
        CHECK(cudaMemAdvise(counts, 128 * sizeof(int), cudaMemAdviseSetPreferredLocation, gpu));
        CHECK(cudaMemAdvise(counts + 64, half, cudaMemAdviseSetPreferredLocation, host));
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, counts, half));
        EXPECT(v == dev, "preferred location of the first half: %d", v);
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, counts + 64, half));
        EXPECT(v == cudaCpuDeviceId, "preferred location of the second half: %d", v);
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, counts, 2 * half));
        EXPECT(v == cudaInvalidDeviceId, "preferred location of both halves: %d", v);
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocationType, counts + 64, half));
        EXPECT(v == cudaMemLocationTypeHost, "preferred location type: %d", v);

        int by[3] = {5, 5, 5};
        CHECK(cudaMemAdvise(counts, 2 * half, cudaMemAdviseSetAccessedBy, gpu));
        CHECK(cudaMemRangeGetAttribute(by, sizeof by, cudaMemRangeAttributeAccessedBy, counts, half));
        EXPECT(by[0] == dev && by[1] == cudaInvalidDeviceId && by[2] == cudaInvalidDeviceId,
               "accessed by {%d, %d, %d}", by[0], by[1], by[2]);
        CHECK(cudaMemAdvise(counts, 2 * half, cudaMemAdviseUnsetAccessedBy, gpu));
        CHECK(cudaMemRangeGetAttribute(by, sizeof by, cudaMemRangeAttributeAccessedBy, counts, half));
        EXPECT(by[0] == cudaInvalidDeviceId, "accessed by after unset: %d", by[0]);

        CHECK(cudaMemPrefetchAsync(counts, 2 * half, gpu, 0, 0));
        CHECK(cudaMemPrefetchAsync(counts, half, host, 0, 0));
        int locs[2] = {0, 0};
        void *datas[2] = {&locs[0], &locs[1]};
        size_t sizes[2] = {4, 4};
        cudaMemRangeAttribute which[2] = {cudaMemRangeAttributeLastPrefetchLocation,
                                          cudaMemRangeAttributeLastPrefetchLocationType};
        CHECK(cudaMemRangeGetAttributes(datas, sizes, which, 2, counts + 64, half));
        EXPECT(locs[0] == dev && locs[1] == cudaMemLocationTypeDevice, "last prefetch {%d, %d}",
               locs[0], locs[1]);
        CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeLastPrefetchLocation, counts, half));
        EXPECT(v == cudaCpuDeviceId, "last prefetch of the first half: %d", v);

        // Wrong sizes, ranges past the allocation and memory that is not managed.
        EXPECT(cudaMemRangeGetAttribute(&v, 8, cudaMemRangeAttributeReadMostly, counts, half) ==
                   cudaErrorInvalidValue, "a size of 8 for a 32-bit attribute");
        EXPECT(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, counts, 4 * half) ==
                   cudaErrorInvalidValue, "a range past the allocation");
        EXPECT(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, &v, 4) ==
                   cudaErrorInvalidValue, "a range of host memory");
        cudaMemLocation nowhere = {cudaMemLocationTypeDevice, 99};
        EXPECT(cudaMemAdvise(counts, half, cudaMemAdviseSetPreferredLocation, nowhere) ==
                   cudaErrorInvalidDevice, "a preferred device that does not exist");
        cudaGetLastError();
    }

    CHECK(cudaFree(data));
    CHECK(cudaFree(parts));
    CHECK(cudaFree(counts));
    CHECK(cudaFree(table));
    CHECK(cudaFree(ftable));
    CHECK(cudaFree(managedScale));
    CHECK(cudaFree(managedCounter));

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

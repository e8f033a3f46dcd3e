// Device management and queries: cudaGetDeviceCount, cudaSetDevice/cudaGetDevice (and the error for
// an out-of-range ordinal), cudaGetDeviceProperties sanity, cudaDeviceGetAttribute agreeing with
// the properties, and nonzero driver/runtime versions. Ends with a kernel on every device.
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

__global__ void writeWarpSize(int *out)
{
    if (threadIdx.x == 0)
        out[0] = warpSize;
    out[1 + threadIdx.x] = threadIdx.x;
}

static int attr(cudaDeviceAttr a, int dev)
{
    int v = -12345;
    CHECK(cudaDeviceGetAttribute(&v, a, dev));
    return v;
}

int main()
{
    int count = 0;
    CHECK(cudaGetDeviceCount(&count));
    EXPECT(count >= 1, "cudaGetDeviceCount = %d", count);
    if (count < 1) {
        printf("FAILED: no device\n");
        return 1;
    }

    int driverVersion = 0, runtimeVersion = 0;
    CHECK(cudaDriverGetVersion(&driverVersion));
    CHECK(cudaRuntimeGetVersion(&runtimeVersion));
    EXPECT(driverVersion > 0, "driver version %d", driverVersion);
    EXPECT(runtimeVersion > 0, "runtime version %d", runtimeVersion);

    for (int dev = 0; dev < count; ++dev) {
        CHECK(cudaSetDevice(dev));
        int cur = -1;
        CHECK(cudaGetDevice(&cur));
        EXPECT(cur == dev, "cudaGetDevice = %d after cudaSetDevice(%d)", cur, dev);

        cudaDeviceProp prop;
        memset(&prop, 0, sizeof prop);
        CHECK(cudaGetDeviceProperties(&prop, dev));
        EXPECT(strlen(prop.name) > 0, "device %d: empty name", dev);
        EXPECT(prop.warpSize == 32, "device %d: warpSize %d", dev, prop.warpSize);
        EXPECT(prop.maxThreadsPerBlock >= 256, "device %d: maxThreadsPerBlock %d", dev,
               prop.maxThreadsPerBlock);
        EXPECT(prop.multiProcessorCount > 0, "device %d: multiProcessorCount %d", dev,
               prop.multiProcessorCount);
        EXPECT(prop.totalGlobalMem > 0, "device %d: totalGlobalMem 0", dev);
        EXPECT(prop.sharedMemPerBlock >= 16 * 1024, "device %d: sharedMemPerBlock %zu", dev,
               prop.sharedMemPerBlock);
        EXPECT(prop.totalConstMem >= 16 * 1024, "device %d: totalConstMem %zu", dev,
               prop.totalConstMem);
        EXPECT(prop.regsPerBlock > 0, "device %d: regsPerBlock %d", dev, prop.regsPerBlock);
        EXPECT(prop.major >= 1, "device %d: compute capability %d.%d", dev, prop.major,
               prop.minor);
        EXPECT(prop.maxThreadsDim[0] >= 256 && prop.maxThreadsDim[1] >= 256 &&
                   prop.maxThreadsDim[2] >= 1,
               "device %d: maxThreadsDim %d %d %d", dev, prop.maxThreadsDim[0],
               prop.maxThreadsDim[1], prop.maxThreadsDim[2]);
        EXPECT(prop.maxGridSize[0] >= 65535 && prop.maxGridSize[1] >= 65535 &&
                   prop.maxGridSize[2] >= 65535,
               "device %d: maxGridSize %d %d %d", dev, prop.maxGridSize[0], prop.maxGridSize[1],
               prop.maxGridSize[2]);
        EXPECT(prop.maxThreadsPerMultiProcessor >= prop.maxThreadsPerBlock,
               "device %d: maxThreadsPerMultiProcessor %d < maxThreadsPerBlock %d", dev,
               prop.maxThreadsPerMultiProcessor, prop.maxThreadsPerBlock);

        // Attributes must agree with the property structure.
        EXPECT(attr(cudaDevAttrWarpSize, dev) == prop.warpSize, "attr warpSize");
        EXPECT(attr(cudaDevAttrMaxThreadsPerBlock, dev) == prop.maxThreadsPerBlock,
               "attr maxThreadsPerBlock");
        EXPECT(attr(cudaDevAttrMultiProcessorCount, dev) == prop.multiProcessorCount,
               "attr multiProcessorCount");
        EXPECT(attr(cudaDevAttrComputeCapabilityMajor, dev) == prop.major, "attr major");
        EXPECT(attr(cudaDevAttrComputeCapabilityMinor, dev) == prop.minor, "attr minor");
        EXPECT(attr(cudaDevAttrMaxSharedMemoryPerBlock, dev) == (int)prop.sharedMemPerBlock,
               "attr sharedMemPerBlock %d vs %zu", attr(cudaDevAttrMaxSharedMemoryPerBlock, dev),
               prop.sharedMemPerBlock);
        EXPECT(attr(cudaDevAttrMaxBlockDimX, dev) == prop.maxThreadsDim[0], "attr maxBlockDimX");
        EXPECT(attr(cudaDevAttrMaxBlockDimY, dev) == prop.maxThreadsDim[1], "attr maxBlockDimY");
        EXPECT(attr(cudaDevAttrMaxBlockDimZ, dev) == prop.maxThreadsDim[2], "attr maxBlockDimZ");
        EXPECT(attr(cudaDevAttrMaxGridDimX, dev) == prop.maxGridSize[0], "attr maxGridDimX");
        EXPECT(attr(cudaDevAttrMaxGridDimY, dev) == prop.maxGridSize[1], "attr maxGridDimY");
        EXPECT(attr(cudaDevAttrMaxGridDimZ, dev) == prop.maxGridSize[2], "attr maxGridDimZ");
        EXPECT(attr(cudaDevAttrMaxRegistersPerBlock, dev) == prop.regsPerBlock,
               "attr regsPerBlock");
        EXPECT(attr(cudaDevAttrTotalConstantMemory, dev) == (int)prop.totalConstMem,
               "attr totalConstMem");
        EXPECT(attr(cudaDevAttrMaxThreadsPerMultiProcessor, dev) ==
                   prop.maxThreadsPerMultiProcessor,
               "attr maxThreadsPerMultiProcessor");
        // Every attribute of CUDA's has a value (simpleMultiCopy asks for
        // GpuOverlap); one of a feature the device lacks is 0.
        EXPECT(attr(cudaDevAttrGpuOverlap, dev) == 1, "attr gpuOverlap");
        EXPECT(attr(cudaDevAttrMaxTexture1DWidth, dev) >= 0, "attr maxTexture1DWidth");
        EXPECT(attr(cudaDevAttrMpsEnabled, dev) == 0, "attr mpsEnabled");
        int managed = attr(cudaDevAttrManagedMemory, dev);
        EXPECT(managed == 0 || managed == 1, "attr managedMemory = %d", managed);
        EXPECT(managed == prop.managedMemory, "attr managedMemory %d vs prop %d", managed,
               prop.managedMemory);

        printf("device %d: %s, compute capability %d.%d, %d multiprocessors\n", dev, prop.name,
               prop.major, prop.minor, prop.multiProcessorCount);

        // The device runs a kernel and sees warpSize 32 on the device side too.
        int *dOut;
        CHECK(cudaMalloc(&dOut, 65 * sizeof(int)));
        writeWarpSize<<<1, 64>>>(dOut);
        CHECK(cudaGetLastError());
        int hOut[65];
        CHECK(cudaMemcpy(hOut, dOut, sizeof hOut, cudaMemcpyDeviceToHost));
        EXPECT(hOut[0] == 32, "device-side warpSize = %d", hOut[0]);
        for (int t = 0; t < 64; ++t)
            EXPECT(hOut[1 + t] == t, "device %d kernel: [%d] = %d", dev, t, hOut[1 + t]);
        CHECK(cudaFree(dOut));
    }

    // Out-of-range ordinals fail with cudaErrorInvalidDevice and leave the current device alone.
    CHECK(cudaSetDevice(0));
    cudaError_t e = cudaSetDevice(count);
    EXPECT(e == cudaErrorInvalidDevice, "cudaSetDevice(%d) gave %s, want cudaErrorInvalidDevice",
           count, cudaGetErrorName(e));
    e = cudaSetDevice(-1);
    EXPECT(e == cudaErrorInvalidDevice, "cudaSetDevice(-1) gave %s, want cudaErrorInvalidDevice",
           cudaGetErrorName(e));
    cudaDeviceProp bad;
    e = cudaGetDeviceProperties(&bad, count);
    EXPECT(e == cudaErrorInvalidDevice,
           "cudaGetDeviceProperties(%d) gave %s, want cudaErrorInvalidDevice", count,
           cudaGetErrorName(e));
    int v = 0;
    e = cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, count);
    EXPECT(e == cudaErrorInvalidDevice,
           "cudaDeviceGetAttribute(dev %d) gave %s, want cudaErrorInvalidDevice", count,
           cudaGetErrorName(e));
    (void)cudaGetLastError();  // clear the deliberate errors
    int cur = -1;
    CHECK(cudaGetDevice(&cur));
    EXPECT(cur == 0, "current device %d after failed cudaSetDevice, want 0", cur);

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

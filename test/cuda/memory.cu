// Device memory management through the CUDA runtime: cudaMalloc/cudaFree, cudaMemcpy in every
// direction (and cudaMemcpyDefault), byte-pattern cudaMemset, async copies and memsets on a stream,
// pitched 2D allocations, pinned host memory, cudaMemGetInfo and cudaPointerGetAttributes.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

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

__global__ void addOne(int *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] += 1;
}

// Adds (row * 1000 + col) to every element of a pitched 2D float array.
__global__ void addCoords2D(float *base, size_t pitch, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        float *row = (float *)((char *)base + y * pitch);
        row[x] += (float)(y * 1000 + x);
    }
}

static void testBasicCopies()
{
    const int n = 4099;  // deliberately not a multiple of the block size
    const size_t bytes = n * sizeof(int);
    std::vector<int> h(n), back(n, 0);
    for (int i = 0; i < n; ++i)
        h[i] = i * 3 - 7;

    int *dA = nullptr, *dB = nullptr;
    CHECK(cudaMalloc(&dA, bytes));
    CHECK(cudaMalloc((void **)&dB, bytes));
    EXPECT(dA != nullptr && dB != nullptr, "cudaMalloc returned null");

    // Host to device, kernel, device to device, device to host.
    CHECK(cudaMemcpy(dA, h.data(), bytes, cudaMemcpyHostToDevice));
    addOne<<<(n + 255) / 256, 256>>>(dA, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(dB, dA, bytes, cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy(back.data(), dB, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(back[i] == h[i] + 1, "H2D/D2D/D2H: back[%d] = %d, want %d", i, back[i], h[i] + 1);

    // Host to host through cudaMemcpy.
    std::vector<int> hh(n, 0);
    CHECK(cudaMemcpy(hh.data(), h.data(), bytes, cudaMemcpyHostToHost));
    EXPECT(memcmp(hh.data(), h.data(), bytes) == 0, "cudaMemcpyHostToHost mismatch");

    // cudaMemcpyDefault infers the direction from the pointers (unified addressing).
    std::vector<int> h2(n);
    for (int i = 0; i < n; ++i)
        h2[i] = 5 * i;
    CHECK(cudaMemcpy(dA, h2.data(), bytes, cudaMemcpyDefault));   // H2D
    CHECK(cudaMemcpy(dB, dA, bytes, cudaMemcpyDefault));          // D2D
    std::fill(back.begin(), back.end(), 0);
    CHECK(cudaMemcpy(back.data(), dB, bytes, cudaMemcpyDefault)); // D2H
    for (int i = 0; i < n; ++i)
        EXPECT(back[i] == 5 * i, "cudaMemcpyDefault: back[%d] = %d, want %d", i, back[i], 5 * i);

    // Copy of a sub-range with offsets on both sides.
    CHECK(cudaMemcpy(dB + 100, h.data() + 10, 50 * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(back.data(), dB, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        int want = (i >= 100 && i < 150) ? h[i - 90] : 5 * i;
        EXPECT(back[i] == want, "offset copy: back[%d] = %d, want %d", i, back[i], want);
    }

    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(nullptr));  // freeing null is a no-op
}

static void testMemset()
{
    const int n = 1000;
    unsigned char *d = nullptr;
    CHECK(cudaMalloc(&d, n));
    std::vector<unsigned char> back(n);

    CHECK(cudaMemset(d, 0xAB, n));
    CHECK(cudaMemcpy(back.data(), d, n, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(back[i] == 0xAB, "memset 0xAB: byte %d = 0x%02x", i, back[i]);

    // Only the low byte of the value is used.
    CHECK(cudaMemset(d + 3, 0x1234, 17));
    CHECK(cudaMemset(d + 500, 0, 1));
    CHECK(cudaMemcpy(back.data(), d, n, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        unsigned char want = (i >= 3 && i < 20) ? 0x34 : (i == 500 ? 0x00 : 0xAB);
        EXPECT(back[i] == want, "partial memset: byte %d = 0x%02x, want 0x%02x", i, back[i], want);
    }

    // A byte pattern seen through wider types.
    const int m = 256;
    int *di = nullptr;
    CHECK(cudaMalloc(&di, m * sizeof(int)));
    CHECK(cudaMemset(di, 0xFF, m * sizeof(int)));
    std::vector<int> bi(m);
    CHECK(cudaMemcpy(bi.data(), di, m * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < m; ++i)
        EXPECT(bi[i] == -1, "memset 0xFF as int: [%d] = %d", i, bi[i]);
    CHECK(cudaMemset(di, 0x01, m * sizeof(int)));
    CHECK(cudaMemcpy(bi.data(), di, m * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < m; ++i)
        EXPECT(bi[i] == 0x01010101, "memset 0x01 as int: [%d] = 0x%08x", i, bi[i]);

    CHECK(cudaFree(d));
    CHECK(cudaFree(di));
}

static void testAsync()
{
    const int n = 3000;
    const size_t bytes = n * sizeof(int);
    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));

    int *hIn = nullptr, *hOut = nullptr;
    CHECK(cudaMallocHost(&hIn, bytes));
    CHECK(cudaMallocHost((void **)&hOut, bytes));
    for (int i = 0; i < n; ++i) {
        hIn[i] = i ^ 0x55;
        hOut[i] = -12345;
    }

    int *d = nullptr;
    CHECK(cudaMalloc(&d, bytes));
    // memset -> copy part -> kernel -> copy back, all ordered on one stream.
    CHECK(cudaMemsetAsync(d, 0, bytes, stream));
    CHECK(cudaMemcpyAsync(d, hIn, (n / 2) * sizeof(int), cudaMemcpyHostToDevice, stream));
    addOne<<<(n + 127) / 128, 128, 0, stream>>>(d, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(hOut, d, bytes, cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(stream));
    for (int i = 0; i < n; ++i) {
        int want = (i < n / 2 ? (i ^ 0x55) : 0) + 1;
        EXPECT(hOut[i] == want, "async: hOut[%d] = %d, want %d", i, hOut[i], want);
    }

    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(hIn));
    CHECK(cudaFreeHost(hOut));
    CHECK(cudaStreamDestroy(stream));
}

static void testPitched()
{
    const int width = 100, height = 37;  // in floats
    float *d = nullptr;
    size_t pitch = 0;
    CHECK(cudaMallocPitch(&d, &pitch, width * sizeof(float), height));
    EXPECT(pitch >= width * sizeof(float), "pitch %zu < row size %zu", pitch, width * sizeof(float));

    // Zero everything, then fill a sub-rectangle with a byte pattern.
    CHECK(cudaMemset2D(d, pitch, 0, width * sizeof(float), height));
    // Columns [10, 30), rows [5, 20): every byte 0x3F, i.e. each float has the bits 0x3F3F3F3F.
    CHECK(cudaMemset2D((char *)d + 5 * pitch + 10 * sizeof(float), pitch, 0x3F,
                       20 * sizeof(float), 15));

    dim3 block(32, 8);
    dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
    addCoords2D<<<grid, block>>>(d, pitch, width, height);
    CHECK(cudaGetLastError());

    std::vector<float> h(width * height, -1.0f);
    CHECK(cudaMemcpy2D(h.data(), width * sizeof(float), d, pitch, width * sizeof(float), height,
                       cudaMemcpyDeviceToHost));
    float pattern;
    unsigned int bits = 0x3F3F3F3Fu;
    memcpy(&pattern, &bits, sizeof pattern);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            bool inRect = x >= 10 && x < 30 && y >= 5 && y < 20;
            float want = (inRect ? pattern : 0.0f) + (float)(y * 1000 + x);
            float got = h[y * width + x];
            EXPECT(got == want, "2D (%d,%d) = %f, want %f", x, y, got, want);
        }

    // Host -> pitched device (a 40x12 window at column 50, row 20) -> host with a different pitch.
    const int w = 40, hgt = 12, hostPitchElems = 64;
    std::vector<float> src(hostPitchElems * hgt), dst(hostPitchElems * hgt, 0.0f);
    for (int i = 0; i < (int)src.size(); ++i)
        src[i] = (float)i * 0.5f;
    float *window = (float *)((char *)d + 20 * pitch) + 50;
    CHECK(cudaMemcpy2D(window, pitch, src.data(), hostPitchElems * sizeof(float), w * sizeof(float),
                       hgt, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy2D(dst.data(), hostPitchElems * sizeof(float), window, pitch, w * sizeof(float),
                       hgt, cudaMemcpyDeviceToHost));
    for (int y = 0; y < hgt; ++y)
        for (int x = 0; x < hostPitchElems; ++x) {
            float want = x < w ? src[y * hostPitchElems + x] : 0.0f;
            EXPECT(dst[y * hostPitchElems + x] == want, "2D window (%d,%d) = %f, want %f", x, y,
                   dst[y * hostPitchElems + x], want);
        }

    CHECK(cudaFree(d));
}

static void testHostAlloc()
{
    const int n = 2048;
    double *pinned = nullptr;
    CHECK(cudaHostAlloc(&pinned, n * sizeof(double), cudaHostAllocDefault));
    double *portable = nullptr;
    CHECK(cudaHostAlloc((void **)&portable, n * sizeof(double), cudaHostAllocPortable));
    for (int i = 0; i < n; ++i) {
        pinned[i] = 1.0 / (i + 1);
        portable[i] = 0.0;
    }
    double *d = nullptr;
    CHECK(cudaMalloc(&d, n * sizeof(double)));
    CHECK(cudaMemcpy(d, pinned, n * sizeof(double), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(portable, d, n * sizeof(double), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(portable[i] == 1.0 / (i + 1), "cudaHostAlloc round trip [%d] = %g", i, portable[i]);
    // The flags it was allocated with (mapped and portable under unified addressing), also for
    // a pointer into the block; memory cudaHostAlloc did not give is refused.
    unsigned flags = 0;
    double *combined = nullptr;
    CHECK(cudaHostAlloc((void **)&combined, 64, cudaHostAllocWriteCombined | cudaHostAllocMapped));
    CHECK(cudaHostGetFlags(&flags, combined + 3));
    EXPECT((flags & (cudaHostAllocWriteCombined | cudaHostAllocMapped)) ==
               (cudaHostAllocWriteCombined | cudaHostAllocMapped), "write-combined flags %#x", flags);
    CHECK(cudaHostGetFlags(&flags, pinned));
    EXPECT(!(flags & cudaHostAllocWriteCombined), "default flags %#x", flags);
    EXPECT(cudaHostGetFlags(&flags, d) == cudaErrorInvalidValue, "device memory has no host flags");
    EXPECT(cudaHostGetFlags(&flags, &flags) == cudaErrorInvalidValue, "a stack address has none");
    EXPECT(cudaHostAlloc((void **)&portable, 64, 0x40) == cudaErrorInvalidValue, "an unknown flag");
    cudaGetLastError();
    CHECK(cudaFreeHost(combined));
    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(pinned));
    CHECK(cudaFreeHost(portable));
}

static void testMemGetInfo()
{
    size_t freeBytes = 0, totalBytes = 0;
    CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    EXPECT(totalBytes > 0, "total memory is 0");
    EXPECT(freeBytes > 0, "free memory is 0");
    EXPECT(freeBytes <= totalBytes, "free %zu > total %zu", freeBytes, totalBytes);
}

static void testPointerAttributes()
{
    int dev = -1;
    CHECK(cudaGetDevice(&dev));

    void *d = nullptr;
    CHECK(cudaMalloc(&d, 1024));
    cudaPointerAttributes attr;
    memset(&attr, 0, sizeof attr);
    CHECK(cudaPointerGetAttributes(&attr, d));
    EXPECT(attr.type == cudaMemoryTypeDevice, "device pointer: type %d", (int)attr.type);
    EXPECT(attr.device == dev, "device pointer: device %d, want %d", attr.device, dev);
    EXPECT(attr.devicePointer == d, "device pointer: devicePointer %p, want %p", attr.devicePointer, d);
    // An interior pointer belongs to the same allocation.
    memset(&attr, 0, sizeof attr);
    CHECK(cudaPointerGetAttributes(&attr, (char *)d + 100));
    EXPECT(attr.type == cudaMemoryTypeDevice, "interior device pointer: type %d", (int)attr.type);

    void *h = nullptr;
    CHECK(cudaMallocHost(&h, 1024));
    memset(&attr, 0, sizeof attr);
    CHECK(cudaPointerGetAttributes(&attr, h));
    EXPECT(attr.type == cudaMemoryTypeHost, "pinned host pointer: type %d", (int)attr.type);
    EXPECT(attr.hostPointer == h, "pinned host pointer: hostPointer %p, want %p", attr.hostPointer, h);

    // Plain malloc'd memory is unknown to CUDA: success with cudaMemoryTypeUnregistered (CUDA >= 11).
    void *plain = malloc(1024);
    memset(&attr, 0, sizeof attr);
    CHECK(cudaPointerGetAttributes(&attr, plain));
    EXPECT(attr.type == cudaMemoryTypeUnregistered, "malloc pointer: type %d", (int)attr.type);
    free(plain);

    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(h));
}

int main()
{
    testBasicCopies();
    testMemset();
    testAsync();
    testPitched();
    testHostAlloc();
    testMemGetInfo();
    testPointerAttributes();
    CHECK(cudaDeviceSynchronize());

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

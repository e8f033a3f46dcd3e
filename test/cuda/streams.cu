// Streams: several blocking and non-blocking streams each running copy-in/kernel/copy-out, stream
// synchronization and polling with cudaStreamQuery, cross-stream ordering with cudaStreamWaitEvent,
// destroying a stream with work pending, and legacy default-stream (stream 0) ordering.
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

// Some arithmetic per element so that a kernel takes a little while; the result is exact.
__global__ void slowFill(int *data, int n, int seed, int spin)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned v = (unsigned)(i + seed);
        for (int k = 0; k < spin; ++k)
            v = v * 1664525u + 1013904223u;
        data[i] = (int)(v & 0xFFFF) + i;
    }
}

__global__ void scaleAdd(const int *in, int *out, int n, int mul, int add)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * mul + add;
}

static int hostSlowFill(int i, int seed, int spin)
{
    unsigned v = (unsigned)(i + seed);
    for (int k = 0; k < spin; ++k)
        v = v * 1664525u + 1013904223u;
    return (int)(v & 0xFFFF) + i;
}

static void testManyStreams()
{
    const int nStreams = 4, chunk = 2000, n = nStreams * chunk;
    cudaStream_t streams[nStreams];
    CHECK(cudaStreamCreate(&streams[0]));
    CHECK(cudaStreamCreate(&streams[1]));
    CHECK(cudaStreamCreateWithFlags(&streams[2], cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&streams[3], cudaStreamDefault));

    int *hIn, *hOut;
    CHECK(cudaMallocHost(&hIn, n * sizeof(int)));
    CHECK(cudaMallocHost(&hOut, n * sizeof(int)));
    for (int i = 0; i < n; ++i) {
        hIn[i] = i * 2 - 5000;
        hOut[i] = 0;
    }
    int *dIn, *dOut;
    CHECK(cudaMalloc(&dIn, n * sizeof(int)));
    CHECK(cudaMalloc(&dOut, n * sizeof(int)));

    // Each stream handles its own chunk: H2D, kernel, D2H.
    for (int s = 0; s < nStreams; ++s) {
        int off = s * chunk;
        CHECK(cudaMemcpyAsync(dIn + off, hIn + off, chunk * sizeof(int), cudaMemcpyHostToDevice,
                              streams[s]));
        scaleAdd<<<(chunk + 255) / 256, 256, 0, streams[s]>>>(dIn + off, dOut + off, chunk, s + 1,
                                                              100 * s);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpyAsync(hOut + off, dOut + off, chunk * sizeof(int), cudaMemcpyDeviceToHost,
                              streams[s]));
    }
    for (int s = 0; s < nStreams; ++s)
        CHECK(cudaStreamSynchronize(streams[s]));
    for (int i = 0; i < n; ++i) {
        int s = i / chunk;
        int want = hIn[i] * (s + 1) + 100 * s;
        EXPECT(hOut[i] == want, "stream %d: out[%d] = %d, want %d", s, i, hOut[i], want);
    }

    // cudaStreamQuery: cudaErrorNotReady while busy, eventually cudaSuccess.
    slowFill<<<(n + 255) / 256, 256, 0, streams[2]>>>(dOut, n, 7, 20);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(hOut, dOut, n * sizeof(int), cudaMemcpyDeviceToHost, streams[2]));
    for (;;) {
        cudaError_t q = cudaStreamQuery(streams[2]);
        if (q == cudaSuccess)
            break;
        if (q != cudaErrorNotReady) {
            fprintf(stderr, "cudaStreamQuery returned %s\n", cudaGetErrorName(q));
            exit(1);
        }
    }
    // Polling that saw cudaErrorNotReady must not leave an error behind.
    CHECK(cudaGetLastError());
    for (int i = 0; i < n; ++i)
        EXPECT(hOut[i] == hostSlowFill(i, 7, 20), "polled stream: out[%d] = %d", i, hOut[i]);
    // An idle stream reports success at once.
    CHECK(cudaStreamQuery(streams[0]));

    for (int s = 0; s < nStreams; ++s)
        CHECK(cudaStreamDestroy(streams[s]));
    CHECK(cudaFreeHost(hIn));
    CHECK(cudaFreeHost(hOut));
    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dOut));
}

static void testWaitEvent()
{
    const int n = 4096;
    cudaStream_t producer, consumer;
    CHECK(cudaStreamCreateWithFlags(&producer, cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&consumer, cudaStreamNonBlocking));
    cudaEvent_t ready;
    CHECK(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming));

    int *data, *result, *hResult;
    CHECK(cudaMalloc(&data, n * sizeof(int)));
    CHECK(cudaMalloc(&result, n * sizeof(int)));
    CHECK(cudaMallocHost(&hResult, n * sizeof(int)));

    for (int round = 0; round < 3; ++round) {
        // The producer is slow; without the event wait the consumer would read stale data.
        CHECK(cudaMemsetAsync(data, 0, n * sizeof(int), producer));
        slowFill<<<n / 128, 128, 0, producer>>>(data, n, round, 20);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(ready, producer));
        CHECK(cudaStreamWaitEvent(consumer, ready, 0));
        scaleAdd<<<n / 256, 256, 0, consumer>>>(data, result, n, 2, round);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpyAsync(hResult, result, n * sizeof(int), cudaMemcpyDeviceToHost, consumer));
        CHECK(cudaStreamSynchronize(consumer));  // only the consumer is waited for
        for (int i = 0; i < n; ++i) {
            int want = hostSlowFill(i, round, 20) * 2 + round;
            EXPECT(hResult[i] == want, "round %d: consumer saw [%d] = %d, want %d", round, i,
                   hResult[i], want);
        }
    }
    CHECK(cudaStreamSynchronize(producer));
    CHECK(cudaEventDestroy(ready));
    CHECK(cudaStreamDestroy(producer));
    CHECK(cudaStreamDestroy(consumer));
    CHECK(cudaFree(data));
    CHECK(cudaFree(result));
    CHECK(cudaFreeHost(hResult));
}

static void testDefaultStream()
{
    const int n = 3000;
    cudaStream_t blocking;
    CHECK(cudaStreamCreate(&blocking));  // synchronizes with the legacy default stream
    int *a, *b, *c;
    CHECK(cudaMalloc(&a, n * sizeof(int)));
    CHECK(cudaMalloc(&b, n * sizeof(int)));
    CHECK(cudaMalloc(&c, n * sizeof(int)));
    int *h = (int *)malloc(n * sizeof(int));

    // Blocking stream first, then stream 0: stream 0 waits for the blocking stream's work.
    slowFill<<<(n + 127) / 128, 128, 0, blocking>>>(a, n, 3, 30);
    CHECK(cudaGetLastError());
    scaleAdd<<<(n + 127) / 128, 128>>>(a, b, n, 3, -1);  // stream 0
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, b, n * sizeof(int), cudaMemcpyDeviceToHost));  // also stream 0
    for (int i = 0; i < n; ++i) {
        int want = hostSlowFill(i, 3, 30) * 3 - 1;
        EXPECT(h[i] == want, "stream 0 after blocking stream: [%d] = %d, want %d", i, h[i], want);
    }

    // Stream 0 first, then the blocking stream: the blocking stream waits for stream 0.
    slowFill<<<(n + 127) / 128, 128, 0, 0>>>(a, n, 11, 30);
    CHECK(cudaGetLastError());
    scaleAdd<<<(n + 127) / 128, 128, 0, blocking>>>(a, c, n, -1, 5);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(h, c, n * sizeof(int), cudaMemcpyDeviceToHost, blocking));
    CHECK(cudaStreamSynchronize(blocking));
    for (int i = 0; i < n; ++i) {
        int want = -hostSlowFill(i, 11, 30) + 5;
        EXPECT(h[i] == want, "blocking stream after stream 0: [%d] = %d, want %d", i, h[i], want);
    }

    // Destroying a stream with work still queued is allowed; the work completes.
    slowFill<<<(n + 127) / 128, 128, 0, blocking>>>(c, n, 99, 30);
    CHECK(cudaGetLastError());
    CHECK(cudaStreamDestroy(blocking));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(h, c, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == hostSlowFill(i, 99, 30), "work of a destroyed stream: [%d] = %d", i, h[i]);

    free(h);
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(c));
}

int main()
{
    testManyStreams();
    testWaitEvent();
    testDefaultStream();

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

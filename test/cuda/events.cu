// CUDA events: create/record/synchronize/query/elapsed-time on the default stream and on a created
// stream, monotonic timings, events that were never recorded, cudaEventDisableTiming events (usable
// for ordering, but cudaEventElapsedTime must fail with cudaErrorInvalidResourceHandle), destroy.
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

__global__ void busy(float *data, int n, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = data[i];
        for (int k = 0; k < iters; ++k)
            v = v * 0.5f + 1.0f;  // converges to 2, exactly representable steps
        data[i] = v;
    }
}

// Polls an event until it completes; any result other than cudaErrorNotReady/cudaSuccess fails.
static void pollUntilDone(cudaEvent_t ev, const char *what)
{
    for (;;) {
        cudaError_t q = cudaEventQuery(ev);
        if (q == cudaSuccess)
            return;
        if (q != cudaErrorNotReady) {
            fprintf(stderr, "cudaEventQuery(%s) returned %s\n", what, cudaGetErrorName(q));
            exit(1);
        }
    }
}

int main()
{
    const int n = 4096;
    float *d;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CHECK(cudaMemset(d, 0, n * sizeof(float)));

    // 1. Timing on the default stream.
    cudaEvent_t start, mid, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&mid));
    CHECK(cudaEventCreateWithFlags(&stop, cudaEventDefault));

    // An event that was never recorded counts as complete.
    CHECK(cudaEventQuery(stop));

    CHECK(cudaEventRecord(start));
    busy<<<n / 256, 256>>>(d, n, 20);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(mid, 0));
    busy<<<n / 256, 256>>>(d, n, 20);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop, 0));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventQuery(stop));
    CHECK(cudaEventQuery(mid));  // recorded earlier on the same stream: complete too

    float msMid = -1.0f, msTotal = -1.0f, msSecond = -1.0f;
    CHECK(cudaEventElapsedTime(&msMid, start, mid));
    CHECK(cudaEventElapsedTime(&msTotal, start, stop));
    CHECK(cudaEventElapsedTime(&msSecond, mid, stop));
    EXPECT(msMid >= 0.0f, "elapsed(start, mid) = %f", msMid);
    EXPECT(msTotal >= 0.0f, "elapsed(start, stop) = %f", msTotal);
    EXPECT(msSecond >= 0.0f, "elapsed(mid, stop) = %f", msSecond);
    EXPECT(msTotal >= msMid, "elapsed(start, stop) = %f < elapsed(start, mid) = %f", msTotal,
           msMid);
    EXPECT(msTotal < 60000.0f, "elapsed(start, stop) = %f ms is implausible", msTotal);

    float *h = (float *)malloc(n * sizeof(float));
    CHECK(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
    float want = 0.0f;
    for (int k = 0; k < 40; ++k)
        want = want * 0.5f + 1.0f;
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == want, "busy result [%d] = %f, want %f", i, h[i], want);

    // 2. Events on a created stream; re-recording an event moves it to the new point.
    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));
    CHECK(cudaMemsetAsync(d, 0, n * sizeof(float), stream));
    CHECK(cudaEventRecord(start, stream));
    busy<<<n / 128, 128, 0, stream>>>(d, n, 30);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop, stream));
    pollUntilDone(stop, "stop");
    // Polling that saw cudaErrorNotReady must not leave an error behind.
    CHECK(cudaGetLastError());
    float ms = -1.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    EXPECT(ms >= 0.0f, "elapsed on stream = %f", ms);
    // The event completed, so the kernel's results are visible after a plain copy on that stream.
    CHECK(cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(stream));
    want = 0.0f;
    for (int k = 0; k < 30; ++k)
        want = want * 0.5f + 1.0f;
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == want, "stream busy result [%d] = %f, want %f", i, h[i], want);

    // 3. cudaEventDisableTiming: fine for synchronization, no timing.
    cudaEvent_t syncA, syncB;
    CHECK(cudaEventCreateWithFlags(&syncA, cudaEventDisableTiming));
    CHECK(cudaEventCreateWithFlags(&syncB, cudaEventDisableTiming | cudaEventBlockingSync));
    CHECK(cudaEventRecord(syncA, stream));
    busy<<<n / 256, 256, 0, stream>>>(d, n, 5);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(syncB, stream));
    CHECK(cudaEventSynchronize(syncB));
    CHECK(cudaEventQuery(syncA));
    CHECK(cudaEventQuery(syncB));
    ms = 12345.0f;
    cudaError_t e = cudaEventElapsedTime(&ms, syncA, syncB);
    EXPECT(e == cudaErrorInvalidResourceHandle,
           "elapsed time of DisableTiming events gave %s, want cudaErrorInvalidResourceHandle",
           cudaGetErrorName(e));
    // Mixed: one timing event, one not.
    e = cudaEventElapsedTime(&ms, start, syncB);
    EXPECT(e == cudaErrorInvalidResourceHandle,
           "elapsed time with one DisableTiming event gave %s, want cudaErrorInvalidResourceHandle",
           cudaGetErrorName(e));
    (void)cudaGetLastError();  // clear the deliberate error

    // A timing event that was never recorded cannot be timed either.
    cudaEvent_t never;
    CHECK(cudaEventCreate(&never));
    e = cudaEventElapsedTime(&ms, never, stop);
    EXPECT(e == cudaErrorInvalidResourceHandle,
           "elapsed time of a never-recorded event gave %s, want cudaErrorInvalidResourceHandle",
           cudaGetErrorName(e));
    (void)cudaGetLastError();

    // 4. Everything still works after the deliberate errors.
    CHECK(cudaEventRecord(start));
    busy<<<1, 32>>>(d, 32, 1);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    EXPECT(ms >= 0.0f, "elapsed after errors = %f", ms);

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(mid));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaEventDestroy(syncA));
    CHECK(cudaEventDestroy(syncB));
    CHECK(cudaEventDestroy(never));
    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaFree(d));
    free(h);

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

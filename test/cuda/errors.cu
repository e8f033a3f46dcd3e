// Error reporting: invalid launch configurations (2048 threads per block, an empty grid) give
// cudaErrorInvalidConfiguration (CUDA 13: cudaErrorInvalidValue) through cudaPeekAtLastError (not
// cleared) and cudaGetLastError (cleared); bad API calls fail with the documented codes; names.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t 2> %t.err | %FileCheck %s && %FileCheck %s --check-prefix=ERR < %t.err
// RUN: %emu-gfx1100 %t 2> %t.err | %FileCheck %s && %FileCheck %s --check-prefix=ERR < %t.err
// CHECK: PASS
// The refused allocation says why on stderr.
// ERR: cannot allocate 1152921504606846976 bytes of device memory
#include <cuda_runtime.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

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

#define EXPECT_ERR(expr, want)                                                          \
    do {                                                                                \
        cudaError_t got_ = (expr);                                                      \
        EXPECT(got_ == (want), "%s gave %s, want %s", #expr, cudaGetErrorName(got_),    \
               cudaGetErrorName(want));                                                 \
    } while (0)

__global__ void fill(int *out, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = v + i;
}

static std::string lower(const char *s)
{
    std::string r = s ? s : "";
    for (auto &c : r)
        c = (char)tolower((unsigned char)c);
    return r;
}

// The name must be the enumerator's spelling; the description must mention `keyword`.
static void checkErrorText(cudaError_t e, const char *name, const char *keyword)
{
    const char *n = cudaGetErrorName(e);
    const char *s = cudaGetErrorString(e);
    EXPECT(n != nullptr && strcmp(n, name) == 0, "cudaGetErrorName(%d) = '%s', want '%s'", (int)e,
           n ? n : "(null)", name);
    EXPECT(s != nullptr && s[0] != '\0', "cudaGetErrorString(%s) is empty", name);
    EXPECT(lower(s).find(keyword) != std::string::npos,
           "cudaGetErrorString(%s) = '%s' does not mention '%s'", name, s ? s : "(null)", keyword);
}

// An invalid launch configuration is reported as cudaErrorInvalidConfiguration, the documented
// code that CUDA returned through version 12; the CUDA 13.0 runtime (driver 580) returns
// cudaErrorInvalidValue for the same launches. Either is accepted, but every bad launch of the
// program must give the same code.
static bool isBadLaunchConfig(cudaError_t e)
{
    return e == cudaErrorInvalidConfiguration || e == cudaErrorInvalidValue;
}

// A valid launch must still work and produce correct data.
static void checkDeviceStillWorks(const char *after)
{
    const int n = 100;
    int *d;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    fill<<<1, 128>>>(d, n, 7);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    int h[n];
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == 7 + i, "after %s: [%d] = %d", after, i, h[i]);
    CHECK(cudaFree(d));
}

int main()
{
    int *d = nullptr;
    CHECK(cudaMalloc(&d, 4096 * sizeof(int)));
    CHECK(cudaGetLastError());  // nothing pending at the start

    // 1. Too many threads per block.
    fill<<<1, 2048>>>(d, 4096, 0);
    cudaError_t launchErr = cudaPeekAtLastError();
    EXPECT(isBadLaunchConfig(launchErr), "2048 threads per block: %s, want %s",
           cudaGetErrorName(launchErr), cudaGetErrorName(cudaErrorInvalidConfiguration));
    EXPECT_ERR(cudaPeekAtLastError(), launchErr);  // peek does not clear
    EXPECT_ERR(cudaGetLastError(), launchErr);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);   // get cleared it
    EXPECT_ERR(cudaPeekAtLastError(), cudaSuccess);
    // The failed launch is not sticky: synchronization succeeds and kernels still run.
    CHECK(cudaDeviceSynchronize());
    checkDeviceStillWorks("2048-thread launch");

    // Block dimensions whose product is too large, each dimension within limits.
    fill<<<1, dim3(32, 32, 2)>>>(d, 4096, 0);
    EXPECT_ERR(cudaGetLastError(), launchErr);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);

    // 2. An empty grid.
    fill<<<0, 64>>>(d, 4096, 0);
    EXPECT_ERR(cudaGetLastError(), launchErr);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);
    fill<<<dim3(4, 0, 1), 64>>>(d, 4096, 0);
    EXPECT_ERR(cudaGetLastError(), launchErr);
    // An empty block.
    fill<<<4, 0>>>(d, 4096, 0);
    EXPECT_ERR(cudaGetLastError(), launchErr);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);
    checkDeviceStillWorks("empty grid");

    // 3. Bad API calls return errors, which are also recorded as the last error.
    int notDeviceMemory = 0;
    cudaError_t e = cudaFree(&notDeviceMemory);
    EXPECT(e != cudaSuccess, "cudaFree of a stack address succeeded");
    EXPECT_ERR(cudaGetLastError(), e);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);

    int host[16] = {0};
    EXPECT_ERR(cudaMemcpy(d, host, sizeof host, (cudaMemcpyKind)42),
               cudaErrorInvalidMemcpyDirection);
    EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
    EXPECT_ERR(cudaGetLastError(), cudaSuccess);

    // The direction given the wrong way round (a CUDA book's lesson): the
    // host end in device memory is an invalid value, as NVIDIA's driver
    // says, and nothing is copied.
    int back[16];
    for (int i = 0; i < 16; ++i)
        host[i] = i + 1;
    CHECK(cudaMemset(d, 0, sizeof host));
    EXPECT_ERR(cudaMemcpy(d, host, sizeof host, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpy(host, d, sizeof host, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT_ERR(cudaMemcpy(d + 4, host, 8, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    (void)cudaGetLastError();
    CHECK(cudaMemcpy(back, d, sizeof back, cudaMemcpyDeviceToHost));
    EXPECT(back[0] == 0 && back[15] == 0, "a copy in the wrong direction copied: %d %d", back[0],
           back[15]);
    EXPECT(host[0] == 1, "a copy in the wrong direction overwrote the host array");

    void *huge = nullptr;
    EXPECT_ERR(cudaMalloc(&huge, (size_t)1 << 60), cudaErrorMemoryAllocation);
    EXPECT(huge == nullptr, "failed cudaMalloc left a pointer %p", huge);
    EXPECT_ERR(cudaGetLastError(), cudaErrorMemoryAllocation);

    EXPECT_ERR(cudaMalloc((void **)nullptr, 16), cudaErrorInvalidValue);
    (void)cudaGetLastError();

    checkDeviceStillWorks("bad API calls");

    // 4. Names and descriptions.
    checkErrorText(cudaSuccess, "cudaSuccess", "no error");
    checkErrorText(cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid");
    checkErrorText(cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "memory");
    checkErrorText(cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration", "configuration");
    checkErrorText(cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "device");
    checkErrorText(cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection", "direction");
    checkErrorText(cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "handle");
    checkErrorText(cudaErrorNotReady, "cudaErrorNotReady", "not ready");
    checkErrorText(cudaErrorAssert, "cudaErrorAssert", "assert");
    // Different codes have different descriptions.
    EXPECT(strcmp(cudaGetErrorString(cudaErrorInvalidValue),
                  cudaGetErrorString(cudaErrorMemoryAllocation)) != 0,
           "two codes share one description");
    // A code that does not exist still yields a string, never null.
    EXPECT(cudaGetErrorString((cudaError_t)123456) != nullptr, "unknown code: null string");

    CHECK(cudaFree(d));
    CHECK(cudaDeviceSynchronize());

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

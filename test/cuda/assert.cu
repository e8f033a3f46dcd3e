// Device-side assert: a kernel whose asserts all hold runs normally; a kernel where one thread's
// assert fails makes cudaDeviceSynchronize return cudaErrorAssert. Prints ASSERT-CAUGHT then PASS.
// The failed assertion's message on stderr is expected.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t 2> %t.err | %FileCheck %s && %FileCheck %s --check-prefix=ERR < %t.err
// RUN: %emu-gfx1100 %t 2> %t.err | %FileCheck %s && %FileCheck %s --check-prefix=ERR < %t.err
// CHECK: ASSERT-CAUGHT
// CHECK-NEXT: PASS
// The failed kernel is named on stderr.
// ERR: kernel '{{.*}}checkAll{{.*}}' failed on device 0: {{.*}}the kernel trapped (a failed device assertion
#ifdef NDEBUG
#undef NDEBUG  // the test needs assert() enabled whatever the build flags
#endif
#include <cuda_runtime.h>

#include <cassert>
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

__global__ void checkAll(const int *data, int n, int limit, int *visited)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        assert(data[i] < limit);
        atomicAdd(visited, 1);
    }
}

int main()
{
    const int n = 256;
    int h[n];
    for (int i = 0; i < n; ++i)
        h[i] = i;
    int *d, *visited;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMalloc(&visited, sizeof(int)));
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(visited, 0, sizeof(int)));

    // Every assert holds.
    checkAll<<<n / 64, 64>>>(d, n, n, visited);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    int count = 0;
    CHECK(cudaMemcpy(&count, visited, sizeof count, cudaMemcpyDeviceToHost));
    if (count != n) {
        printf("FAILED: %d threads passed their assert, want %d\n", count, n);
        return 1;
    }

    // Exactly one element (index 70, in block 1) violates the assertion.
    h[70] = 1000;
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    fflush(stdout);
    checkAll<<<n / 64, 64>>>(d, n, n, visited);
    cudaError_t launchErr = cudaGetLastError();
    if (launchErr != cudaSuccess) {
        printf("FAILED: launch itself failed: %s\n", cudaGetErrorString(launchErr));
        return 1;
    }
    cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess) {
        printf("FAILED: cudaDeviceSynchronize succeeded after a failed device assert\n");
        return 1;
    }
    if (e != cudaErrorAssert) {
        printf("FAILED: cudaDeviceSynchronize gave %s (%s), want cudaErrorAssert\n",
               cudaGetErrorName(e), cudaGetErrorString(e));
        return 1;
    }
    // The error is sticky: the context is unusable from here on, so only report and exit.
    printf("ASSERT-CAUGHT\n");
    printf("PASS\n");
    return 0;
}

// saxpy in CUDA: y = a*x + y over 1M elements, timed with CUDA events.
//   ferry-nvcc -O3 -arch=sm_80 saxpy.cu -o saxpy && ./saxpy
// Prints the device, the kernel time, the maximum error against the expected value, and PASS.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: CUDA error: %s (%s)\n", __FILE__, __LINE__,         \
                    cudaGetErrorString(err_), #call);                                   \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

int main()
{
    const int n = 1 << 20;
    const float a = 2.0f;

    int dev = 0;
    cudaDeviceProp prop;
    CHECK(cudaGetDevice(&dev));
    CHECK(cudaGetDeviceProperties(&prop, dev));
    printf("device %d: %s\n", dev, prop.name);

    float *x = (float *)malloc(n * sizeof(float));
    float *y = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i) {
        x[i] = 1.0f;
        y[i] = 2.0f;
    }

    float *dx, *dy;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    CHECK(cudaEventRecord(start));
    saxpy<<<(n + 255) / 256, 256>>>(n, a, dx, dy);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));

    CHECK(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    float maxError = 0.0f;
    for (int i = 0; i < n; ++i)
        maxError = fmaxf(maxError, fabsf(y[i] - 4.0f));
    printf("saxpy: %d elements, kernel %.3f ms, effective bandwidth %.2f GB/s\n", n, ms,
           ms > 0.0f ? n * 4 * 3 / ms / 1e6 : 0.0);
    printf("saxpy: max error %g\n", maxError);

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(dx));
    CHECK(cudaFree(dy));
    free(x);
    free(y);

    if (maxError != 0.0f) {
        printf("FAILED\n");
        return 1;
    }
    printf("PASS\n");
    return 0;
}

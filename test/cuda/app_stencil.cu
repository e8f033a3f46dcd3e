// A 2D heat-diffusion (Jacobi) solver as in CUDA tutorials: a time loop of kernel launches on two
// buffers swapped every step, a shared-memory tile with a one-cell halo, fixed (Dirichlet)
// boundaries, and a final residual computed with an atomicMax reduction; checked against the host.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
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

#define BX 16
#define BY 16

// One explicit step: out = in + alpha * laplacian(in) inside, boundary cells copied.
__global__ void heatStep(const float *__restrict__ in, float *__restrict__ out, int nx, int ny,
                         float alpha)
{
    __shared__ float tile[BY + 2][BX + 2];
    int x = blockIdx.x * BX + threadIdx.x;
    int y = blockIdx.y * BY + threadIdx.y;
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
    bool inside = x < nx && y < ny;

    if (inside) {
        tile[ty][tx] = in[y * nx + x];
        // Halo cells, loaded by the threads on the tile's edges.
        if (threadIdx.x == 0 && x > 0)
            tile[ty][0] = in[y * nx + x - 1];
        if ((threadIdx.x == BX - 1 || x == nx - 1) && x < nx - 1)
            tile[ty][tx + 1] = in[y * nx + x + 1];
        if (threadIdx.y == 0 && y > 0)
            tile[0][tx] = in[(y - 1) * nx + x];
        if ((threadIdx.y == BY - 1 || y == ny - 1) && y < ny - 1)
            tile[ty + 1][tx] = in[(y + 1) * nx + x];
    }
    __syncthreads();

    if (!inside)
        return;
    float c = tile[ty][tx];
    if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
        out[y * nx + x] = c;  // fixed boundary
        return;
    }
    float lap = tile[ty][tx - 1] + tile[ty][tx + 1] + tile[ty - 1][tx] + tile[ty + 1][tx] - 4.0f * c;
    out[y * nx + x] = c + alpha * lap;
}

// max |a - b| over the grid; non-negative floats order like their bit patterns as ints.
__global__ void maxAbsDiff(const float *a, const float *b, int n, int *result)
{
    __shared__ float smax[256];
    float m = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        m = fmaxf(m, fabsf(a[i] - b[i]));
    smax[threadIdx.x] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            smax[threadIdx.x] = fmaxf(smax[threadIdx.x], smax[threadIdx.x + s]);
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicMax(result, __float_as_int(smax[0]));
}

int main()
{
    const int nx = 90, ny = 70, steps = 60;  // not multiples of the block: partial tiles
    const float alpha = 0.2f;
    const int n = nx * ny;

    std::vector<float> h(n, 0.0f);
    for (int x = 0; x < nx; ++x)
        h[x] = 100.0f;                   // hot top edge
    for (int y = 0; y < ny; ++y)
        h[y * nx + nx - 1] = 50.0f;      // warm right edge
    h[(ny / 2) * nx + nx / 3] = 500.0f;  // a hot spot inside

    float *dA, *dB;
    CHECK(cudaMalloc(&dA, n * sizeof(float)));
    CHECK(cudaMalloc(&dB, n * sizeof(float)));
    CHECK(cudaMemcpy(dA, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, dA, n * sizeof(float), cudaMemcpyDeviceToDevice));

    dim3 block(BX, BY);
    dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
    float *cur = dA, *next = dB;
    for (int s = 0; s < steps; ++s) {
        heatStep<<<grid, block>>>(cur, next, nx, ny, alpha);
        CHECK(cudaGetLastError());
        std::swap(cur, next);
    }
    // cur holds the last step, next the one before.
    int *dRes;
    CHECK(cudaMalloc(&dRes, sizeof(int)));
    CHECK(cudaMemset(dRes, 0, sizeof(int)));
    maxAbsDiff<<<8, 256>>>(cur, next, n, dRes);
    CHECK(cudaGetLastError());

    std::vector<float> out(n);
    CHECK(cudaMemcpy(out.data(), cur, n * sizeof(float), cudaMemcpyDeviceToHost));
    int resBits = 0;
    CHECK(cudaMemcpy(&resBits, dRes, sizeof resBits, cudaMemcpyDeviceToHost));
    float residual;
    memcpy(&residual, &resBits, sizeof residual);

    // Host reference.
    std::vector<float> a(h), b(h);
    for (int s = 0; s < steps; ++s) {
        for (int y = 0; y < ny; ++y)
            for (int x = 0; x < nx; ++x) {
                float c = a[y * nx + x];
                if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
                    b[y * nx + x] = c;
                    continue;
                }
                float lap = a[y * nx + x - 1] + a[y * nx + x + 1] + a[(y - 1) * nx + x] +
                            a[(y + 1) * nx + x] - 4.0f * c;
                b[y * nx + x] = c + alpha * lap;
            }
        std::swap(a, b);
    }
    float hostResidual = 0.0f;
    for (int i = 0; i < n; ++i)
        hostResidual = fmaxf(hostResidual, fabsf(a[i] - b[i]));

    int bad = 0;
    double maxErr = 0.0;
    for (int i = 0; i < n; ++i) {
        double err = fabs((double)out[i] - (double)a[i]);
        maxErr = err > maxErr ? err : maxErr;
        // Device code may contract c + alpha * lap into an FMA: allow rounding differences.
        if (err > 1e-4 + 1e-5 * fabs(a[i])) {
            if (bad++ < 10)
                fprintf(stderr, "cell (%d,%d) = %.7g, want %.7g\n", i % nx, i / nx, out[i], a[i]);
        }
    }
    if (fabsf(residual - hostResidual) > 1e-4f + 1e-4f * hostResidual) {
        fprintf(stderr, "residual %.7g, want %.7g\n", residual, hostResidual);
        ++bad;
    }
    if (!(residual > 0.0f)) {
        fprintf(stderr, "residual %.7g: the solution did not change\n", residual);
        ++bad;
    }
    printf("heat: %dx%d grid, %d steps, residual %.5f, max error vs host %.3g\n", nx, ny, steps,
           residual, maxErr);

    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(dRes));

    if (bad) {
        printf("FAILED: %d mismatches\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

// 5-point Jacobi iteration on a 4096 x 4096 float grid, 100 time steps: every interior point
// becomes the mean of its four neighbours, the boundary stays fixed; two buffers, swapped after
// each step. One thread per point (32 x 8 blocks), neighbours read from global memory (the caches
// provide the reuse). Measures a bandwidth-bound stencil and back-to-back launches.
//   nvcc -O3 -arch=sm_80 stencil2d.cu -o stencil2d && ./stencil2d [--small]
// Prints "TIME stencil2d <ms of the whole 100-step loop>" and PASS.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
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

static bool parseSmall(int argc, char **argv)
{
    bool small = false;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--small") == 0) {
            small = true;
        } else {
            fprintf(stderr, "usage: %s [--small]\n", argv[0]);
            exit(2);
        }
    }
    return small;
}

// Deterministic pseudo-random floats in [lo, hi).
static void fillRandom(std::vector<float> &v, unsigned seed, float lo, float hi)
{
    unsigned x = seed;
    for (float &f : v) {
        x = x * 1664525u + 1013904223u;
        f = lo + (hi - lo) * (float)(x >> 8) * (1.0f / 16777216.0f);
    }
}

__global__ void jacobi(int nx, int ny, const float *__restrict__ in, float *__restrict__ out)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x > 0 && x < nx - 1 && y > 0 && y < ny - 1) {
        const int i = y * nx + x;
        out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]);
    }
}

// The host's Jacobi on the window [x0, x1) x [y0, y1) after `steps` steps from `init`: it runs on
// the window grown by steps + 1 points on each side (clipped to the grid). The points on the edge
// of that rectangle are never updated; the error this makes moves inward one point per step and
// does not reach the window.
static std::vector<float> hostWindow(const std::vector<float> &init, int nx, int ny, int steps,
                                     int x0, int x1, int y0, int y1)
{
    const int rx0 = std::max(0, x0 - steps - 1), rx1 = std::min(nx, x1 + steps + 1);
    const int ry0 = std::max(0, y0 - steps - 1), ry1 = std::min(ny, y1 + steps + 1);
    const int w = rx1 - rx0, h = ry1 - ry0;
    std::vector<float> a(w * h), b;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] = init[(size_t)(ry0 + y) * nx + rx0 + x];
    b = a;
    for (int s = 0; s < steps; ++s) {
        for (int y = 1; y < h - 1; ++y)
            for (int x = 1; x < w - 1; ++x) {
                const int i = y * w + x;
                b[i] = 0.25f * (a[i - 1] + a[i + 1] + a[i - w] + a[i + w]);
            }
        std::swap(a, b);
    }
    std::vector<float> out((size_t)(x1 - x0) * (y1 - y0));
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            out[(size_t)(y - y0) * (x1 - x0) + (x - x0)] = a[(y - ry0) * w + (x - rx0)];
    return out;
}

int main(int argc, char **argv)
{
    const bool small = parseSmall(argc, argv);
    const int nx = small ? 128 : 4096, ny = nx;
    const int steps = 100;
    const size_t elems = (size_t)nx * ny;
    const size_t bytes = elems * sizeof(float);

    std::vector<float> init(elems), result(elems);
    fillRandom(init, 41u, 0.0f, 1.0f);

    float *da, *db;
    CHECK(cudaMalloc(&da, bytes));
    CHECK(cudaMalloc(&db, bytes));

    const dim3 block(32, 8);
    const dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);

    // Warm-up: one step.
    CHECK(cudaMemcpy(da, init.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, init.data(), bytes, cudaMemcpyHostToDevice));
    jacobi<<<grid, block>>>(nx, ny, da, db);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    // Both buffers start from the initial grid (the boundary is in both).
    CHECK(cudaMemcpy(da, init.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, init.data(), bytes, cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    float *in = da, *out = db;
    CHECK(cudaEventRecord(start));
    for (int s = 0; s < steps; ++s) {
        jacobi<<<grid, block>>>(nx, ny, in, out);
        CHECK(cudaGetLastError());
        std::swap(in, out);
    }
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    printf("TIME stencil2d %.4f\n", ms);

    CHECK(cudaMemcpy(result.data(), in, bytes, cudaMemcpyDeviceToHost));

    // The whole grid for --small; otherwise three 64 x 64 windows: a corner (boundary included),
    // the centre, and one against the opposite edges.
    struct Window { int x0, x1, y0, y1; };
    std::vector<Window> windows;
    if (small) {
        windows.push_back({0, nx, 0, ny});
    } else {
        windows.push_back({0, 64, 0, 64});
        windows.push_back({nx / 2 - 32, nx / 2 + 32, ny / 2 - 32, ny / 2 + 32});
        windows.push_back({nx - 64, nx, ny - 200, ny - 136});
    }
    int bad = 0;
    size_t checked = 0;
    for (const Window &wd : windows) {
        std::vector<float> ref = hostWindow(init, nx, ny, steps, wd.x0, wd.x1, wd.y0, wd.y1);
        for (int y = wd.y0; y < wd.y1; ++y)
            for (int x = wd.x0; x < wd.x1; ++x) {
                float r = ref[(size_t)(y - wd.y0) * (wd.x1 - wd.x0) + (x - wd.x0)];
                float g = result[(size_t)y * nx + x];
                ++checked;
                if (!(fabsf(g - r) <= 1e-5f)) {
                    if (bad < 5)
                        fprintf(stderr, "u[%d][%d] = %.9g, expected %.9g\n", y, x, g, r);
                    ++bad;
                }
            }
    }

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));

    if (bad) {
        printf("FAIL %d of %zu checked points wrong\n", bad, checked);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

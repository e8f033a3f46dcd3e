// Kernel launch configurations and argument passing: 1D/2D/3D dim3 grids and blocks, blocks of
// 1, 32 and 1024 threads, grid-stride loops, template and functor kernels, structs passed by value,
// a 20-argument kernel, cudaLaunchKernel with a void* argument array, and 100 launches in a loop.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
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

// ---------------------------------------------------------------------------------------------
// Every thread of a 3D grid of 3D blocks writes its global linear id into its own slot, plus the
// coordinates packed into one int so that the host can check all six built-in indices.
__global__ void index3D(int *linearOut, int *coordOut)
{
    int bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
    int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    int blockId = bx + gridDim.x * (by + gridDim.y * bz);
    int threadInBlock = tx + blockDim.x * (ty + blockDim.y * tz);
    int threadsPerBlock = blockDim.x * blockDim.y * blockDim.z;
    int id = blockId * threadsPerBlock + threadInBlock;
    linearOut[id] = id;
    coordOut[id] = (bx << 25) | (by << 20) | (bz << 15) | (tx << 10) | (ty << 5) | tz;
}

// 2D: C = A + B on a width x height matrix.
__global__ void add2D(const float *a, const float *b, float *c, int width, int height)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < height && col < width)
        c[row * width + col] = a[row * width + col] + b[row * width + col];
}

// Records blockDim.x and the thread's index; used with blocks of 1, 32 and 1024 threads.
__global__ void recordBlock(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = blockDim.x * 100000 + threadIdx.x;
}

// Grid-stride loop: a fixed, small grid covers any n.
__global__ void saxpyGridStride(int n, float a, const float *x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

// Template kernel instantiated for several types.
template <typename T>
__global__ void axpbTemplate(T *data, T a, T b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = data[i] * a + b;
}

// Functors passed by value to a template kernel.
struct Square {
    __device__ float operator()(float x) const { return x * x; }
};
struct Affine {
    float scale, offset;
    __device__ float operator()(float x) const { return scale * x + offset; }
};
template <typename F>
__global__ void transformKernel(const float *in, float *out, int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = f(in[i]);
}

// Structs of mixed member sizes passed by value.
struct Inner {
    char tag;
    int values[5];
    double scale;
    short small;
};
struct Outer {
    float f;
    Inner inner;
    unsigned char bytes[3];
    long long big;
};
__global__ void structArgs(char c, double d, Inner in, Outer out, short s, double *result)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        double acc = c + d + s;
        acc += in.tag;
        for (int k = 0; k < 5; ++k)
            acc += in.values[k] * (k + 1);
        acc += in.scale + in.small;
        acc += out.f + out.inner.tag + out.inner.values[4] + out.inner.scale + out.inner.small;
        acc += out.bytes[0] + 2 * out.bytes[1] + 3 * out.bytes[2];
        acc += (double)out.big;
        result[0] = acc;
        result[1] = c;
        result[2] = d;
        result[3] = in.scale;
        result[4] = (double)out.big;
        result[5] = s;
    }
}

// Twenty arguments of assorted types.
__global__ void twentyArgs(int a0, float a1, double a2, char a3, long long a4, unsigned a5,
                           short a6, float a7, int a8, double a9, int a10, float a11,
                           unsigned char a12, int a13, double a14, long a15, float a16, int a17,
                           unsigned short a18, double *out)
{
    double terms[19] = {(double)a0,  (double)a1,  a2,          (double)a3,  (double)a4,
                        (double)a5,  (double)a6,  (double)a7,  (double)a8,  a9,
                        (double)a10, (double)a11, (double)a12, (double)a13, a14,
                        (double)a15, (double)a16, (double)a17, (double)a18};
    double weighted = 0.0;
    for (int k = 0; k < 19; ++k)
        weighted += terms[k] * (k + 1);
    out[0] = weighted;
}

__global__ void viaLaunchKernel(float *out, int n, float value, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value + (float)(i * stride);
}

__global__ void increment(int *counter, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        counter[i] += i % 7 + 1;
}

// ---------------------------------------------------------------------------------------------

static void test3D()
{
    dim3 grid(3, 2, 2), block(4, 3, 2);
    const int total = 3 * 2 * 2 * 4 * 3 * 2;
    int *dLin, *dCoord;
    CHECK(cudaMalloc(&dLin, total * sizeof(int)));
    CHECK(cudaMalloc(&dCoord, total * sizeof(int)));
    CHECK(cudaMemset(dLin, 0xFF, total * sizeof(int)));
    index3D<<<grid, block>>>(dLin, dCoord);
    CHECK(cudaGetLastError());
    std::vector<int> lin(total), coord(total);
    CHECK(cudaMemcpy(lin.data(), dLin, total * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(coord.data(), dCoord, total * sizeof(int), cudaMemcpyDeviceToHost));
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx)
                for (unsigned tz = 0; tz < block.z; ++tz)
                    for (unsigned ty = 0; ty < block.y; ++ty)
                        for (unsigned tx = 0; tx < block.x; ++tx) {
                            int blockId = bx + grid.x * (by + grid.y * bz);
                            int tib = tx + block.x * (ty + block.y * tz);
                            int id = blockId * 24 + tib;
                            int want = (bx << 25) | (by << 20) | (bz << 15) | (tx << 10) |
                                       (ty << 5) | tz;
                            EXPECT(lin[id] == id, "3D linear[%d] = %d", id, lin[id]);
                            EXPECT(coord[id] == want, "3D coord[%d] = 0x%x, want 0x%x", id,
                                   coord[id], want);
                        }
    CHECK(cudaFree(dLin));
    CHECK(cudaFree(dCoord));
}

static void test2D()
{
    const int width = 70, height = 45;
    const int n = width * height;
    std::vector<float> a(n), b(n), c(n);
    for (int i = 0; i < n; ++i) {
        a[i] = (float)i;
        b[i] = (float)(n - i) * 0.5f;
    }
    float *dA, *dB, *dC;
    CHECK(cudaMalloc(&dA, n * sizeof(float)));
    CHECK(cudaMalloc(&dB, n * sizeof(float)));
    CHECK(cudaMalloc(&dC, n * sizeof(float)));
    CHECK(cudaMemcpy(dA, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(16, 16);
    dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
    add2D<<<grid, block>>>(dA, dB, dC, width, height);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(c.data(), dC, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(c[i] == a[i] + b[i], "2D c[%d] = %f, want %f", i, c[i], a[i] + b[i]);
    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(dC));
}

static void testBlockSizes()
{
    const int sizes[] = {1, 32, 1024};
    for (int bs : sizes) {
        const int n = bs == 1 ? 37 : 3 * bs + 5;
        int *d;
        CHECK(cudaMalloc(&d, n * sizeof(int)));
        CHECK(cudaMemset(d, 0, n * sizeof(int)));
        recordBlock<<<(n + bs - 1) / bs, bs>>>(d, n);
        CHECK(cudaGetLastError());
        std::vector<int> h(n);
        CHECK(cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; ++i) {
            int want = bs * 100000 + i % bs;
            EXPECT(h[i] == want, "block size %d: [%d] = %d, want %d", bs, i, h[i], want);
        }
        CHECK(cudaFree(d));
    }
}

static void testGridStride()
{
    const int n = 100003;
    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; ++i) {
        x[i] = (float)(i % 100);
        y[i] = (float)(i % 7);
    }
    float *dx, *dy;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    saxpyGridStride<<<13, 128>>>(n, 2.5f, dx, dy);
    CHECK(cudaGetLastError());
    std::vector<float> out(n);
    CHECK(cudaMemcpy(out.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        float want = 2.5f * x[i] + y[i];  // exact in float for these values
        EXPECT(out[i] == want, "grid-stride y[%d] = %f, want %f", i, out[i], want);
    }
    CHECK(cudaFree(dx));
    CHECK(cudaFree(dy));
}

template <typename T>
static void runTemplate(T a, T b, const char *name)
{
    const int n = 1000;
    std::vector<T> h(n), out(n);
    for (int i = 0; i < n; ++i)
        h[i] = (T)(i % 50);
    T *d;
    CHECK(cudaMalloc(&d, n * sizeof(T)));
    CHECK(cudaMemcpy(d, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    axpbTemplate<T><<<(n + 255) / 256, 256>>>(d, a, b, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        T want = (T)(h[i] * a + b);
        EXPECT(out[i] == want, "template<%s> [%d] = %f, want %f", name, i, (double)out[i],
               (double)want);
    }
    CHECK(cudaFree(d));
}

static void testFunctors()
{
    const int n = 777;
    std::vector<float> in(n), out(n);
    for (int i = 0; i < n; ++i)
        in[i] = (float)i * 0.25f - 50.0f;
    float *dIn, *dOut;
    CHECK(cudaMalloc(&dIn, n * sizeof(float)));
    CHECK(cudaMalloc(&dOut, n * sizeof(float)));
    CHECK(cudaMemcpy(dIn, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    transformKernel<<<(n + 127) / 128, 128>>>(dIn, dOut, n, Square());
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(out[i] == in[i] * in[i], "Square functor [%d] = %f", i, out[i]);

    Affine aff = {3.0f, -0.5f};
    transformKernel<Affine><<<(n + 127) / 128, 128>>>(dIn, dOut, n, aff);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(out[i] == 3.0f * in[i] - 0.5f, "Affine functor [%d] = %f", i, out[i]);
    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dOut));
}

static void testStructArgs()
{
    Inner in;
    in.tag = 'A';
    for (int k = 0; k < 5; ++k)
        in.values[k] = 10 * k - 3;
    in.scale = 0.125;
    in.small = -300;
    Outer out;
    out.f = 2.5f;
    out.inner.tag = 'z';
    for (int k = 0; k < 5; ++k)
        out.inner.values[k] = 1000 + k;
    out.inner.scale = 1e6;
    out.inner.small = 12345;
    out.bytes[0] = 1;
    out.bytes[1] = 200;
    out.bytes[2] = 255;
    out.big = 1LL << 40;
    char c = 'x';
    double d = 3.75;
    short s = -7;

    double want = c + d + s;
    want += in.tag;
    for (int k = 0; k < 5; ++k)
        want += in.values[k] * (k + 1);
    want += in.scale + in.small;
    want += out.f + out.inner.tag + out.inner.values[4] + out.inner.scale + out.inner.small;
    want += out.bytes[0] + 2 * out.bytes[1] + 3 * out.bytes[2];
    want += (double)out.big;

    double *dRes;
    CHECK(cudaMalloc(&dRes, 6 * sizeof(double)));
    structArgs<<<1, 32>>>(c, d, in, out, s, dRes);
    CHECK(cudaGetLastError());
    double res[6];
    CHECK(cudaMemcpy(res, dRes, sizeof res, cudaMemcpyDeviceToHost));
    EXPECT(res[1] == 'x', "char arg = %f", res[1]);
    EXPECT(res[2] == 3.75, "double arg = %f", res[2]);
    EXPECT(res[3] == 0.125, "Inner.scale = %f", res[3]);
    EXPECT(res[4] == (double)(1LL << 40), "Outer.big = %f", res[4]);
    EXPECT(res[5] == -7, "short arg = %f", res[5]);
    EXPECT(res[0] == want, "struct sum = %.17g, want %.17g", res[0], want);
    CHECK(cudaFree(dRes));
}

static void testTwentyArgs()
{
    double *dOut;
    CHECK(cudaMalloc(&dOut, sizeof(double)));
    twentyArgs<<<1, 1>>>(1, 2.5f, 3.25, (char)4, 5LL << 33, 6u, (short)-7, 8.5f, 9, 10.125, 11,
                         12.0f, (unsigned char)13, -14, 15.5, 16L, 17.75f, 18, (unsigned short)19,
                         dOut);
    CHECK(cudaGetLastError());
    double terms[19] = {1, 2.5, 3.25, 4, (double)(5LL << 33), 6, -7, 8.5, 9, 10.125,
                        11, 12, 13, -14, 15.5, 16, 17.75, 18, 19};
    double want = 0.0;
    for (int k = 0; k < 19; ++k)
        want += terms[k] * (k + 1);
    double got;
    CHECK(cudaMemcpy(&got, dOut, sizeof got, cudaMemcpyDeviceToHost));
    EXPECT(got == want, "20-argument kernel: %.17g, want %.17g", got, want);
    CHECK(cudaFree(dOut));
}

static void testLaunchKernelApi()
{
    const int n = 500;
    float *d;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    int count = n;
    float value = 0.5f;
    int stride = 3;
    void *args[] = {&d, &count, &value, &stride};
    CHECK(cudaLaunchKernel((const void *)viaLaunchKernel, dim3((n + 63) / 64), dim3(64), args, 0,
                           0));
    CHECK(cudaGetLastError());
    std::vector<float> h(n);
    CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == 0.5f + (float)(i * 3), "cudaLaunchKernel [%d] = %f", i, h[i]);

    // The templated C++ overload of cudaLaunchKernel, on an explicit stream.
    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));
    value = -1.0f;
    stride = 2;
    CHECK(cudaLaunchKernel(viaLaunchKernel, dim3(n / 100 + 1), dim3(100), args, 0, stream));
    CHECK(cudaStreamSynchronize(stream));
    CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == -1.0f + (float)(i * 2), "cudaLaunchKernel<T> [%d] = %f", i, h[i]);
    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaFree(d));
}

static void testLaunchLoop()
{
    const int n = 300;
    int *d;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMemset(d, 0, n * sizeof(int)));
    for (int it = 0; it < 100; ++it) {
        increment<<<(n + 63) / 64, 64>>>(d, n);
        CHECK(cudaGetLastError());
    }
    std::vector<int> h(n);
    CHECK(cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        EXPECT(h[i] == 100 * (i % 7 + 1), "100 launches: [%d] = %d", i, h[i]);
    CHECK(cudaFree(d));
}

int main()
{
    test3D();
    test2D();
    testBlockSizes();
    testGridStride();
    runTemplate<int>(3, -4, "int");
    runTemplate<double>(0.5, 1.25, "double");
    runTemplate<unsigned char>(2, 7, "unsigned char");
    testFunctors();
    testStructArgs();
    testTwentyArgs();
    testLaunchKernelApi();
    testLaunchLoop();
    CHECK(cudaDeviceSynchronize());

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

// Atomic operations under contention: atomicAdd on int, unsigned, float, double and unsigned long
// long (with unique return values), atomicMax/atomicMin, atomicCAS loops (float max, double add),
// atomicExch, atomicInc wrap-around, atomicOr/And/Xor, and a shared-memory histogram.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

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

struct Counters {
    int addInt;
    unsigned addUnsigned;
    float addFloat;
    double addDouble;
    unsigned long long addU64;
    int maxInt;
    int minInt;
    unsigned maxUnsigned;
    unsigned long long minU64;
    float casMaxFloat;
    double casAddDouble;
    int exchSlot;
    unsigned inc;
    unsigned orBits;
    unsigned andBits;
    unsigned xorBits;
    int ticket;
};

__host__ __device__ inline int keyOf(int i) { return (i * 7919) % 20011 - 10000; }

// Float max through a compare-and-swap loop on the bit pattern.
__device__ float atomicMaxFloat(float *address, float val)
{
    int *addr = (int *)address;
    int old = *addr, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val)
            break;
        old = atomicCAS(addr, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}

// The classic double atomicAdd built from atomicCAS (CUDA programming guide).
__device__ double atomicAddViaCAS(double *address, double val)
{
    unsigned long long *addr = (unsigned long long *)address;
    unsigned long long old = *addr, assumed;
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void atomicsKernel(Counters *c, int *tickets, int *exchOld, int n, int incThreads)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    atomicAdd(&c->addInt, 1);
    atomicAdd(&c->addUnsigned, (unsigned)(i % 3));
    atomicAdd(&c->addFloat, 0.5f);
    atomicAdd(&c->addDouble, i * 0.25);
    atomicAdd(&c->addU64, (1ULL << 33) + (unsigned long long)i);
    int k = keyOf(i);
    atomicMax(&c->maxInt, k);
    atomicMin(&c->minInt, k);
    atomicMax(&c->maxUnsigned, (unsigned)(i * 2654435761u));
    atomicMin(&c->minU64, 0xFFFFFFFF00000000ULL - (unsigned long long)(i * 3 % 4999));
    atomicMaxFloat(&c->casMaxFloat, (float)k * 0.125f);
    atomicAddViaCAS(&c->casAddDouble, (double)(i % 10) * 0.5);
    exchOld[i] = atomicExch(&c->exchSlot, i);
    if (i < incThreads)
        atomicInc(&c->inc, 255u);
    atomicOr(&c->orBits, 1u << (i % 32));
    atomicAnd(&c->andBits, ~(1u << (i % 29)));
    atomicXor(&c->xorBits, (unsigned)i);
    tickets[i] = atomicAdd(&c->ticket, 1);
}

#define BINS 256
__global__ void histogramShared(const unsigned char *data, int n, unsigned *hist)
{
    __shared__ unsigned local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        if (local[b])
            atomicAdd(&hist[b], local[b]);
}

int main()
{
    const int n = 64 * 256, incThreads = 1000;
    Counters init = {};
    init.maxInt = -2147483647 - 1;
    init.minInt = 2147483647;
    init.maxUnsigned = 0;
    init.minU64 = ~0ULL;
    init.casMaxFloat = -1e30f;
    init.casAddDouble = 0.0;
    init.exchSlot = -1;
    init.inc = 0;
    init.orBits = 0;
    init.andBits = 0xffffffffu;
    init.xorBits = 0;
    init.ticket = 0;

    Counters *dC;
    int *dTickets, *dExch;
    CHECK(cudaMalloc(&dC, sizeof(Counters)));
    CHECK(cudaMalloc(&dTickets, n * sizeof(int)));
    CHECK(cudaMalloc(&dExch, n * sizeof(int)));
    CHECK(cudaMemcpy(dC, &init, sizeof init, cudaMemcpyHostToDevice));
    atomicsKernel<<<n / 256, 256>>>(dC, dTickets, dExch, n, incThreads);
    CHECK(cudaGetLastError());
    Counters c;
    std::vector<int> tickets(n), exchOld(n);
    CHECK(cudaMemcpy(&c, dC, sizeof c, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(tickets.data(), dTickets, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(exchOld.data(), dExch, n * sizeof(int), cudaMemcpyDeviceToHost));

    // Host reference.
    unsigned wantUnsigned = 0, wantMaxU = 0, wantOr = 0, wantAnd = 0xffffffffu, wantXor = 0;
    double wantDouble = 0.0, wantCasDouble = 0.0;
    unsigned long long wantU64 = 0, wantMinU64 = ~0ULL;
    int wantMax = -2147483647 - 1, wantMin = 2147483647;
    for (int i = 0; i < n; ++i) {
        wantUnsigned += (unsigned)(i % 3);
        wantDouble += i * 0.25;
        wantU64 += (1ULL << 33) + (unsigned long long)i;
        int k = keyOf(i);
        wantMax = k > wantMax ? k : wantMax;
        wantMin = k < wantMin ? k : wantMin;
        unsigned u = (unsigned)(i * 2654435761u);
        wantMaxU = u > wantMaxU ? u : wantMaxU;
        unsigned long long m = 0xFFFFFFFF00000000ULL - (unsigned long long)(i * 3 % 4999);
        wantMinU64 = m < wantMinU64 ? m : wantMinU64;
        wantCasDouble += (double)(i % 10) * 0.5;
        wantOr |= 1u << (i % 32);
        wantAnd &= ~(1u << (i % 29));
        wantXor ^= (unsigned)i;
    }
    EXPECT(c.addInt == n, "atomicAdd(int) = %d, want %d", c.addInt, n);
    EXPECT(c.addUnsigned == wantUnsigned, "atomicAdd(unsigned) = %u, want %u", c.addUnsigned,
           wantUnsigned);
    EXPECT(c.addFloat == 0.5f * n, "atomicAdd(float) = %f, want %f", c.addFloat, 0.5f * n);
    EXPECT(c.addDouble == wantDouble, "atomicAdd(double) = %f, want %f", c.addDouble, wantDouble);
    EXPECT(c.addU64 == wantU64, "atomicAdd(u64) = %llu, want %llu", c.addU64, wantU64);
    EXPECT(c.maxInt == wantMax, "atomicMax(int) = %d, want %d", c.maxInt, wantMax);
    EXPECT(c.minInt == wantMin, "atomicMin(int) = %d, want %d", c.minInt, wantMin);
    EXPECT(c.maxUnsigned == wantMaxU, "atomicMax(unsigned) = %u, want %u", c.maxUnsigned,
           wantMaxU);
    EXPECT(c.minU64 == wantMinU64, "atomicMin(u64) = %llx, want %llx", c.minU64, wantMinU64);
    EXPECT(c.casMaxFloat == (float)wantMax * 0.125f, "CAS float max = %f, want %f", c.casMaxFloat,
           (float)wantMax * 0.125f);
    EXPECT(c.casAddDouble == wantCasDouble, "CAS double add = %f, want %f", c.casAddDouble,
           wantCasDouble);
    EXPECT(c.inc == (unsigned)(incThreads % 256), "atomicInc = %u, want %u", c.inc,
           (unsigned)(incThreads % 256));
    EXPECT(c.orBits == wantOr, "atomicOr = 0x%08x, want 0x%08x", c.orBits, wantOr);
    EXPECT(c.andBits == wantAnd, "atomicAnd = 0x%08x, want 0x%08x", c.andBits, wantAnd);
    EXPECT(c.xorBits == wantXor, "atomicXor = 0x%08x, want 0x%08x", c.xorBits, wantXor);
    EXPECT(c.ticket == n, "ticket counter = %d", c.ticket);

    // Every ticket handed out exactly once.
    std::vector<int> seen(n, 0);
    for (int i = 0; i < n; ++i) {
        EXPECT(tickets[i] >= 0 && tickets[i] < n, "ticket[%d] = %d out of range", i, tickets[i]);
        if (tickets[i] >= 0 && tickets[i] < n)
            ++seen[tickets[i]];
    }
    for (int t = 0; t < n; ++t)
        EXPECT(seen[t] == 1, "ticket %d handed out %d times", t, seen[t]);

    // atomicExch: the old values plus the final slot are exactly {-1, 0, ..., n-1}.
    std::vector<int> exSeen(n + 1, 0);
    for (int i = 0; i < n; ++i) {
        EXPECT(exchOld[i] >= -1 && exchOld[i] < n && exchOld[i] != i, "exchOld[%d] = %d", i,
               exchOld[i]);
        if (exchOld[i] >= -1 && exchOld[i] < n)
            ++exSeen[exchOld[i] + 1];
    }
    EXPECT(c.exchSlot >= 0 && c.exchSlot < n, "final exchange slot %d", c.exchSlot);
    if (c.exchSlot >= 0 && c.exchSlot < n)
        ++exSeen[c.exchSlot + 1];
    for (int v = 0; v <= n; ++v)
        EXPECT(exSeen[v] == 1, "atomicExch value %d seen %d times", v - 1, exSeen[v]);

    // Histogram with shared-memory atomics.
    const int m = 40000;
    std::vector<unsigned char> data(m);
    unsigned x = 12345;
    for (int i = 0; i < m; ++i) {
        x = x * 1103515245u + 12345u;
        data[i] = (unsigned char)((x >> 16) & 0xff);
        if (i % 5 == 0)
            data[i] = 42;  // one heavily contended bin
    }
    unsigned char *dData;
    unsigned *dHist;
    CHECK(cudaMalloc(&dData, m));
    CHECK(cudaMalloc(&dHist, BINS * sizeof(unsigned)));
    CHECK(cudaMemcpy(dData, data.data(), m, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dHist, 0, BINS * sizeof(unsigned)));
    histogramShared<<<16, 256>>>(dData, m, dHist);
    CHECK(cudaGetLastError());
    std::vector<unsigned> hist(BINS), want(BINS, 0);
    CHECK(cudaMemcpy(hist.data(), dHist, BINS * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int i = 0; i < m; ++i)
        ++want[data[i]];
    for (int b = 0; b < BINS; ++b)
        EXPECT(hist[b] == want[b], "histogram bin %d = %u, want %u", b, hist[b], want[b]);

    CHECK(cudaFree(dC));
    CHECK(cudaFree(dTickets));
    CHECK(cudaFree(dExch));
    CHECK(cudaFree(dData));
    CHECK(cudaFree(dHist));

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

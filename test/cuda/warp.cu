// Warp-level primitives (warpSize 32): __shfl_down_sync and __shfl_xor_sync reductions (int, float,
// double), __shfl_sync broadcasts (also with width 8), a __shfl_up_sync inclusive scan,
// __ballot_sync with __popc, __any_sync/__all_sync, and __activemask in partial and divergent warps;
// a ticket lane 0 takes with atomicAdd and broadcasts with __shfl_sync while the other lanes'
// variable is unset (ECL-CC's worklist: clang's noundef made every lane take one).
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

#define FULL_MASK 0xffffffffu
#define WARP 32

__inline__ __device__ int warpReduceSum(int val)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        val += __shfl_down_sync(FULL_MASK, val, offset);
    return val;
}

__inline__ __device__ float warpAllReduceSum(float val)
{
    for (int mask = warpSize / 2; mask > 0; mask /= 2)
        val += __shfl_xor_sync(FULL_MASK, val, mask);
    return val;
}

__inline__ __device__ double warpReduceMaxDouble(double val)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        val = fmax(val, __shfl_down_sync(FULL_MASK, val, offset));
    return val;
}

struct WarpOut {
    int *warpSum;        // per warp, from lane 0 after shfl_down
    float *allSum;       // per thread, xor butterfly result
    double *warpMax;     // per warp
    int *bcast;          // per thread: value of lane 5
    int *bcast8;         // per thread: value of lane 2 of its group of 8
    int *scan;           // per thread: inclusive prefix sum within the warp
    unsigned *ballot;    // per warp
    int *popc;           // per warp
    int *anyAll;         // per warp: any | (all << 1)
    int *warpSizeSeen;   // one
};

__global__ void warpOps(const int *in, const int *flags, WarpOut o)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    int warpId = tid / warpSize;
    int v = in[tid];

    if (tid == 0)
        *o.warpSizeSeen = warpSize;

    int s = warpReduceSum(v);
    if (lane == 0)
        o.warpSum[warpId] = s;

    o.allSum[tid] = warpAllReduceSum(0.5f * (float)v);

    double m = warpReduceMaxDouble((double)v * 1.25);
    if (lane == 0)
        o.warpMax[warpId] = m;

    o.bcast[tid] = __shfl_sync(FULL_MASK, v, 5);
    o.bcast8[tid] = __shfl_sync(FULL_MASK, v, 2, 8);

    int x = v;
    for (int offset = 1; offset < warpSize; offset *= 2) {
        int y = __shfl_up_sync(FULL_MASK, x, offset);
        if (lane >= offset)
            x += y;
    }
    o.scan[tid] = x;

    int pred = flags[tid];
    unsigned b = __ballot_sync(FULL_MASK, pred);
    int any = __any_sync(FULL_MASK, pred);
    int all = __all_sync(FULL_MASK, pred);
    if (lane == 0) {
        o.ballot[warpId] = b;
        o.popc[warpId] = __popc(b);
        o.anyAll[warpId] = (any ? 1 : 0) | (all ? 2 : 0);
    }
}

// Block of 48 threads: warp 0 is full, warp 1 has 16 lanes. Also a divergent branch.
__global__ void activeMasks(unsigned *fullMask, unsigned *oddMask, int *partialSum)
{
    int tid = threadIdx.x;
    int lane = tid % 32;
    unsigned m = __activemask();
    fullMask[tid] = m;
    // Use the active mask for a reduction over a partial warp.
    int v = tid + 1;
    for (int offset = 16; offset > 0; offset /= 2) {
        int other = __shfl_down_sync(m, v, offset);
        if (lane + offset < 32 && ((m >> (lane + offset)) & 1))
            v += other;
    }
    if (lane == 0)
        partialSum[tid / 32] = v;
    if (lane & 1)
        oddMask[tid] = __activemask();
    else
        oddMask[tid] = 0;
}

__device__ int ticketCounter;

__global__ void tickets(int *got)
{
    const int lane = threadIdx.x % 32;
    int idx;
    if (lane == 0)
        idx = atomicAdd(&ticketCounter, 1);
    idx = __shfl_sync(0xffffffff, idx, 0);
    got[blockIdx.x * blockDim.x + threadIdx.x] = idx;
}

int main()
{
    const int blocks = 4, threads = 128, n = blocks * threads, warps = n / WARP;
    std::vector<int> in(n), flags(n);
    for (int i = 0; i < n; ++i)
        in[i] = (i * 37 + 11) % 97 - 40;
    for (int w = 0; w < warps; ++w)
        for (int l = 0; l < WARP; ++l) {
            int i = w * WARP + l;
            switch (w % 4) {
            case 0: flags[i] = 1; break;                      // all
            case 1: flags[i] = 0; break;                      // none
            case 2: flags[i] = l == 17; break;                // exactly one
            default: flags[i] = (in[i] & 1) != 0; break;      // a pattern
            }
        }

    int *dIn, *dFlags;
    CHECK(cudaMalloc(&dIn, n * sizeof(int)));
    CHECK(cudaMalloc(&dFlags, n * sizeof(int)));
    CHECK(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dFlags, flags.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    WarpOut o;
    CHECK(cudaMalloc(&o.warpSum, warps * sizeof(int)));
    CHECK(cudaMalloc(&o.allSum, n * sizeof(float)));
    CHECK(cudaMalloc(&o.warpMax, warps * sizeof(double)));
    CHECK(cudaMalloc(&o.bcast, n * sizeof(int)));
    CHECK(cudaMalloc(&o.bcast8, n * sizeof(int)));
    CHECK(cudaMalloc(&o.scan, n * sizeof(int)));
    CHECK(cudaMalloc(&o.ballot, warps * sizeof(unsigned)));
    CHECK(cudaMalloc(&o.popc, warps * sizeof(int)));
    CHECK(cudaMalloc(&o.anyAll, warps * sizeof(int)));
    CHECK(cudaMalloc(&o.warpSizeSeen, sizeof(int)));

    warpOps<<<blocks, threads>>>(dIn, dFlags, o);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    std::vector<int> warpSum(warps), bcast(n), bcast8(n), scan(n), popc(warps), anyAll(warps);
    std::vector<float> allSum(n);
    std::vector<double> warpMax(warps);
    std::vector<unsigned> ballot(warps);
    int ws = 0;
    CHECK(cudaMemcpy(warpSum.data(), o.warpSum, warps * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(allSum.data(), o.allSum, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(warpMax.data(), o.warpMax, warps * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(bcast.data(), o.bcast, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(bcast8.data(), o.bcast8, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(scan.data(), o.scan, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ballot.data(), o.ballot, warps * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(popc.data(), o.popc, warps * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(anyAll.data(), o.anyAll, warps * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&ws, o.warpSizeSeen, sizeof(int), cudaMemcpyDeviceToHost));

    EXPECT(ws == 32, "device warpSize = %d; this test assumes 32", ws);
    for (int w = 0; w < warps; ++w) {
        int sum = 0, prefix = 0, count = 0;
        double mx = -1e300;
        unsigned bits = 0;
        for (int l = 0; l < WARP; ++l) {
            int i = w * WARP + l;
            sum += in[i];
            if (in[i] * 1.25 > mx)
                mx = in[i] * 1.25;
            if (flags[i]) {
                bits |= 1u << l;
                ++count;
            }
        }
        EXPECT(warpSum[w] == sum, "warp %d: shfl_down sum %d, want %d", w, warpSum[w], sum);
        EXPECT(warpMax[w] == mx, "warp %d: double max %f, want %f", w, warpMax[w], mx);
        EXPECT(ballot[w] == bits, "warp %d: ballot 0x%08x, want 0x%08x", w, ballot[w], bits);
        EXPECT(popc[w] == count, "warp %d: popc %d, want %d", w, popc[w], count);
        int wantAnyAll = (count > 0 ? 1 : 0) | (count == WARP ? 2 : 0);
        EXPECT(anyAll[w] == wantAnyAll, "warp %d: any|all<<1 = %d, want %d", w, anyAll[w],
               wantAnyAll);
        for (int l = 0; l < WARP; ++l) {
            int i = w * WARP + l;
            prefix += in[i];
            EXPECT(allSum[i] == 0.5f * (float)sum, "warp %d lane %d: xor sum %f, want %f", w, l,
                   allSum[i], 0.5f * sum);
            EXPECT(bcast[i] == in[w * WARP + 5], "warp %d lane %d: broadcast %d", w, l, bcast[i]);
            int src8 = w * WARP + (l / 8) * 8 + 2;
            EXPECT(bcast8[i] == in[src8], "warp %d lane %d: width-8 broadcast %d, want %d", w, l,
                   bcast8[i], in[src8]);
            EXPECT(scan[i] == prefix, "warp %d lane %d: scan %d, want %d", w, l, scan[i], prefix);
        }
    }

    // __activemask in a partial warp and in a divergent branch.
    unsigned *dFull, *dOdd;
    int *dPartial;
    CHECK(cudaMalloc(&dFull, 48 * sizeof(unsigned)));
    CHECK(cudaMalloc(&dOdd, 48 * sizeof(unsigned)));
    CHECK(cudaMalloc(&dPartial, 2 * sizeof(int)));
    activeMasks<<<1, 48>>>(dFull, dOdd, dPartial);
    CHECK(cudaGetLastError());
    unsigned full[48], odd[48];
    int partial[2];
    CHECK(cudaMemcpy(full, dFull, sizeof full, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(odd, dOdd, sizeof odd, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(partial, dPartial, sizeof partial, cudaMemcpyDeviceToHost));
    for (int t = 0; t < 48; ++t) {
        unsigned want = t < 32 ? 0xffffffffu : 0x0000ffffu;
        EXPECT(full[t] == want, "thread %d: __activemask() = 0x%08x, want 0x%08x", t, full[t], want);
        int lane = t % 32;
        if (lane & 1) {
            // Only odd lanes can be active in the branch, and the caller itself is.
            unsigned allowed = (t < 32 ? 0xffffffffu : 0x0000ffffu) & 0xaaaaaaaau;
            EXPECT((odd[t] & ~allowed) == 0 && ((odd[t] >> lane) & 1),
                   "thread %d: divergent __activemask() = 0x%08x", t, odd[t]);
        }
    }
    EXPECT(partial[0] == 32 * 33 / 2, "full warp sum %d", partial[0]);
    EXPECT(partial[1] == (33 + 48) * 16 / 2, "partial warp sum %d, want %d", partial[1],
           (33 + 48) * 16 / 2);

    // One ticket per warp: 16 in all, each warp's lanes agree.
    int *dGot;
    std::vector<int> got(n);
    CHECK(cudaMalloc(&dGot, n * sizeof(int)));
    tickets<<<blocks, threads>>>(dGot);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(got.data(), dGot, n * sizeof(int), cudaMemcpyDeviceToHost));
    int taken = 0;
    CHECK(cudaMemcpyFromSymbol(&taken, ticketCounter, sizeof taken));
    EXPECT(taken == warps, "%d tickets taken, want one per warp (%d)", taken, warps);
    std::vector<int> seen(warps, 0);
    for (int w = 0; w < warps; ++w) {
        const int t = got[w * WARP];
        EXPECT(t >= 0 && t < warps && !seen[t]++, "warp %d got ticket %d", w, t);
        for (int l = 1; l < WARP; ++l)
            EXPECT(got[w * WARP + l] == t, "warp %d lane %d got %d, lane 0 %d", w, l,
                   got[w * WARP + l], t);
    }
    CHECK(cudaFree(dGot));

    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dFlags));
    CHECK(cudaFree(o.warpSum));
    CHECK(cudaFree(o.allSum));
    CHECK(cudaFree(o.warpMax));
    CHECK(cudaFree(o.bcast));
    CHECK(cudaFree(o.bcast8));
    CHECK(cudaFree(o.scan));
    CHECK(cudaFree(o.ballot));
    CHECK(cudaFree(o.popc));
    CHECK(cudaFree(o.anyAll));
    CHECK(cudaFree(o.warpSizeSeen));
    CHECK(cudaFree(dFull));
    CHECK(cudaFree(dOdd));
    CHECK(cudaFree(dPartial));

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

// Device math against host references: float and double sin/cos/exp/log/sqrt/pow (and rsqrtf,
// __fdividef) within a few ulps, fminf/fmaxf with NaN, integer intrinsics (__clz, __ffs, __brev,
// __popc, __mul24, __umulhi, __fns) exactly, and half precision (__float2half, __half2float, __hadd).
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
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

#define N 512
enum { F_SIN, F_COS, F_EXP, F_LOG, F_SQRT, F_RSQRT, F_POW, F_FDIV, F_MIN, F_MAX, NF };
enum { D_SIN, D_COS, D_EXP, D_LOG, D_SQRT, D_POW, ND };
enum { I_CLZ, I_FFS, I_BREV, I_POPC, I_MUL24, I_UMULHI, I_FNS, NI };

struct Inputs {
    float trig[N], expIn[N], logIn[N], sqrtIn[N], powX[N], powY[N], divA[N], divB[N];
    double dtrig[N], dexpIn[N], dlogIn[N], dpowX[N], dpowY[N];
    unsigned bits[N], bits2[N];
    int m24a[N], m24b[N];
    float halfIn[N], haddA[N], haddB[N];
};

__global__ void floatMath(const Inputs *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N)
        return;
    out[F_SIN * N + i] = sinf(in->trig[i]);
    out[F_COS * N + i] = cosf(in->trig[i]);
    out[F_EXP * N + i] = expf(in->expIn[i]);
    out[F_LOG * N + i] = logf(in->logIn[i]);
    out[F_SQRT * N + i] = sqrtf(in->sqrtIn[i]);
    out[F_RSQRT * N + i] = rsqrtf(in->logIn[i]);
    out[F_POW * N + i] = powf(in->powX[i], in->powY[i]);
    out[F_FDIV * N + i] = __fdividef(in->divA[i], in->divB[i]);
    // Every 8th element feeds a NaN into fminf/fmaxf: the other operand comes out.
    float a = (i % 8 == 0) ? nanf("") : in->divA[i];
    out[F_MIN * N + i] = fminf(a, in->divB[i]);
    out[F_MAX * N + i] = fmaxf(in->divB[i], a);
}

__global__ void doubleMath(const Inputs *in, double *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N)
        return;
    out[D_SIN * N + i] = sin(in->dtrig[i]);
    out[D_COS * N + i] = cos(in->dtrig[i]);
    out[D_EXP * N + i] = exp(in->dexpIn[i]);
    out[D_LOG * N + i] = log(in->dlogIn[i]);
    out[D_SQRT * N + i] = sqrt(in->dlogIn[i]);
    out[D_POW * N + i] = pow(in->dpowX[i], in->dpowY[i]);
}

__global__ void intMath(const Inputs *in, unsigned *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N)
        return;
    unsigned x = in->bits[i];
    out[I_CLZ * N + i] = (unsigned)__clz((int)x);
    out[I_FFS * N + i] = (unsigned)__ffs((int)x);
    out[I_BREV * N + i] = __brev(x);
    out[I_POPC * N + i] = (unsigned)__popc(x);
    out[I_MUL24 * N + i] = (unsigned)__mul24(in->m24a[i], in->m24b[i]);
    out[I_UMULHI * N + i] = __umulhi(x, in->bits2[i]);
    // The n-th set bit from a base, up and down (offsets -33..33).
    out[I_FNS * N + i] = __fns(x, in->bits2[i] % 32, int(in->bits2[i] >> 8) % 34 * (i % 2 ? 1 : -1));
}

__global__ void halfMath(const Inputs *in, float *conv, float *sum, unsigned short *rawBits)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N)
        return;
    __half h = __float2half(in->halfIn[i]);
    conv[i] = __half2float(h);
    rawBits[i] = __half_as_ushort(h);
    __half a = __float2half(in->haddA[i]);
    __half b = __float2half(in->haddB[i]);
    sum[i] = __half2float(__hadd(a, b));
}

// ---------------------------------------------------------------------------------------------
// Host references.

static double ulpOfFloat(double ref)
{
    float r = fabsf((float)ref);
    if (r < 1e-30f)
        r = 1e-30f;
    return (double)(nextafterf(r, INFINITY) - r);
}

static double ulpOfDouble(double ref)
{
    double r = fabs(ref);
    if (r < 1e-300)
        r = 1e-300;
    return nextafter(r, INFINITY) - r;
}

static void checkFloat(const char *name, const float *in, const float *got, const double *ref,
                       double ulps, double absFloor)
{
    for (int i = 0; i < N; ++i) {
        double err = fabs((double)got[i] - ref[i]);
        double tol = ulps * ulpOfFloat(ref[i]);
        if (tol < absFloor)
            tol = absFloor;
        EXPECT(err <= tol, "%s(%.9g) = %.9g, want %.9g (error %.3g ulp)", name,
               in ? in[i] : 0.0f, got[i], ref[i], err / ulpOfFloat(ref[i]));
    }
}

static void checkDouble(const char *name, const double *in, const double *got, const double *ref,
                        double ulps)
{
    for (int i = 0; i < N; ++i) {
        double err = fabs(got[i] - ref[i]);
        EXPECT(err <= ulps * ulpOfDouble(ref[i]), "%s(%.17g) = %.17g, want %.17g", name, in[i],
               got[i], ref[i]);
    }
}

// Round a float to the nearest half-precision value (ties to even); normal half range only.
static float roundToHalf(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    uint32_t lsb = (u >> 13) & 1u;
    u += 0x0FFFu + lsb;
    u &= ~0x1FFFu;
    memcpy(&f, &u, 4);
    return f;
}

// The IEEE binary16 encoding of a float already rounded to half (normal range or zero).
static unsigned short halfBits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    unsigned sign = (u >> 31) & 1u;
    if ((u & 0x7fffffffu) == 0)
        return (unsigned short)(sign << 15);
    int exp = (int)((u >> 23) & 0xff) - 127 + 15;
    unsigned mant = (u >> 13) & 0x3ffu;
    return (unsigned short)((sign << 15) | ((unsigned)exp << 10) | mant);
}

static unsigned hostClz(unsigned x)
{
    unsigned n = 0;
    for (int b = 31; b >= 0 && !((x >> b) & 1u); --b)
        ++n;
    return n;
}

static unsigned hostFfs(unsigned x)
{
    for (int b = 0; b < 32; ++b)
        if ((x >> b) & 1u)
            return b + 1;
    return 0;
}

static unsigned hostBrev(unsigned x)
{
    unsigned r = 0;
    for (int b = 0; b < 32; ++b)
        if ((x >> b) & 1u)
            r |= 1u << (31 - b);
    return r;
}

static unsigned hostFns(unsigned mask, unsigned base, int offset)
{
    if (offset == 0)
        return (mask >> base) & 1 ? base : 0xffffffffu;
    int count = offset > 0 ? offset - 1 : -offset - 1;
    for (int pos = (int)base; pos >= 0 && pos < 32; pos += offset > 0 ? 1 : -1)
        if ((mask >> pos) & 1) {
            if (count == 0)
                return (unsigned)pos;
            --count;
        }
    return 0xffffffffu;
}

static unsigned hostPopc(unsigned x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        ++n;
    return n;
}

int main()
{
    Inputs *h = (Inputs *)calloc(1, sizeof(Inputs));
    unsigned seed = 2024;
    auto rnd = [&seed]() {  // uniform in [0, 1)
        seed = seed * 1664525u + 1013904223u;
        return (double)(seed >> 8) / 16777216.0;
    };
    for (int i = 0; i < N; ++i) {
        h->trig[i] = (float)(rnd() * 20.0 - 10.0);
        h->expIn[i] = (float)(rnd() * 40.0 - 20.0);
        h->logIn[i] = (float)exp(rnd() * 13.8 - 6.9);  // 0.001 .. 1000
        h->sqrtIn[i] = (float)(rnd() * 1e6);
        h->powX[i] = (float)(rnd() * 9.9 + 0.1);
        h->powY[i] = (float)(rnd() * 8.0 - 4.0);
        h->divA[i] = (float)(rnd() * 200.0 - 100.0);
        h->divB[i] = (float)((rnd() * 99.0 + 1.0) * (i % 2 ? -1.0 : 1.0));
        h->dtrig[i] = rnd() * 20.0 - 10.0;
        h->dexpIn[i] = rnd() * 100.0 - 50.0;
        h->dlogIn[i] = exp(rnd() * 40.0 - 20.0);
        h->dpowX[i] = rnd() * 9.9 + 0.1;
        h->dpowY[i] = rnd() * 16.0 - 8.0;
        h->bits[i] = (unsigned)(rnd() * 4294967296.0) >> (i % 33 == 32 ? 31 : i % 33);
        h->bits2[i] = (unsigned)(rnd() * 4294967296.0);
        h->m24a[i] = (int)(rnd() * 16777216.0) - 8388608;  // signed 24-bit range
        h->m24b[i] = (int)(rnd() * 16777216.0) - 8388608;
        h->halfIn[i] = (float)((rnd() * 2000.0 - 1000.0));
        h->haddA[i] = (float)((int)(rnd() * 4094.0) - 2047) / 64.0f;  // exact in half
        h->haddB[i] = (float)((int)(rnd() * 4094.0) - 2047) / 64.0f;
    }
    // Special cases.
    h->bits[0] = 0;             // __clz(0) = 32, __ffs(0) = 0
    h->bits[1] = 0xffffffffu;
    h->bits[2] = 0x80000000u;
    h->bits[3] = 1;
    h->sqrtIn[0] = 0.0f;
    h->sqrtIn[1] = 4.0f;
    h->halfIn[0] = 1.0f + 1.0f / 2048.0f;          // tie: rounds down to even (1.0)
    h->halfIn[1] = 1.0f + 3.0f / 2048.0f;          // tie: rounds up to even (1 + 2^-9)
    h->halfIn[2] = 0.0f;
    h->halfIn[3] = -65504.0f;                       // largest half
    h->halfIn[4] = 1.0f / 3.0f;
    h->halfIn[5] = 6.103515625e-05f;                // smallest normal half
    h->haddA[0] = 31.984375f;                        // 2047/64 + 2/64 = 2049/64: a tie between
    h->haddB[0] = 0.03125f;                          // 32 and 32.03125, rounds to even (32)
    h->m24a[0] = 8388607;
    h->m24b[0] = 8388607;                            // product overflows 32 bits: low word
    h->m24a[1] = -8388608;
    h->m24b[1] = 3;

    Inputs *dIn;
    float *dF, *dConv, *dSum;
    double *dD;
    unsigned *dI;
    unsigned short *dRaw;
    CHECK(cudaMalloc(&dIn, sizeof(Inputs)));
    CHECK(cudaMalloc(&dF, NF * N * sizeof(float)));
    CHECK(cudaMalloc(&dD, ND * N * sizeof(double)));
    CHECK(cudaMalloc(&dI, NI * N * sizeof(unsigned)));
    CHECK(cudaMalloc(&dConv, N * sizeof(float)));
    CHECK(cudaMalloc(&dSum, N * sizeof(float)));
    CHECK(cudaMalloc(&dRaw, N * sizeof(unsigned short)));
    CHECK(cudaMemcpy(dIn, h, sizeof(Inputs), cudaMemcpyHostToDevice));

    floatMath<<<N / 128, 128>>>(dIn, dF);
    CHECK(cudaGetLastError());
    doubleMath<<<N / 128, 128>>>(dIn, dD);
    CHECK(cudaGetLastError());
    intMath<<<N / 128, 128>>>(dIn, dI);
    CHECK(cudaGetLastError());
    halfMath<<<N / 128, 128>>>(dIn, dConv, dSum, dRaw);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    std::vector<float> f(NF * N), conv(N), sum(N);
    std::vector<double> d(ND * N);
    std::vector<unsigned> iv(NI * N);
    std::vector<unsigned short> raw(N);
    CHECK(cudaMemcpy(f.data(), dF, f.size() * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(d.data(), dD, d.size() * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(iv.data(), dI, iv.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(conv.data(), dConv, N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(sum.data(), dSum, N * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(raw.data(), dRaw, N * sizeof(unsigned short), cudaMemcpyDeviceToHost));

    // Float functions: references in double from the same float inputs.
    std::vector<double> ref(N);
    for (int i = 0; i < N; ++i) ref[i] = sin((double)h->trig[i]);
    checkFloat("sinf", h->trig, &f[F_SIN * N], ref.data(), 4, 1.0 / (1 << 22));
    for (int i = 0; i < N; ++i) ref[i] = cos((double)h->trig[i]);
    checkFloat("cosf", h->trig, &f[F_COS * N], ref.data(), 4, 1.0 / (1 << 22));
    for (int i = 0; i < N; ++i) ref[i] = exp((double)h->expIn[i]);
    checkFloat("expf", h->expIn, &f[F_EXP * N], ref.data(), 4, 0.0);
    for (int i = 0; i < N; ++i) ref[i] = log((double)h->logIn[i]);
    checkFloat("logf", h->logIn, &f[F_LOG * N], ref.data(), 4, 1.0 / (1 << 24));
    for (int i = 0; i < N; ++i) ref[i] = sqrt((double)h->sqrtIn[i]);
    checkFloat("sqrtf", h->sqrtIn, &f[F_SQRT * N], ref.data(), 1, 0.0);
    for (int i = 0; i < N; ++i) ref[i] = 1.0 / sqrt((double)h->logIn[i]);
    checkFloat("rsqrtf", h->logIn, &f[F_RSQRT * N], ref.data(), 4, 0.0);
    for (int i = 0; i < N; ++i) ref[i] = pow((double)h->powX[i], (double)h->powY[i]);
    checkFloat("powf", h->powX, &f[F_POW * N], ref.data(), 8, 0.0);
    for (int i = 0; i < N; ++i) ref[i] = (double)h->divA[i] / (double)h->divB[i];
    checkFloat("__fdividef", h->divA, &f[F_FDIV * N], ref.data(), 4, 0.0);
    for (int i = 0; i < N; ++i) {
        float a = h->divA[i], b = h->divB[i];
        float wantMin = (i % 8 == 0) ? b : (a < b ? a : b);
        float wantMax = (i % 8 == 0) ? b : (a > b ? a : b);
        EXPECT(f[F_MIN * N + i] == wantMin, "fminf #%d = %g, want %g", i, f[F_MIN * N + i], wantMin);
        EXPECT(f[F_MAX * N + i] == wantMax, "fmaxf #%d = %g, want %g", i, f[F_MAX * N + i], wantMax);
    }
    EXPECT(f[F_SQRT * N + 0] == 0.0f && f[F_SQRT * N + 1] == 2.0f, "sqrtf(0), sqrtf(4) = %g, %g",
           f[F_SQRT * N + 0], f[F_SQRT * N + 1]);

    // Double functions.
    for (int i = 0; i < N; ++i) ref[i] = sin(h->dtrig[i]);
    checkDouble("sin", h->dtrig, &d[D_SIN * N], ref.data(), 4);
    for (int i = 0; i < N; ++i) ref[i] = cos(h->dtrig[i]);
    checkDouble("cos", h->dtrig, &d[D_COS * N], ref.data(), 4);
    for (int i = 0; i < N; ++i) ref[i] = exp(h->dexpIn[i]);
    checkDouble("exp", h->dexpIn, &d[D_EXP * N], ref.data(), 4);
    for (int i = 0; i < N; ++i) ref[i] = log(h->dlogIn[i]);
    checkDouble("log", h->dlogIn, &d[D_LOG * N], ref.data(), 4);
    for (int i = 0; i < N; ++i) ref[i] = sqrt(h->dlogIn[i]);
    checkDouble("sqrt", h->dlogIn, &d[D_SQRT * N], ref.data(), 1);
    for (int i = 0; i < N; ++i) ref[i] = pow(h->dpowX[i], h->dpowY[i]);
    checkDouble("pow", h->dpowX, &d[D_POW * N], ref.data(), 4);

    // Integer intrinsics: exact.
    for (int i = 0; i < N; ++i) {
        unsigned x = h->bits[i];
        EXPECT(iv[I_CLZ * N + i] == hostClz(x), "__clz(0x%08x) = %u", x, iv[I_CLZ * N + i]);
        EXPECT(iv[I_FFS * N + i] == hostFfs(x), "__ffs(0x%08x) = %u", x, iv[I_FFS * N + i]);
        EXPECT(iv[I_BREV * N + i] == hostBrev(x), "__brev(0x%08x) = 0x%08x", x,
               iv[I_BREV * N + i]);
        EXPECT(iv[I_POPC * N + i] == hostPopc(x), "__popc(0x%08x) = %u", x, iv[I_POPC * N + i]);
        const unsigned base = h->bits2[i] % 32;
        const int offset = int(h->bits2[i] >> 8) % 34 * (i % 2 ? 1 : -1);
        EXPECT(iv[I_FNS * N + i] == hostFns(x, base, offset), "__fns(0x%08x, %u, %d) = %d", x, base,
               offset, (int)iv[I_FNS * N + i]);
        unsigned m24 = (unsigned)((long long)h->m24a[i] * (long long)h->m24b[i]);
        EXPECT(iv[I_MUL24 * N + i] == m24, "__mul24(%d, %d) = 0x%08x, want 0x%08x", h->m24a[i],
               h->m24b[i], iv[I_MUL24 * N + i], m24);
        unsigned hi = (unsigned)(((unsigned long long)x * h->bits2[i]) >> 32);
        EXPECT(iv[I_UMULHI * N + i] == hi, "__umulhi(0x%08x, 0x%08x) = 0x%08x, want 0x%08x", x,
               h->bits2[i], iv[I_UMULHI * N + i], hi);
    }
    EXPECT(iv[I_CLZ * N + 0] == 32 && iv[I_FFS * N + 0] == 0, "__clz(0) = %u, __ffs(0) = %u",
           iv[I_CLZ * N + 0], iv[I_FFS * N + 0]);

    // Half precision: round-to-nearest-even conversion, exact widening, correctly rounded add.
    for (int i = 0; i < N; ++i) {
        float want = roundToHalf(h->halfIn[i]);
        EXPECT(conv[i] == want, "__float2half(%.9g) -> %.9g, want %.9g", h->halfIn[i], conv[i],
               want);
        EXPECT(raw[i] == halfBits(want), "__float2half(%.9g) bits 0x%04x, want 0x%04x",
               h->halfIn[i], raw[i], halfBits(want));
        float wantSum = roundToHalf(h->haddA[i] + h->haddB[i]);  // the float sum is exact
        EXPECT(sum[i] == wantSum, "__hadd(%g, %g) = %.9g, want %.9g", h->haddA[i], h->haddB[i],
               sum[i], wantSum);
    }
    EXPECT(conv[0] == 1.0f && conv[1] == 1.0f + 1.0f / 512.0f, "half ties: %.9g %.9g", conv[0],
           conv[1]);
    EXPECT(sum[0] == 32.0f, "__hadd(31.984375, 0.03125) = %.9g, want 32", sum[0]);

    CHECK(cudaFree(dIn));
    CHECK(cudaFree(dF));
    CHECK(cudaFree(dD));
    CHECK(cudaFree(dI));
    CHECK(cudaFree(dConv));
    CHECK(cudaFree(dSum));
    CHECK(cudaFree(dRaw));
    free(h);

    if (failures) {
        printf("FAILED: %d checks\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

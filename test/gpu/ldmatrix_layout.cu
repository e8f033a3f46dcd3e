// On an NVIDIA GPU of sm_90 or later (built with nvcc by scripts/h100.sh
// prepare, run by .devbin/run.sh): checks that ldmatrix and stmatrix move
// registers the way Ferry's translation and its emulator say they do
// (passes/MatrixMoves.cpp, emu/Matrix.cpp): lane 8m + r holds the address
// of row r of matrix m; lane t's register m holds the elements
// (t/4, 2(t%4)) (low half) and (t/4, 2(t%4)+1) of matrix m, or with .trans
// (2(t%4), t/4) and (2(t%4)+1, t/4); stmatrix stores the same registers
// to the same places. Every form (x1, x2, x4, with and without .trans)
// runs with .shared addresses (__cvta_generic_to_shared, 32-bit) and with
// generic ones, in blocks of one and two warps, with the data pattern of
// test/emu/ldmatrix.ll (elements hold their index, lane l addresses row
// 31 - l). Then the kernels of the translation corpus's ldmatrix_mma.cu
// run against host references (GEMMs, transposes, stmatrix round trips).
// Prints one line per failure and "ldmatrix-layout: PASS" or "FAIL";
// exits non-zero on failure.
#include "../translate/corpus/src/ldmatrix_mma.cu"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

int Failures = 0;

void fail(const char *What, int Index, unsigned Got, unsigned Want) {
  if (++Failures <= 20)
    std::printf("ldmatrix-layout: %s: element %d is 0x%x, expected 0x%x\n", What, Index, Got, Want);
}

void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::printf("ldmatrix-layout: %s: %s\n", What, cudaGetErrorString(E));
    std::exit(1);
  }
}

// One ldmatrix or stmatrix form: N matrices, transposed or not, through a
// .shared address or a generic one.
template <int N, bool Trans, bool Shared>
__device__ void loadMatrices(const unsigned short *Row, unsigned (&R)[4]) {
  unsigned A = static_cast<unsigned>(__cvta_generic_to_shared(Row));
  if (N == 1 && !Trans && Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(R[0]) : "r"(A) : "memory");
  if (N == 1 && Trans && Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(R[0]) : "r"(A) : "memory");
  if (N == 2 && !Trans && Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];"
                 : "=r"(R[0]), "=r"(R[1]) : "r"(A) : "memory");
  if (N == 2 && Trans && Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
                 : "=r"(R[0]), "=r"(R[1]) : "r"(A) : "memory");
  if (N == 4 && !Trans && Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3]) : "r"(A) : "memory");
  if (N == 4 && Trans && Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3]) : "r"(A) : "memory");
  if (N == 1 && !Trans && !Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.b16 {%0}, [%1];" : "=r"(R[0]) : "l"(Row) : "memory");
  if (N == 1 && Trans && !Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.b16 {%0}, [%1];" : "=r"(R[0]) : "l"(Row) : "memory");
  if (N == 2 && !Trans && !Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.b16 {%0,%1}, [%2];"
                 : "=r"(R[0]), "=r"(R[1]) : "l"(Row) : "memory");
  if (N == 2 && Trans && !Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.b16 {%0,%1}, [%2];"
                 : "=r"(R[0]), "=r"(R[1]) : "l"(Row) : "memory");
  if (N == 4 && !Trans && !Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3]) : "l"(Row) : "memory");
  if (N == 4 && Trans && !Shared)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3]) : "l"(Row) : "memory");
}

template <int N, bool Trans, bool Shared>
__device__ void storeMatrices(unsigned short *Row, const unsigned (&R)[4]) {
  unsigned A = static_cast<unsigned>(__cvta_generic_to_shared(Row));
  if (N == 1 && !Trans && Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" :: "r"(A), "r"(R[0]) : "memory");
  if (N == 1 && Trans && Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" :: "r"(A), "r"(R[0]) : "memory");
  if (N == 2 && !Trans && Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1,%2};"
                 :: "r"(A), "r"(R[0]), "r"(R[1]) : "memory");
  if (N == 2 && Trans && Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1,%2};"
                 :: "r"(A), "r"(R[0]), "r"(R[1]) : "memory");
  if (N == 4 && !Trans && Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};"
                 :: "r"(A), "r"(R[0]), "r"(R[1]), "r"(R[2]), "r"(R[3]) : "memory");
  if (N == 4 && Trans && Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};"
                 :: "r"(A), "r"(R[0]), "r"(R[1]), "r"(R[2]), "r"(R[3]) : "memory");
  if (N == 1 && !Trans && !Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.b16 [%0], {%1};" :: "l"(Row), "r"(R[0]) : "memory");
  if (N == 1 && Trans && !Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.b16 [%0], {%1};" :: "l"(Row), "r"(R[0]) : "memory");
  if (N == 2 && !Trans && !Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.b16 [%0], {%1,%2};"
                 :: "l"(Row), "r"(R[0]), "r"(R[1]) : "memory");
  if (N == 2 && Trans && !Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.b16 [%0], {%1,%2};"
                 :: "l"(Row), "r"(R[0]), "r"(R[1]) : "memory");
  if (N == 4 && !Trans && !Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.b16 [%0], {%1,%2,%3,%4};"
                 :: "l"(Row), "r"(R[0]), "r"(R[1]), "r"(R[2]), "r"(R[3]) : "memory");
  if (N == 4 && Trans && !Shared)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.b16 [%0], {%1,%2,%3,%4};"
                 :: "l"(Row), "r"(R[0]), "r"(R[1]), "r"(R[2]), "r"(R[3]) : "memory");
}

// Each warp's 256 elements of shared memory hold their index; lane l
// addresses row 31 - l; lane t writes its N registers to Out[t * N + m].
template <int N, bool Trans, bool Shared> __global__ void loadKernel(unsigned *Out) {
  __shared__ __align__(16) unsigned short S[2 * 256];
  int T = threadIdx.x, W = T / 32, L = T % 32;
  for (int E = 0; E < 8; ++E)
    S[W * 256 + L * 8 + E] = W * 256 + L * 8 + E;
  __syncthreads();
  unsigned R[4] = {};
  loadMatrices<N, Trans, Shared>(S + W * 256 + (31 - L) * 8, R);
  for (int M = 0; M < N; ++M)
    Out[T * N + M] = R[M];
}

// Shared memory holds 0xffff; lane t's register m is (2(tN + m)) |
// (2(tN + m) + 1) << 16; the warp's 256 elements are copied out.
template <int N, bool Trans, bool Shared> __global__ void storeKernel(unsigned short *Out) {
  __shared__ __align__(16) unsigned short S[2 * 256];
  int T = threadIdx.x, W = T / 32, L = T % 32;
  for (int E = 0; E < 8; ++E)
    S[W * 256 + L * 8 + E] = 0xffff;
  __syncthreads();
  unsigned R[4] = {};
  for (int M = 0; M < N; ++M) {
    unsigned Lo = 2 * (T * N + M);
    R[M] = Lo | (Lo + 1) << 16;
  }
  storeMatrices<N, Trans, Shared>(S + W * 256 + (31 - L) * 8, R);
  __syncthreads();
  for (int E = 0; E < 8; ++E)
    Out[W * 256 + L * 8 + E] = S[W * 256 + L * 8 + E];
}

// The layout under test, on the host: the warp-relative element index
// (row * 8 + col of the warp's shared memory) of half H of register M of
// lane L, where lane l addresses memory row 31 - l.
int elementOf(bool Trans, int L, int M, int H) {
  int Row = L / 4, Col = 2 * (L % 4) + H;
  if (Trans) {
    int Swap = Row;
    Row = Col;
    Col = Swap;
  }
  int MemoryRow = 31 - (8 * M + Row);
  return MemoryRow * 8 + Col;
}

template <int N, bool Trans, bool Shared> void checkForm(int Threads) {
  char Name[96];
  std::snprintf(Name, sizeof Name, "ldmatrix.x%d%s%s (%d threads)", N, Trans ? ".trans" : "",
                Shared ? ".shared" : " generic", Threads);
  unsigned *DOut;
  check(cudaMalloc(&DOut, Threads * N * sizeof(unsigned)), "cudaMalloc");
  loadKernel<N, Trans, Shared><<<1, Threads>>>(DOut);
  check(cudaDeviceSynchronize(), Name);
  std::vector<unsigned> Got(Threads * N);
  check(cudaMemcpy(Got.data(), DOut, Got.size() * sizeof(unsigned), cudaMemcpyDeviceToHost), Name);
  cudaFree(DOut);
  for (int T = 0; T < Threads; ++T)
    for (int M = 0; M < N; ++M) {
      int W = T / 32;
      unsigned Want = unsigned(W * 256 + elementOf(Trans, T % 32, M, 0)) |
                      unsigned(W * 256 + elementOf(Trans, T % 32, M, 1)) << 16;
      if (Got[T * N + M] != Want)
        fail(Name, T * N + M, Got[T * N + M], Want);
    }

  std::snprintf(Name, sizeof Name, "stmatrix.x%d%s%s (%d threads)", N, Trans ? ".trans" : "",
                Shared ? ".shared" : " generic", Threads);
  unsigned short *DMem;
  check(cudaMalloc(&DMem, Threads * 8 * sizeof(unsigned short)), "cudaMalloc");
  storeKernel<N, Trans, Shared><<<1, Threads>>>(DMem);
  check(cudaDeviceSynchronize(), Name);
  std::vector<unsigned short> Mem(Threads * 8);
  check(cudaMemcpy(Mem.data(), DMem, Mem.size() * sizeof(unsigned short), cudaMemcpyDeviceToHost),
        Name);
  cudaFree(DMem);
  std::vector<unsigned> Want(Threads * 8, 0xffff);
  for (int T = 0; T < Threads; ++T)
    for (int M = 0; M < N; ++M)
      for (int H = 0; H < 2; ++H)
        Want[T / 32 * 256 + elementOf(Trans, T % 32, M, H)] = 2 * (T * N + M) + H;
  for (int E = 0; E < Threads * 8; ++E)
    if (Mem[E] != Want[E])
      fail(Name, E, Mem[E], Want[E]);
}

template <int N> void checkForms() {
  for (int Threads : {32, 64}) {
    checkForm<N, false, true>(Threads);
    checkForm<N, true, true>(Threads);
    checkForm<N, false, false>(Threads);
    checkForm<N, true, false>(Threads);
  }
}

// --- The corpus kernels against host references. ---

std::vector<__half> randomHalves(size_t N, std::mt19937 &Rng) {
  std::uniform_real_distribution<float> D(-2.0f, 2.0f);
  std::vector<__half> V(N);
  for (__half &H : V)
    H = __float2half(D(Rng));
  return V;
}

template <typename T> T *toDevice(const std::vector<T> &V) {
  T *D;
  check(cudaMalloc(&D, V.size() * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(D, V.data(), V.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  return D;
}

template <typename T> std::vector<T> fromDevice(const T *D, size_t N) {
  std::vector<T> V(N);
  check(cudaMemcpy(V.data(), D, N * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return V;
}

unsigned short bits(__half H) {
  unsigned short B;
  std::memcpy(&B, &H, 2);
  return B;
}

// C = A (m x k) * B, B n x k (Trans = false) or k x n (Trans = true).
void checkGemm(bool Trans, int M, int N, int K, int Blocks, int Threads, std::mt19937 &Rng) {
  std::vector<__half> A = randomHalves(size_t(M) * K, Rng), B = randomHalves(size_t(N) * K, Rng);
  std::vector<float> C(size_t(M) * N, 0.0f);
  __half *DA = toDevice(A), *DB = toDevice(B);
  float *DC = toDevice(C);
  if (Trans)
    ldmatrix_gemm_trans<<<Blocks, Threads>>>(DA, DB, DC, M, N, K);
  else
    ldmatrix_gemm<<<Blocks, Threads>>>(DA, DB, DC, M, N, K);
  const char *Name = Trans ? "corpus ldmatrix_gemm_trans" : "corpus ldmatrix_gemm";
  check(cudaDeviceSynchronize(), Name);
  std::vector<float> Got = fromDevice(DC, C.size());
  cudaFree(DA), cudaFree(DB), cudaFree(DC);
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      double Want = 0;
      for (int L = 0; L < K; ++L)
        Want += double(__half2float(A[size_t(I) * K + L])) *
                __half2float(Trans ? B[size_t(L) * N + J] : B[size_t(J) * K + L]);
      float G = Got[size_t(I) * N + J];
      if (std::fabs(G - Want) > 1e-3 * (1 + std::fabs(Want)) && ++Failures <= 20)
        std::printf("ldmatrix-layout: %s: C[%d][%d] is %g, expected %g\n", Name, I, J, G, Want);
    }
}

void checkTiles(std::mt19937 &Rng) {
  const int Tiles = 5;
  std::vector<__half> In = randomHalves(64 * Tiles, Rng);
  __half *DIn = toDevice(In);
  std::vector<__half> Zero(64 * Tiles, __float2half(0.0f));
  for (int Transpose = 0; Transpose < 2; ++Transpose) {
    __half *DOut = toDevice(Zero);
    ldmatrix_tile8<<<2, 96>>>(DIn, DOut, Tiles, Transpose);
    check(cudaDeviceSynchronize(), "corpus ldmatrix_tile8");
    std::vector<__half> Out = fromDevice(DOut, Zero.size());
    cudaFree(DOut);
    for (int T = 0; T < Tiles; ++T)
      for (int R = 0; R < 8; ++R)
        for (int C = 0; C < 8; ++C) {
          int At = 64 * T + R * 8 + C, From = 64 * T + (Transpose ? C * 8 + R : At - 64 * T);
          if (bits(Out[At]) != bits(In[From]))
            fail(Transpose ? "corpus ldmatrix_tile8 (.trans)" : "corpus ldmatrix_tile8", At,
                 bits(Out[At]), bits(In[From]));
        }
  }
  cudaFree(DIn);
}

void checkRoundTrips(std::mt19937 &Rng) {
  const int Tiles = 3;
  std::vector<__half> In = randomHalves(256 * Tiles, Rng);
  std::vector<__half> Zero(768 * Tiles, __float2half(0.0f));
  __half *DIn = toDevice(In), *DOut = toDevice(Zero);
  stmatrix_roundtrip<<<1, 96>>>(DIn, DOut, Tiles);
  check(cudaDeviceSynchronize(), "corpus stmatrix_roundtrip");
  std::vector<__half> Out = fromDevice(DOut, Zero.size());
  cudaFree(DIn), cudaFree(DOut);
  for (int T = 0; T < Tiles; ++T)
    for (int R = 0; R < 16; ++R)
      for (int C = 0; C < 16; ++C) {
        auto in = [&](int Row, int Col) { return bits(In[256 * T + Row * 16 + Col]); };
        // 0: every 8x8 block transposed in place; 1: blocks 0 and 1 (the
        // left column) transposed, the rest zero; 2: block 0 as it was.
        unsigned Want[3] = {in(8 * (R / 8) + C % 8, 8 * (C / 8) + R % 8),
                            C < 8 ? in(8 * (R / 8) + C, R % 8) : 0u,
                            R < 8 && C < 8 ? in(R, C) : 0u};
        for (int J = 0; J < 3; ++J) {
          int At = (3 * T + J) * 256 + R * 16 + C;
          if (bits(Out[At]) != Want[J])
            fail("corpus stmatrix_roundtrip", At, bits(Out[At]), Want[J]);
        }
      }
}

} // namespace

int main() {
  cudaDeviceProp P;
  check(cudaGetDeviceProperties(&P, 0), "cudaGetDeviceProperties");
  if (P.major < 9) {
    std::printf("ldmatrix-layout: FAIL (stmatrix needs sm_90, the device is sm_%d%d)\n", P.major,
                P.minor);
    return 1;
  }
  checkForms<1>();
  checkForms<2>();
  checkForms<4>();
  std::mt19937 Rng(2026);
  checkGemm(false, 32, 32, 32, 1, 128, Rng);
  checkGemm(false, 16, 48, 32, 2, 64, Rng);
  checkGemm(true, 32, 32, 32, 1, 128, Rng);
  checkGemm(true, 16, 32, 48, 2, 32, Rng);
  checkTiles(Rng);
  checkRoundTrips(Rng);
  std::printf("ldmatrix-layout: %s\n", Failures ? "FAIL" : "PASS");
  return Failures ? 1 : 0;
}

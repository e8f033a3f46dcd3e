// Tensor-core fragments loaded the way CUTLASS-style kernels load them:
// tiles staged in shared memory, ldmatrix (x4, x2, x1, with and without
// .trans) in inline PTX, mma.sync.aligned.m16n8k16 on the registers; and
// stmatrix round trips (PTX ISA 7.8, sm_90: the corpus is IR and never
// assembled for sm_80). Addresses are generic pointers into shared memory
// (ldmatrix without a state space) or, as most libraries pass them, 32-bit
// .shared window addresses from __cvta_generic_to_shared. Warps past the
// last tile return, so some waves are partial.
// ptx-target: sm_90
#include <cuda_fp16.h>

constexpr int MaxWarps = 4;
// Halves per shared row: 48 bytes, so every row starts 16-byte aligned as
// ldmatrix requires, and rows do not fall on the same banks.
constexpr int Pitch = 24;

// Lane l copies 8 halves of row l / 2 of a 16x16 tile (src with leading
// dimension ld) into shared memory.
__device__ void stage(unsigned short *dst, const unsigned short *src, int ld, int lane) {
  int r = lane / 2, c = lane % 2 * 8;
  for (int i = 0; i < 8; ++i)
    dst[r * Pitch + c + i] = src[r * ld + c + i];
}

__device__ void mma(float (&d)[4], const unsigned (&a)[4], unsigned b0, unsigned b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// C (m x n, row-major) += A (m x k, row-major) * B, B given as n x k
// (column-major k x n): warp w owns the 16x16 tile (w / (n/16), w % (n/16)).
// A's four 8x8 matrices (rows 0-7 and 8-15 of k 0-7, then of k 8-15) and
// B's (n 0-7 of k 0-7 and 8-15, then n 8-15) come from one ldmatrix.x4
// each, the registers landing where mma.sync wants them.
__global__ void ldmatrix_gemm(const __half *A, const __half *B, float *C, int m, int n, int k) {
  __shared__ __align__(16) unsigned short As[MaxWarps][16 * Pitch], Bs[MaxWarps][16 * Pitch];
  const unsigned short *a = reinterpret_cast<const unsigned short *>(A);
  const unsigned short *b = reinterpret_cast<const unsigned short *>(B);
  int inBlock = threadIdx.x / 32, lane = threadIdx.x % 32;
  int warp = blockIdx.x * (blockDim.x / 32) + inBlock;
  int tilesN = n / 16, tm = warp / tilesN * 16, tn = warp % tilesN * 16;
  if (tm >= m)
    return;
  unsigned short *as = As[inBlock], *bs = Bs[inBlock];
  int g = lane / 4, t = lane % 4;
  float d[2][4];
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < 4; ++i)
      d[h][i] = C[(tm + g + 8 * (i / 2)) * n + tn + 8 * h + 2 * t + i % 2];
  for (int kk = 0; kk < k; kk += 16) {
    stage(as, a + tm * k + kk, k, lane);
    stage(bs, b + tn * k + kk, k, lane);
    __syncwarp();
    unsigned ra[4], rb[4];
    const unsigned short *pa = as + (lane % 16) * Pitch + lane / 16 * 8;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(ra[0]), "=r"(ra[1]), "=r"(ra[2]), "=r"(ra[3])
                 : "l"(pa)
                 : "memory");
    const unsigned short *pb = bs + (lane % 8 + lane / 16 * 8) * Pitch + lane / 8 % 2 * 8;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(rb[0]), "=r"(rb[1]), "=r"(rb[2]), "=r"(rb[3])
                 : "l"(pb)
                 : "memory");
    mma(d[0], ra, rb[0], rb[1]);
    mma(d[1], ra, rb[2], rb[3]);
    __syncwarp();
  }
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < 4; ++i)
      C[(tm + g + 8 * (i / 2)) * n + tn + 8 * h + 2 * t + i % 2] = d[h][i];
}

// The same product with B given row-major (k x n), as it usually is: B's
// fragments need B transposed, which ldmatrix.x2.trans does for each half
// of n; A comes in two ldmatrix.x2 (k 0-7, then k 8-15). Addresses in
// the .shared window.
__global__ void ldmatrix_gemm_trans(const __half *A, const __half *B, float *C, int m, int n,
                                    int k) {
  __shared__ __align__(16) unsigned short As[MaxWarps][16 * Pitch], Bs[MaxWarps][16 * Pitch];
  const unsigned short *a = reinterpret_cast<const unsigned short *>(A);
  const unsigned short *b = reinterpret_cast<const unsigned short *>(B);
  int inBlock = threadIdx.x / 32, lane = threadIdx.x % 32;
  int warp = blockIdx.x * (blockDim.x / 32) + inBlock;
  int tilesN = n / 16, tm = warp / tilesN * 16, tn = warp % tilesN * 16;
  if (tm >= m)
    return;
  unsigned short *as = As[inBlock], *bs = Bs[inBlock];
  int g = lane / 4, t = lane % 4;
  float d[2][4] = {};
  for (int kk = 0; kk < k; kk += 16) {
    stage(as, a + tm * k + kk, k, lane);
    stage(bs, b + kk * n + tn, n, lane);
    __syncwarp();
    unsigned ra[4];
    for (int half = 0; half < 2; ++half) {
      // Lanes 0-15 address rows 0-15 at k 8 half; lanes 16-31 repeat them.
      unsigned pa = static_cast<unsigned>(
          __cvta_generic_to_shared(as + (lane % 16) * Pitch + 8 * half));
      asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];"
                   : "=r"(ra[2 * half]), "=r"(ra[2 * half + 1])
                   : "r"(pa)
                   : "memory");
    }
    for (int h = 0; h < 2; ++h) {
      unsigned rb[2];
      unsigned pb =
          static_cast<unsigned>(__cvta_generic_to_shared(bs + (lane % 16) * Pitch + 8 * h));
      asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%0,%1}, [%2];"
                   : "=r"(rb[0]), "=r"(rb[1])
                   : "r"(pb)
                   : "memory");
      mma(d[h], ra, rb[0], rb[1]);
    }
    __syncwarp();
  }
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < 4; ++i)
      C[(tm + g + 8 * (i / 2)) * n + tn + 8 * h + 2 * t + i % 2] = d[h][i];
}

// Warp w copies the 8x8 tile w of in (row-major, one after another) to out
// through ldmatrix.x1: transposed with .trans, as is without.
__global__ void ldmatrix_tile8(const __half *in, __half *out, int tiles, int transpose) {
  __shared__ __align__(16) unsigned short S[MaxWarps][8 * 8];
  const unsigned short *src = reinterpret_cast<const unsigned short *>(in);
  unsigned short *dst = reinterpret_cast<unsigned short *>(out);
  int inBlock = threadIdx.x / 32, lane = threadIdx.x % 32;
  int warp = blockIdx.x * (blockDim.x / 32) + inBlock;
  if (warp >= tiles)
    return;
  unsigned short *s = S[inBlock];
  s[2 * lane] = src[64 * warp + 2 * lane];
  s[2 * lane + 1] = src[64 * warp + 2 * lane + 1];
  __syncwarp();
  const unsigned short *row = s + lane % 8 * 8;
  unsigned r;
  if (transpose)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.b16 {%0}, [%1];" : "=r"(r) : "l"(row) : "memory");
  else
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.b16 {%0}, [%1];" : "=r"(r) : "l"(row) : "memory");
  int at = 64 * warp + lane / 4 * 8 + lane % 4 * 2;
  dst[at] = r & 0xffff;
  dst[at + 1] = r >> 16;
}

// stmatrix after ldmatrix, per warp and 16x16 tile of in: out holds three
// 16x16 results per tile, each staged in shared memory that starts zeroed:
//  0: ldmatrix.x4.trans then stmatrix.x4 (each 8x8 block transposed),
//  1: ldmatrix.x2 then stmatrix.x2.trans (blocks 0 and 1 transposed),
//  2: ldmatrix.x1.trans then stmatrix.x1.trans (block 0 as it was).
// Lane l addresses row l % 8 of block l / 8 (blocks: rows 0-7 and 8-15
// of columns 0-7, then of columns 8-15).
__global__ void stmatrix_roundtrip(const __half *in, __half *out, int tiles) {
  __shared__ __align__(16) unsigned short S[MaxWarps][16 * Pitch], T[MaxWarps][3][16 * Pitch];
  const unsigned short *src = reinterpret_cast<const unsigned short *>(in);
  unsigned short *dst = reinterpret_cast<unsigned short *>(out);
  int inBlock = threadIdx.x / 32, lane = threadIdx.x % 32;
  int warp = blockIdx.x * (blockDim.x / 32) + inBlock;
  if (warp >= tiles)
    return;
  unsigned short *s = S[inBlock];
  stage(s, src + 256 * warp, 16, lane);
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 8; ++i)
      T[inBlock][j][lane / 2 * Pitch + lane % 2 * 8 + i] = 0;
  __syncwarp();
  int offset = (lane % 8 + lane / 8 % 2 * 8) * Pitch + lane / 16 * 8;
  unsigned r[4];
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "l"(s + offset)
               : "memory");
  asm volatile("stmatrix.sync.aligned.m8n8.x4.b16 [%0], {%1,%2,%3,%4};"
               :
               : "l"(T[inBlock][0] + offset), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3])
               : "memory");
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.b16 {%0,%1}, [%2];"
               : "=r"(r[0]), "=r"(r[1])
               : "l"(s + offset)
               : "memory");
  asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1,%2};"
               :
               : "r"(static_cast<unsigned>(__cvta_generic_to_shared(T[inBlock][1] + offset))),
                 "r"(r[0]), "r"(r[1])
               : "memory");
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.b16 {%0}, [%1];"
               : "=r"(r[0])
               : "l"(s + offset)
               : "memory");
  asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.b16 [%0], {%1};"
               :
               : "l"(T[inBlock][2] + offset), "r"(r[0])
               : "memory");
  __syncwarp();
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 8; ++i)
      dst[(3 * warp + j) * 256 + lane / 2 * 16 + lane % 2 * 8 + i] =
          T[inBlock][j][lane / 2 * Pitch + lane % 2 * 8 + i];
}

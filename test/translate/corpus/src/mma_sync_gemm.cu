// Tensor cores the way libraries drive them: mma.sync written as inline PTX
// on fragments each thread gathers by hand in the PTX ISA's layout (f16 and
// bf16 inputs, m16n8k16 and m16n8k8, f32 and f16 accumulators), and the
// WMMA API with 8-bit integer inputs and int accumulators (wrapping and
// saturating) and with doubles.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

// Two 16-bit values in one register, the first in the low half.
__device__ unsigned pack16(unsigned short lo, unsigned short hi) {
  return unsigned(lo) | (unsigned(hi) << 16);
}

// C (m x n, row-major) += A (m x k, row-major) * B (k x n, column-major):
// warp w of the grid owns the 16x8 tile (w / (n/8), w % (n/8)) and walks k
// in steps of 16. Warps past the last tile return (partial waves).
__global__ void mma_f16_f32(const __half *A, const __half *B, float *C, int m, int n, int k) {
  const unsigned short *a = reinterpret_cast<const unsigned short *>(A);
  const unsigned short *b = reinterpret_cast<const unsigned short *>(B);
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  int tilesN = n / 8, tm = warp / tilesN * 16, tn = warp % tilesN * 8;
  if (tm >= m)
    return;
  int g = lane / 4, t = lane % 4;
  float d[4];
  for (int i = 0; i < 4; ++i)
    d[i] = C[(tm + g + 8 * (i / 2)) * n + tn + 2 * t + i % 2];
  for (int kk = 0; kk < k; kk += 16) {
    unsigned ra[4], rb[2];
    for (int r = 0; r < 4; ++r) {
      const unsigned short *p = a + (tm + g + 8 * (r % 2)) * k + kk + 2 * t + 8 * (r / 2);
      ra[r] = pack16(p[0], p[1]);
    }
    for (int r = 0; r < 2; ++r) {
      const unsigned short *p = b + (tn + g) * k + kk + 2 * t + 8 * r;
      rb[r] = pack16(p[0], p[1]);
    }
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
  }
  for (int i = 0; i < 4; ++i)
    C[(tm + g + 8 * (i / 2)) * n + tn + 2 * t + i % 2] = d[i];
}

// The same walk with f16 accumulators (two registers of half pairs) and a
// scale applied to the result elements.
__global__ void mma_f16_f16(const __half *A, const __half *B, __half *C, int m, int n, int k,
                            __half scale) {
  const unsigned short *a = reinterpret_cast<const unsigned short *>(A);
  const unsigned short *b = reinterpret_cast<const unsigned short *>(B);
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  int tilesN = n / 8, tm = warp / tilesN * 16, tn = warp % tilesN * 8;
  if (tm >= m)
    return;
  int g = lane / 4, t = lane % 4;
  unsigned d[2] = {0, 0};
  for (int kk = 0; kk < k; kk += 16) {
    unsigned ra[4], rb[2];
    for (int r = 0; r < 4; ++r) {
      const unsigned short *p = a + (tm + g + 8 * (r % 2)) * k + kk + 2 * t + 8 * (r / 2);
      ra[r] = pack16(p[0], p[1]);
    }
    for (int r = 0; r < 2; ++r) {
      const unsigned short *p = b + (tn + g) * k + kk + 2 * t + 8 * r;
      rb[r] = pack16(p[0], p[1]);
    }
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                 "{%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
                 : "+r"(d[0]), "+r"(d[1])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
  }
  for (int i = 0; i < 4; ++i) {
    unsigned short bits = (d[i / 2] >> (16 * (i % 2))) & 0xffff;
    __half h = __ushort_as_half(bits);
    C[(tm + g + 8 * (i / 2)) * n + tn + 2 * t + i % 2] = __hmul(h, scale);
  }
}

// m16n8k8 with bf16 inputs: A two registers, B one; C starts at zero and
// the tile is stored transposed (C column-major).
__global__ void mma_bf16_k8(const __nv_bfloat16 *A, const __nv_bfloat16 *B, float *C, int m,
                            int n, int k) {
  const unsigned short *a = reinterpret_cast<const unsigned short *>(A);
  const unsigned short *b = reinterpret_cast<const unsigned short *>(B);
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  int tilesN = n / 8, tm = warp / tilesN * 16, tn = warp % tilesN * 8;
  if (tm >= m)
    return;
  int g = lane / 4, t = lane % 4;
  float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int kk = 0; kk < k; kk += 8) {
    unsigned ra[2], rb;
    for (int r = 0; r < 2; ++r) {
      const unsigned short *p = a + (tm + g + 8 * r) * k + kk + 2 * t;
      ra[r] = pack16(p[0], p[1]);
    }
    const unsigned short *p = b + (tn + g) * k + kk + 2 * t;
    rb = pack16(p[0], p[1]);
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 "
                 "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(rb));
  }
  for (int i = 0; i < 4; ++i)
    C[(tn + 2 * t + i % 2) * m + tm + g + 8 * (i / 2)] = d[i];
}

// WMMA with signed 8-bit inputs: C (n x n, int, row-major) = 2 * A * B + C
// over k, A row-major, B column-major; 4 warps per block, one 16x16 tile each.
__global__ void wmma_s8(const signed char *A, const signed char *B, int *C, int n, int k) {
  int warp = threadIdx.x / 32;
  int tileRow = blockIdx.y * 32 + (warp / 2) * 16, tileCol = blockIdx.x * 32 + (warp % 2) * 16;
  if (tileRow >= n || tileCol >= n)
    return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc, c;
  wmma::fill_fragment(acc, 0);
  for (int kk = 0; kk < k; kk += 16) {
    wmma::load_matrix_sync(a, A + tileRow * k + kk, k);
    wmma::load_matrix_sync(b, B + tileCol * k + kk, k);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::load_matrix_sync(c, C + tileRow * n + tileCol, n, wmma::mem_row_major);
  for (int i = 0; i < c.num_elements; ++i)
    c.x[i] += 2 * acc.x[i];
  wmma::store_matrix_sync(C + tileRow * n + tileCol, c, n, wmma::mem_row_major);
}

// Unsigned 8-bit inputs, A column-major and B row-major, the result stored
// column-major; one warp per block.
__global__ void wmma_u8(const unsigned char *A, const unsigned char *B, int *C, int m, int k) {
  int tileRow = blockIdx.x * 16, tileCol = blockIdx.y * 16, n = gridDim.y * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  wmma::fill_fragment(acc, 7);
  for (int kk = 0; kk < k; kk += 16) {
    wmma::load_matrix_sync(a, A + kk * m + tileRow, m);
    wmma::load_matrix_sync(b, B + kk * n + tileCol, n);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + tileCol * m + tileRow, acc, m, wmma::mem_col_major);
}

// Saturating (.satfinite) s8 products on top of a bias near the int range's
// ends: sums beyond it clamp to INT_MAX / INT_MIN; one warp per block.
__global__ void wmma_s8_satfinite(const signed char *A, const signed char *B, int *C, int k,
                                  int bias) {
  int tile = blockIdx.x * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  wmma::fill_fragment(acc, blockIdx.x % 2 ? -bias : bias);
  for (int kk = 0; kk < k; kk += 16) {
    wmma::load_matrix_sync(a, A + tile * k + kk, k);
    wmma::load_matrix_sync(b, B + kk * 16, 16);
    wmma::mma_sync(acc, a, b, acc, true);
  }
  wmma::store_matrix_sync(C + tile * 16, acc, 16, wmma::mem_row_major);
}

// Double precision (m8n8k4): C (n x n, row-major) = A * B + C, A
// column-major, B row-major; a warp per 8x8 tile, two warps per block.
__global__ void wmma_f64(const double *A, const double *B, double *C, int n, int k) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tileRow = warp / (n / 8) * 8, tileCol = warp % (n / 8) * 8;
  if (tileRow >= n)
    return;
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
  wmma::load_matrix_sync(acc, C + tileRow * n + tileCol, n, wmma::mem_row_major);
  for (int kk = 0; kk < k; kk += 4) {
    wmma::load_matrix_sync(a, A + kk * n + tileRow, n);
    wmma::load_matrix_sync(b, B + kk * n + tileCol, n);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + tileRow * n + tileCol, acc, n, wmma::mem_row_major);
}

// The tall and wide WMMA shapes: m32n8k16 with f16 inputs and f32
// accumulators (A row-major, B column-major, C row-major), and m8n32k16
// with bf16 inputs (A column-major, B row-major, C column-major). One warp
// per block.
__global__ void wmma_m32n8k16(const __half *A, const __half *B, float *C, int k) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
  int tileCol = blockIdx.x * 8, n = gridDim.x * 8;
  wmma::load_matrix_sync(acc, C + tileCol, n, wmma::mem_row_major);
  for (int kk = 0; kk < k; kk += 16) {
    wmma::load_matrix_sync(a, A + kk, k);
    wmma::load_matrix_sync(b, B + tileCol * k + kk, k);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + tileCol, acc, n, wmma::mem_row_major);
}

__global__ void wmma_m8n32k16(const __nv_bfloat16 *A, const __nv_bfloat16 *B, float *C) {
  wmma::fragment<wmma::matrix_a, 8, 32, 16, __nv_bfloat16, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, __nv_bfloat16, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 8, 32, 16, float> acc;
  wmma::fill_fragment(acc, 0.5f);
  wmma::load_matrix_sync(a, A + blockIdx.x * 128, 8);
  wmma::load_matrix_sync(b, B + blockIdx.x * 512, 32);
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(C + blockIdx.x * 256, acc, 8, wmma::mem_col_major);
}

// tf32 tensor cores: WMMA m16n16k8 GEMMs (inputs rounded with
// __float_to_tf32, which is cvt.rna.tf32.f32 in inline PTX, in whole and in
// partial waves), a product whose inputs keep low mantissa bits the tensor
// cores ignore, and mma.sync m16n8k8 / m16n8k4 with tf32 written in inline
// PTX on hand-gathered fragments.
#include <mma.h>
using namespace nvcuda;

// A (m x k, row-major), B (k x n, column-major), C (m x n, row-major) =
// A * B + C; a block of 4 warps covers a 32x32 tile of C. m, n multiples of
// 32, k of 8.
__global__ void tf32_gemm(const float *A, const float *B, float *C, int m, int n, int k) {
  int warp = threadIdx.x / 32;
  int tileRow = blockIdx.y * 32 + (warp / 2) * 16;
  int tileCol = blockIdx.x * 32 + (warp % 2) * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::load_matrix_sync(acc, C + tileRow * n + tileCol, n, wmma::mem_row_major);
  for (int kk = 0; kk < k; kk += 8) {
    wmma::load_matrix_sync(a, A + tileRow * k + kk, k);
    wmma::load_matrix_sync(b, B + tileCol * k + kk, k);
    for (int i = 0; i < a.num_elements; ++i)
      a.x[i] = wmma::__float_to_tf32(a.x[i]);
    for (int i = 0; i < b.num_elements; ++i)
      b.x[i] = wmma::__float_to_tf32(b.x[i]);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + tileRow * n + tileCol, acc, n, wmma::mem_row_major);
}

// One warp per block (alone in its wave on wave64 targets): A column-major,
// B row-major, alpha * A * B stored column-major.
__global__ void tf32_gemm_warp(const float *A, const float *B, float *C, int m, int n, int k,
                               float alpha) {
  int tileRow = blockIdx.y * 16, tileCol = blockIdx.x * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int kk = 0; kk < k; kk += 8) {
    wmma::load_matrix_sync(a, A + kk * m + tileRow, m);
    wmma::load_matrix_sync(b, B + kk * n + tileCol, n);
    for (int i = 0; i < a.num_elements; ++i)
      a.x[i] = wmma::__float_to_tf32(a.x[i]);
    for (int i = 0; i < b.num_elements; ++i)
      b.x[i] = wmma::__float_to_tf32(b.x[i]);
    wmma::mma_sync(acc, a, b, acc);
  }
  for (int i = 0; i < acc.num_elements; ++i)
    acc.x[i] *= alpha;
  wmma::store_matrix_sync(C + tileCol * m + tileRow, acc, m, wmma::mem_col_major);
}

// The tensor cores read the top 19 bits of each input: A = 1 + 2^-14 * (e %
// 7) and B = (j + 1) + 2^-16 have bits below tf32's 10 mantissa bits,
// which the product ignores (no __float_to_tf32 here), so D[i][j] =
// 8(j + 1) + 1 exactly (C = 1). Two warps, each with its own tile.
__global__ void tf32_low_bits(float *A, float *B, float *D) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  float *a = A + warp * 128, *b = B + warp * 128, *d = D + warp * 256;
  for (int e = lane; e < 128; e += 32) {
    a[e] = 1.0f + (e % 7) * 0x1p-14f;
    b[e] = (e % 16 + 1) + 0x1p-16f; // row-major 8x16: column e % 16
  }
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::fill_fragment(acc, 1.0f);
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}

__device__ unsigned to_tf32(float x) {
  unsigned r;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
  return r;
}

// mma.sync m16n8k8 tf32: D (m x 8) = A (m x k, row-major) * B (k x 8,
// column-major); each warp owns 16 rows. The fragments are gathered by
// hand in the PTX ISA's tf32 layout (g = lane / 4, t = lane % 4): A a0..a3
// at (g, t), (g + 8, t), (g, t + 4), (g + 8, t + 4); B b0, b1 at (t, g),
// (t + 4, g); C/D c0..c3 at (g, 2t), (g, 2t + 1), (g + 8, 2t), (g + 8,
// 2t + 1).
__global__ void mma_tf32_k8(const float *A, const float *B, float *D, int m, int k) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int g = lane / 4, t = lane % 4, row0 = (blockIdx.x * (blockDim.x / 32) + warp) * 16;
  if (row0 >= m)
    return;
  float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int kk = 0; kk < k; kk += 8) {
    unsigned a0 = to_tf32(A[(row0 + g) * k + kk + t]);
    unsigned a1 = to_tf32(A[(row0 + g + 8) * k + kk + t]);
    unsigned a2 = to_tf32(A[(row0 + g) * k + kk + t + 4]);
    unsigned a3 = to_tf32(A[(row0 + g + 8) * k + kk + t + 4]);
    unsigned b0 = to_tf32(B[g * k + kk + t]);
    unsigned b1 = to_tf32(B[g * k + kk + t + 4]);
    asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
  D[(row0 + g) * 8 + 2 * t] = d[0];
  D[(row0 + g) * 8 + 2 * t + 1] = d[1];
  D[(row0 + g + 8) * 8 + 2 * t] = d[2];
  D[(row0 + g + 8) * 8 + 2 * t + 1] = d[3];
}

// mma.sync m16n8k4 tf32 (A a0, a1 at (g, t), (g + 8, t); B b0 at (t, g)),
// accumulating onto C, the input bits used as they are (the low 13
// mantissa bits are ignored by the product).
__global__ void mma_tf32_k4(const float *A, const float *B, float *C, int m, int k) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int g = lane / 4, t = lane % 4, row0 = (blockIdx.x * (blockDim.x / 32) + warp) * 16;
  if (row0 >= m)
    return;
  float d[4] = {C[(row0 + g) * 8 + 2 * t], C[(row0 + g) * 8 + 2 * t + 1],
                C[(row0 + g + 8) * 8 + 2 * t], C[(row0 + g + 8) * 8 + 2 * t + 1]};
  for (int kk = 0; kk < k; kk += 4) {
    unsigned a0 = __float_as_uint(A[(row0 + g) * k + kk + t]);
    unsigned a1 = __float_as_uint(A[(row0 + g + 8) * k + kk + t]);
    unsigned b0 = __float_as_uint(B[g * k + kk + t]);
    asm("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
        "{%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a0), "r"(a1), "r"(b0));
  }
  C[(row0 + g) * 8 + 2 * t] = d[0];
  C[(row0 + g) * 8 + 2 * t + 1] = d[1];
  C[(row0 + g + 8) * 8 + 2 * t] = d[2];
  C[(row0 + g + 8) * 8 + 2 * t + 1] = d[3];
}

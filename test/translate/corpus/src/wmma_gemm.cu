// Tiled GEMM with the WMMA API (tensor cores): each warp computes a 16x16
// tile of C = alpha * A * B + beta * C over k, from global memory and from
// shared-memory staging, with f32 and f16 accumulators and bf16 inputs.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

#define WM 16
#define WN 16
#define WK 16

// A (m x k, row-major), B (k x n, column-major), C (m x n, row-major); a
// block of 4 warps covers a 32x32 tile of C. m, n, k multiples of 16.
__global__ void gemm_f16_f32(const half *A, const half *B, float *C, int m, int n, int k,
                             float alpha, float beta) {
  int warp = threadIdx.x / 32;
  int tileRow = blockIdx.y * 32 + (warp / 2) * WM;
  int tileCol = blockIdx.x * 32 + (warp % 2) * WN;
  if (tileRow >= m || tileCol >= n)
    return;
  wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, WM, WN, WK, float> acc, c;
  wmma::fill_fragment(acc, 0.0f);
  for (int kk = 0; kk < k; kk += WK) {
    wmma::load_matrix_sync(a, A + tileRow * k + kk, k);
    wmma::load_matrix_sync(b, B + tileCol * k + kk, k);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::load_matrix_sync(c, C + tileRow * n + tileCol, n, wmma::mem_row_major);
  for (int i = 0; i < c.num_elements; ++i)
    c.x[i] = alpha * acc.x[i] + beta * c.x[i];
  wmma::store_matrix_sync(C + tileRow * n + tileCol, c, n, wmma::mem_row_major);
}

// f16 accumulators; tiles staged in shared memory by the whole block, B
// row-major, A column-major, the result stored column-major.
__global__ void gemm_f16_f16_shared(const half *A, const half *B, half *C, int m, int n, int k) {
  __shared__ half As[2][WK * WM]; // column-major 16x16 tiles
  __shared__ half Bs[2][WK * WN]; // row-major 16x16 tiles
  int warp = threadIdx.x / 32;    // 4 warps: 2 x 2 tiles
  int wr = warp / 2, wc = warp % 2;
  int row0 = blockIdx.y * 32, col0 = blockIdx.x * 32;
  wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, WM, WN, WK, half> acc;
  wmma::fill_fragment(acc, __float2half(0.0f));
  for (int kk = 0; kk < k; kk += WK) {
    for (int i = threadIdx.x; i < 2 * WK * WM; i += blockDim.x) {
      int t = i / (WK * WM), e = i % (WK * WM);
      int r = e % WM, kc = e / WM; // column-major element (r, kc)
      As[t][e] = A[(kk + kc) * m + row0 + t * WM + r];
      int kr = e / WN, cc = e % WN;
      Bs[t][e] = B[(kk + kr) * n + col0 + t * WN + cc];
    }
    __syncthreads();
    wmma::load_matrix_sync(a, As[wr], WM);
    wmma::load_matrix_sync(b, Bs[wc], WN);
    wmma::mma_sync(acc, a, b, acc);
    __syncthreads();
  }
  wmma::store_matrix_sync(C + (col0 + wc * WN) * m + row0 + wr * WM, acc, m, wmma::mem_col_major);
}

// bf16 inputs (A and B row-major), f32 accumulator; one warp per block, so
// on wave64 targets the warp is alone in its wave.
__global__ void gemm_bf16_f32(const __nv_bfloat16 *A, const __nv_bfloat16 *B, float *C, int n,
                              int k) {
  int tileRow = blockIdx.y * WM, tileCol = blockIdx.x * WN;
  wmma::fragment<wmma::matrix_a, WM, WN, WK, __nv_bfloat16, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, WM, WN, WK, __nv_bfloat16, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, WM, WN, WK, float> acc;
  wmma::load_matrix_sync(acc, C + tileRow * n + tileCol, n, wmma::mem_row_major);
  for (int kk = 0; kk < k; kk += WK) {
    wmma::load_matrix_sync(a, A + tileRow * k + kk, k);
    wmma::load_matrix_sync(b, B + kk * n + tileCol, n);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + tileRow * n + tileCol, acc, n, wmma::mem_row_major);
}

// bf16 with a block of 2 warps where only warps whose tile is inside the
// matrix compute (the last block's second warp does not): whole and
// partial waves in one launch.
__global__ void gemm_bf16_ragged(const __nv_bfloat16 *A, const __nv_bfloat16 *B, float *C, int m,
                                 int n, int k) {
  int warp = threadIdx.x / 32;
  int tileRow = blockIdx.x * 32 + warp * WM;
  if (tileRow >= m)
    return;
  wmma::fragment<wmma::matrix_a, WM, WN, WK, __nv_bfloat16, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, WM, WN, WK, __nv_bfloat16, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, WM, WN, WK, float> acc;
  wmma::fill_fragment(acc, 1.0f);
  for (int kk = 0; kk < k; kk += WK) {
    wmma::load_matrix_sync(a, A + kk * m + tileRow, m);
    wmma::load_matrix_sync(b, B + kk, k);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + tileRow, acc, m, wmma::mem_col_major);
}

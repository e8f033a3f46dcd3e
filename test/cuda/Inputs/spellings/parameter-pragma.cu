// Input of test/cuda/nvcc-spellings-edges.test: a pragma that names a
// parameter of its macro is left as written.
#define UNROLL_BY(n) #pragma unroll n
__global__ void k(int *p) {
  UNROLL_BY(2)
  for (int i = 0; i < 4; ++i)
    p[i] = i;
}

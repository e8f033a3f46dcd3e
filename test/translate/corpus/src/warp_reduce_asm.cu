// Warp sums written the way cub's WarpReduce writes them: inline PTX that
// shuffles down and adds only when the source lane was in range (the
// shuffle's predicate), a ballot in an asm block, and %laneid.
__device__ int shfl_down_add(int x, int offset) {
  int r;
  asm volatile("{\n\t.reg .s32 r0;\n\t.reg .pred p;\n\t"
               "shfl.sync.down.b32 r0|p, %1, %2, 31, 0xffffffff;\n\t"
               "@p add.s32 r0, r0, %1;\n\t"
               "mov.s32 %0, r0;\n}"
               : "=r"(r)
               : "r"(x), "r"(offset));
  return r;
}
__device__ unsigned lane_id() {
  unsigned l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  return l;
}
__device__ unsigned ballot_positive(int x) {
  unsigned b;
  asm volatile("{\n\t.reg .pred q;\n\tsetp.gt.s32 q, %1, 0;\n\t"
               "vote.sync.ballot.b32 %0, q, 0xffffffff;\n}"
               : "=r"(b)
               : "r"(x));
  return b;
}
__global__ void warp_sums(const int *in, int *sums, unsigned *positive, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = i < n ? in[i] : 0;
  unsigned b = ballot_positive(x);
  for (int o = 1; o < 32; o *= 2)
    x = shfl_down_add(x, o);
  if (lane_id() == 0) {
    sums[i / 32] = x;
    positive[i / 32] = b;
  }
}

// Warp votes: __all_sync, __any_sync, __ballot_sync, __uni-like checks.
__global__ void votes(const int *flags, int *all_out, int *any_out, unsigned *ballots, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int f = i < n ? flags[i] : 0;
  int all = __all_sync(0xffffffffu, f);
  int any = __any_sync(0xffffffffu, f);
  unsigned b = __ballot_sync(0xffffffffu, f > 1);
  if ((threadIdx.x & 31) == 0) {
    all_out[i / 32] = all;
    any_out[i / 32] = any;
    ballots[i / 32] = b;
  }
}

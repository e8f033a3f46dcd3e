// Stream compaction inside a warp with __ballot_sync and __popc.
__global__ void compact_nonzero(const float *in, float *out, int *warp_counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  unsigned keep = __ballot_sync(0xffffffffu, v != 0.0f);
  int lane = threadIdx.x & 31;
  int pos = __popc(keep & ((1u << lane) - 1));
  int base = (i / 32) * 32;
  if (v != 0.0f)
    out[base + pos] = v;
  if (lane == 0)
    warp_counts[i / 32] = __popc(keep);
}

// Grouping lanes by key with __match_any_sync; warp sums with __reduce_add_sync.
__global__ void group_by_key(const int *keys, unsigned *groups, unsigned *sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = i < n ? keys[i] : -1;
  unsigned peers = __match_any_sync(0xffffffffu, k);
  unsigned total = __reduce_add_sync(0xffffffffu, (unsigned)k);
  unsigned hi = __reduce_max_sync(0xffffffffu, (unsigned)k);
  if (i < n) {
    groups[i] = peers;
    sums[i] = total ^ hi;
  }
}

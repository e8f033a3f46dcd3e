// Grouping lanes by key with __match_any_sync; warp sums with the redux builtins.
__global__ void group_by_key(const int *keys, unsigned *groups, unsigned *sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = i < n ? keys[i] : -1;
  unsigned peers = __match_any_sync(0xffffffffu, k);
  // The redux builtins take (value, member mask), as the intrinsics do;
  // clang 19's __reduce_*_sync pass them the other way round (the mask
  // would be the key), which ferry-emu-check reports.
  unsigned total = __nvvm_redux_sync_add((unsigned)k, 0xffffffffu);
  unsigned hi = __nvvm_redux_sync_umax((unsigned)k, 0xffffffffu);
  if (i < n) {
    groups[i] = peers;
    sums[i] = total ^ hi;
  }
}

// Block- and system-scoped atomics and fences.
__global__ void scoped(int *blockCounter, int *systemCounter, float *acc, int *flag) {
  atomicAdd_block(blockCounter, 1);
  atomicAdd_system(systemCounter, 1);
  atomicAdd(acc, 1.0f);
  __threadfence_block();
  __threadfence_system();
  atomicExch_system(flag, 1);
}

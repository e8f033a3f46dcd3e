// Timing with clock64 and backing off with __nanosleep.
__global__ void timed_spin(long long *cycles, int *flag, unsigned ns) {
  long long t0 = clock64();
  int tries = 0;
  while (atomicAdd(flag, 0) == 0 && tries < 100) {
    __nanosleep(ns);
    ++tries;
  }
  cycles[blockIdx.x * blockDim.x + threadIdx.x] = clock64() - t0 + clock();
}

// In-block bitonic sort of 1024 keys in shared memory.
__global__ void bitonic1024(int *keys) {
  __shared__ int s[1024];
  unsigned t = threadIdx.x;
  s[t] = keys[blockIdx.x * 1024 + t];
  __syncthreads();
  for (unsigned k = 2; k <= 1024; k <<= 1)
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned p = t ^ j;
      if (p > t) {
        bool up = (t & k) == 0;
        if ((s[t] > s[p]) == up) { int tmp = s[t]; s[t] = s[p]; s[p] = tmp; }
      }
      __syncthreads();
    }
  keys[blockIdx.x * 1024 + t] = s[t];
}

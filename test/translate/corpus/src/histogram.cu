// Histogram: privatized bins in shared memory, merged with global atomics;
// a ring-buffer slot counter with atomicInc.
__global__ void histogram256(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}
__global__ void ring_slots(unsigned *cursor, unsigned *slots, unsigned capacity) {
  unsigned slot = atomicInc(cursor, capacity - 1);
  slots[slot] = blockIdx.x * blockDim.x + threadIdx.x;
}

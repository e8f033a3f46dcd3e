// The other file of rdc.cu: a __device__ function and variable it uses, a
// static __device__ variable of the same name as its own, and a kernel.
#include <cuda_runtime.h>

__device__ int calls = 0;
__device__ float scale(float x) { return 3.0f * x; }
static __device__ int local_static = 1;
extern __managed__ int managed_hits; // rdc.cu

__global__ void again(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    v[i] = scale(v[i]) + local_static;
    atomicAdd(&calls, 1);
    atomicAdd(&managed_hits, 1);
  }
}

void launchOther(float *v, int n) { again<<<(n + 127) / 128, 128>>>(v, n); }

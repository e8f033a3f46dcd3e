// Device printf as CUDA programs use it: every argument class of vprintf's
// buffer (int, unsigned, long long, double from float, char, strings
// constant and from memory, pointers, `*` widths), in a kernel and in a
// device function, with the return value used.
#include <cstdio>

__device__ const char *names[] = {"zero", "one"};

__device__ int report(int i, float x) {
  return printf("item %d: %.3f %s\n", i, x, names[i & 1]);
}

__global__ void device_printf(const float *x, int *status, long long big, int tag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 2) {
    status[i] = report(i, x[i]);
    printf("[%c] %u %lld %*d|%-6.2e|%p|%%\n", tag, (unsigned)i, big + i, 5, i, (double)x[i],
           (void *)status);
  }
  if (i == 0)
    printf("no arguments\n");
}

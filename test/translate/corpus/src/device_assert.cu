// Device assert as CUDA programs use it: <cassert>'s assert in a kernel,
// which calls __assertfail with the message, file, line and function.
#include <cassert>

__global__ void device_assert(const int *x, int *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    assert(x[i] < 60 && "inputs are below 60");
    y[i] = 2 * x[i];
  }
}

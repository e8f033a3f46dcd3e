// What nvcc compiles with a warning at most, and clang refuses by default:
// `register` under C++17, a braced narrowing of a value that is not
// constant, a string literal followed by a macro parameter's name in a
// macro body (read as C++03 did).
#include <cstdio>
#define LOG(msg, ...) printf("[%s:%d] "msg"\n", __FILE__, __LINE__, ##__VA_ARGS__)

__global__ void narrow(const ushort2 *in, uchar2 *out) {
  register ushort2 s = in[0];
  uchar2 v = {s.x, s.y};
  out[0] = v;
}

// A `#pragma unroll N` the optimizer cannot honour (a trip count it cannot
// see around a barrier, which it may not duplicate): nvcc is silent, clang
// warned "loop not unrolled" (cuda-samples' MonteCarloMultiGPU, CUDA sweep
// 11).
__global__ void unhonoured(float *out, int n) {
  float sum = 0;
#pragma unroll 8
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    sum += out[i];
    __syncthreads();
  }
  out[threadIdx.x] = sum;
}

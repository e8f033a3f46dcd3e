// Spellings nvcc accepts and clang 19 refuses, in a header the program
// includes with <...> through -I (test/cuda/nvcc_spellings.cu).
#pragma once
#include "lane.cuh"

#ifdef __CUDA_ARCH__
#define PRAGMA_UNROLL #pragma unroll // as moderngpu's meta.hxx
#else
#define PRAGMA_UNROLL
#endif
// A pragma's spelling in a string stays a string.
#define PRAGMA_TEXT "#pragma unroll"

__global__ void lanes(unsigned *out) {
  unsigned sum = 0;
  PRAGMA_UNROLL
  for (int i = 0; i < 4; ++i)
    sum += i;
  out[threadIdx.x] = laneId() * 100 + lanesBelow() % 100 + sum * 10000;
}

// A braced block operand in a header.
inline void launchLanes(unsigned *out, int n) { lanes<<<1, {unsigned(n), 1, 1}>>>(out); }

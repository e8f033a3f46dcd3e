// The integer atomics, and a float max built from atomicCAS.
__device__ float atomicMaxFloat(float *addr, float v) {
  int *p = (int *)addr;
  int old = *p, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v) break;
    old = atomicCAS(p, assumed, __float_as_int(v));
  } while (assumed != old);
  return __int_as_float(old);
}
__global__ void atomics(int *i32, unsigned long long *u64, float *fmax, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&i32[0], 1);
  atomicSub(&i32[1], 2);
  atomicMin(&i32[2], i);
  atomicMax(&i32[3], i);
  atomicAnd(&i32[4], ~i);
  atomicOr(&i32[5], i);
  atomicXor(&i32[6], i);
  atomicExch(&i32[7], i);
  atomicAdd(&u64[0], 1ull);
  atomicMaxFloat(fmax, x[i]);
}

// Non-inlined device functions calling each other, recursion-free.
struct Complex { float re, im; };
__device__ __noinline__ Complex cmul(Complex a, Complex b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
__device__ __noinline__ Complex cpow(Complex z, int e) {
  Complex r = {1.f, 0.f};
  for (int k = 0; k < e; ++k) r = cmul(r, z);
  return r;
}
__global__ void powers(const Complex *z, Complex *out, int e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = cpow(z[i], e);
}

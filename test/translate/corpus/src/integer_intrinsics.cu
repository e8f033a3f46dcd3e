// CUDA integer intrinsics.
__global__ void int_ops(const unsigned *a, const unsigned *b, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  out[i] = __umulhi(x, y) + __mulhi((int)x, (int)y) + __umul24(x, y) + __brev(x) + __clz(x) +
           __byte_perm(x, y, 0x5140) + __sad((int)x, (int)y, 1u) + __usad(x, y, 2u) +
           __popcll(((unsigned long long)x << 32) | y) + __ffsll((long long)y) + __hadd((int)x, (int)y) +
           __urhadd(x, y) + (unsigned)__clzll((long long)x) + __umul64hi(x, y);
}

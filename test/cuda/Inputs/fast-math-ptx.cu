// A division and a square root, whose PTX fast-math.cu reads.
__global__ void divide(float *a, const float *b) {
  const int i = threadIdx.x;
  a[i] = a[i] / b[i] + sqrtf(b[i]);
}

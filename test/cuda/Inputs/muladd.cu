// out[i] = a[i] * b[i] + c[i]: one multiply and one add that may be contracted
// (fmad.test).
__global__ void muladd(float *out, const float *a, const float *b, const float *c) {
  int i = threadIdx.x;
  out[i] = a[i] * b[i] + c[i];
}

// Black-Scholes call and put prices.
__device__ float cnd(float d) { return 0.5f * erfcf(-d * 0.70710678f); }
__global__ void black_scholes(const float *S, const float *X, const float *T, float *call, float *put,
                              float r, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sq = sqrtf(T[i]);
  float d1 = (logf(S[i] / X[i]) + (r + 0.5f * v * v) * T[i]) / (v * sq);
  float d2 = d1 - v * sq;
  float e = expf(-r * T[i]);
  call[i] = S[i] * cnd(d1) - X[i] * e * cnd(d2);
  put[i] = X[i] * e * cnd(-d2) - S[i] * cnd(-d1);
}

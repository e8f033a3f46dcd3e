// Double-precision libm in device code.
__global__ void math_f64(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = x[i];
  double s, c;
  sincos(v, &s, &c);
  y[i] = sin(v) + cos(v) * exp(-v) + log(1.0 + fabs(v)) + pow(fabs(v), 1.5) + erf(v) +
         rsqrt(1.0 + v * v) + cbrt(v) + s * c + tgamma(1.0 + fabs(v) * 0.1) + log1p(fabs(v)) +
         expm1(v * 0.01) + asinh(v) + floor(v) + ceil(v) + round(v) + fmin(v, 0.5) + ldexp(v, 3);
}

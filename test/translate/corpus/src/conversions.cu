// Rounding conversions and bit reinterpretation.
__global__ void convert(const float *f, const double *d, int *i32, unsigned *u32, float *f32, long long *i64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  i32[i] = __float2int_rn(f[i]) + __float2int_rz(f[i]) + __float2int_rd(f[i]) + __float2int_ru(f[i]) +
           __double2int_rn(d[i]) + __float_as_int(f[i]) + __double2hiint(d[i]);
  u32[i] = __float2uint_rz(f[i]) + __double2uint_rn(d[i]);
  f32[i] = __double2float_rn(d[i]) + __int2float_rn(i) + __uint2float_rn((unsigned)i) + __int_as_float(i) +
           (float)__hiloint2double(i, i);
  i64[i] = __float2ll_rn(f[i]) + __double2ll_rz(d[i]) + __double_as_longlong(d[i]) + llrintf(f[i]) + llround(d[i]);
}

__attribute__((noinline)) float helper(float x) { return x * 2.0f; }
extern float ext_fn(float);
float (*table[2])(float) = {helper, ext_fn};
__attribute__((amdgpu_kernel)) void k(float *p) { p[0] = helper(p[0]) + ext_fn(p[1]); }
__attribute__((amdgpu_kernel)) void k2(float *p, int i) { p[0] = table[i](p[0]); }

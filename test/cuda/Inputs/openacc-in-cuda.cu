// A CUDA source with OpenACC directives (the pattern of `nvc++ -acc -cuda`
// interoperability exercises); the ones in comments and strings are no
// directives.
// #pragma acc parallel
/*
#pragma acc kernels
*/
#include <cstdio>
__global__ void twice(double *p) { p[threadIdx.x] *= 2; }
int main() {
  const char *text = "#pragma acc loop";
  double a[4] = {1, 1, 1, 1};
  #  pragma   acc enter data copyin(a)
  std::printf("%s %g\n", text, a[0]);
  return 0;
}

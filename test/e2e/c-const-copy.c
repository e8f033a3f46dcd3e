// `copy` and `copyout` of data the program cannot write (const globals,
// a section through a pointer to const data): copied in, never copied
// back, since read-only memory cannot take the copy back (the emulated
// devices died with SIGSEGV in the copy back at the construct's end: a
// shallow-water code's `data copy(water, NX, NY)` of constexpr sizes).
// C and C++ (constexpr too).
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include <stdio.h>

#ifdef __cplusplus
constexpr int NX = 64;
#else
static const int NX = 64;
#endif
const int NY = 32;
static const double weights[4] = {0.5, 0.25, 0.125, 0.125};

int main(void) {
  float a[64];
  double b[64];
  const double *w = weights;
  int bad = 0;
#pragma acc data copy(a, NX) copyout(NY)
  {
#pragma acc parallel loop copy(weights)
    for (int i = 0; i < NX; ++i)
      a[i] = (float)(i * NY) * (float)(weights[0] + weights[1] + weights[2] + weights[3]);
  }
#pragma acc parallel loop copy(w[0:4]) copyout(b)
  for (int i = 0; i < NX; ++i)
    b[i] = w[i % 4] * i;
  for (int i = 0; i < NX; ++i) {
    if (a[i] != (float)(i * NY))
      printf("a[%d] = %g, expected %d\n", i, a[i], i * NY), ++bad;
    if (b[i] != weights[i % 4] * i)
      printf("b[%d] = %g, expected %g\n", i, b[i], weights[i % 4] * i), ++bad;
  }
  return bad != 0;
}

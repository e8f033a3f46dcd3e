/* Several declarators in one declaration of a region's statement (`float a,
 * b;` in a `parallel` region, then a `loop` using b: Pgm6's advection.c):
 * the later ones were not taken for the region's own variables, so C's
 * loop region did not capture b ("initializer element is not a
 * compile-time constant" at the loop directive). In C and, compiled as C++,
 * in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

int main(void) {
  float u[64];
  int n = 64;
  for (int i = 0; i < n; i++)
    u[i] = 1;
#pragma acc parallel copy(u[0:n])
  {
    float a, b, c[2] = {1, 2}, *d;
    a = 1;
    b = 2;
    d = &c[1];
#pragma acc loop gang
    for (int i = 0; i < n; ++i)
      u[i] += a * b + *d + c[0];
  }
  for (int i = 0; i < n; i++)
    CHECK(u[i] == 6);
  return report();
}

/* `present(in.x)` of a struct's pointer member, no section (NBSim's
 * integrate(): `#pragma acc data present(in.x, in.y, ..., out.x, ...)` on
 * structs passed by value, whose arrays an enclosing construct mapped):
 * the construct copies the struct, and its device copy held the host's
 * pointers, which the region then read through (silently wrong results on
 * devices without host memory). Now the member's device copy is attached
 * to the data it points to while the construct runs (NVHPC's reading of
 * present(p) for a pointer), and detached before the struct is copied
 * back (the host's pointers stay the host's). On a data construct and on a
 * compute construct. In C and, the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#include <stdlib.h>

typedef struct {
  float *x, *y;
  int n;
} particles;

static void step(particles out, particles in, const float *out_x, const float *in_y) {
#pragma acc data present(in.x, in.y, out.x, out.y)
  {
#pragma acc parallel loop
    for (int i = 0; i < in.n; i++) {
      out.x[i] = 2.0f * in.x[i];
      out.y[i] = in.y[i] + 1.0f;
    }
  }
  /* The host's pointers are the host's again. */
  CHECK(out.x == out_x);
  CHECK(in.y == in_y);
}

static void scale(particles p, float f, const float *p_x) {
#pragma acc parallel loop present(p.x)
  for (int i = 0; i < p.n; i++)
    p.x[i] *= f;
  CHECK(p.x == p_x);
}

int main(void) {
  enum { N = 100 };
  particles a = {(float *)malloc(N * sizeof(float)), (float *)malloc(N * sizeof(float)), N};
  particles b = {(float *)malloc(N * sizeof(float)), (float *)malloc(N * sizeof(float)), N};
  for (int i = 0; i < N; i++) {
    a.x[i] = (float)i;
    a.y[i] = (float)-i;
    b.x[i] = b.y[i] = -1;
  }
#pragma acc data copyin(a.x[0:N], a.y[0:N]) copyout(b.x[0:N], b.y[0:N])
  {
    step(b, a, b.x, a.y);
    scale(b, 0.5f, b.x);
  }
  for (int i = 0; i < N; i++) {
    CHECK(b.x[i] == (float)i);
    CHECK(b.y[i] == (float)(1 - i));
  }
  free(a.x);
  free(a.y);
  free(b.x);
  free(b.y);
  return report();
}

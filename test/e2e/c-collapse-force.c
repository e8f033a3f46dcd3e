// collapse(force: n): statements between the collapsed loops move into the
// innermost body (before it, or after it), so they run in every iteration
// of the collapsed loop, as OpenACC 3.3 says. Variables they declare are
// the iteration's own. In C and, the same file compiled as C++, in C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"

enum { NX = 37, NY = 53, NZ = 5 };
static double scale[NX], shift[NX], out[NX * NY], cube[NX * NY * NZ];
static int done[NX];

int main(void) {
  for (int x = 0; x < NX; ++x) {
    scale[x] = x + 1;
    shift[x] = 0.5 * x;
  }

  // Statements before the inner loop, declaring the iteration's values.
#pragma acc parallel loop collapse(force: 2) copyin(scale, shift) copyout(out)
  for (int x = 0; x < NX; ++x) {
    double s = scale[x];
    const double t = shift[x];
    for (int y = 0; y < NY; ++y)
      out[x * NY + y] = s * y + t;
  }
  for (int x = 0; x < NX; ++x)
    for (int y = 0; y < NY; ++y)
      CHECK(out[x * NY + y] == scale[x] * y + shift[x]);

  // A statement after it, and `loop` inside a parallel region.
#pragma acc parallel copyout(out, done)
  {
#pragma acc loop collapse(force:2)
    for (int x = 0; x < NX; ++x) {
      for (int y = 0; y < NY; ++y) {
        out[x * NY + y] = -y;
      }
      done[x] = x + 1;
    }
  }
  for (int x = 0; x < NX; ++x) {
    CHECK(done[x] == x + 1);
    for (int y = 0; y < NY; ++y)
      CHECK(out[x * NY + y] == -y);
  }

  // Three levels, statements at two of them.
#pragma acc parallel loop collapse(force: 3) copyout(cube)
  for (int x = 0; x < NX; ++x) {
    const int row = x * NY;
    for (int y = 0; y < NY; ++y) {
      const int at = (row + y) * NZ;
      for (int z = 0; z < NZ; ++z)
        cube[at + z] = x + y + z;
    }
  }
  for (int i = 0; i < NX * NY * NZ; ++i)
    CHECK(cube[i] == i / (NY * NZ) + (i / NZ) % NY + i % NZ);
  return report();
}

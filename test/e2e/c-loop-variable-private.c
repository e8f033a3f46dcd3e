/* A nested loop's own variable named in its `private` clause (redundant,
 * valid; C89 style, `int x, y;` at the top of the function, LLM4VV's
 * loop_construct_private_clause): the variable stays the loop's. Before,
 * C's nested loop read an uninitialised private copy instead (garbage on
 * the host, a memory fault on the emulated devices) and C++ refused it ("a
 * lambda parameter cannot shadow an explicitly captured entity"). At the
 * vector level, in a worker loop, and with another private variable. In C
 * and, compiled as C++, C++.
 * RUN: %ferry-clang -std=c89 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

int main(void) {
  int a[4][100], b[4][8][16];
  int x, y, z, t;
  for (x = 0; x < 4; x++)
    for (y = 0; y < 100; y++)
      a[x][y] = -1;
#pragma acc parallel loop gang copy(a)
  for (x = 0; x < 4; ++x) {
#pragma acc loop vector private(y)
    for (y = 0; y < 100; ++y)
      a[x][y] = x + y;
  }
#pragma acc parallel loop gang copyout(b)
  for (x = 0; x < 4; ++x) {
#pragma acc loop worker private(y)
    for (y = 0; y < 8; ++y) {
#pragma acc loop vector private(z, t)
      for (z = 0; z < 16; ++z) {
        t = x * 1000 + y * 100;
        b[x][y][z] = t + z;
      }
    }
  }
  for (x = 0; x < 4; x++) {
    for (y = 0; y < 100; y++)
      CHECK(a[x][y] == x + y);
    for (y = 0; y < 8; y++)
      for (z = 0; z < 16; z++)
        CHECK(b[x][y][z] == x * 1000 + y * 100 + z);
  }
  return report();
}

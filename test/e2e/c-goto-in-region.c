/* `goto` to a label of the same iteration (LULESH's OpenACC port:
 * `switch (bcMask) { case ...: ...; goto BCMASK_AND_XI_M; }` then the label):
 * refused before ("'goto' is not allowed inside an OpenACC compute
 * region"); a jump out of a region or loop construct still is
 * (plugin/diagnostics.cpp). In a `parallel loop`, a nested `loop` and a
 * `kernels` loop; in C and, the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#define N 300

static int bc[N], out[N], grid[N][8];

int main(void) {
  for (int i = 0; i < N; i++)
    bc[i] = i % 3;
#pragma acc parallel loop copyin(bc) copyout(out)
  for (int i = 0; i < N; i++) {
    int v;
    switch (bc[i]) {
    case 0:
      v = 10;
      goto DONE;
    case 1:
      v = 20;
      goto DONE;
    default:
      v = 30;
      goto DONE;
    }
  DONE:
    out[i] = v + 1;
  }
  for (int i = 0; i < N; i++)
    CHECK(out[i] == 10 * (bc[i] + 1) + 1);

#pragma acc parallel loop copyin(bc) copyout(grid)
  for (int i = 0; i < N; i++) {
#pragma acc loop
    for (int j = 0; j < 8; j++) {
      grid[i][j] = 0;
      if (j < bc[i])
        goto skip;
      grid[i][j] = i + j;
    skip:;
    }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 8; j++)
      CHECK(grid[i][j] == (j < bc[i] ? 0 : i + j));

#pragma acc kernels copyin(bc) copyout(out)
  for (int i = 0; i < N; i++) {
    out[i] = 0;
    if (bc[i] == 2)
      goto next;
    out[i] = 1;
  next:;
  }
  for (int i = 0; i < N; i++)
    CHECK(out[i] == (bc[i] != 2));
  return report();
}

/* A loop construct nested in a loop whose variable it declares again
 * (`for (int i ...)` inside the loop over i: valid C and C++, its own
 * scope; RWTH-HPC's DRACC counters): was "redefinition of 'i'", the two
 * joined into one collapsed nest that declared both in one scope. Now the
 * inner loop is spread over each gang as any nested loop. Every gang writes
 * the same values (a race of equal values only). Compiled as C and C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#define N 64
#define C 32

int main(void) {
  int a[C], b[C];
  for (int i = 0; i < C; i++)
    a[i] = i;
#pragma acc parallel loop gang copyin(a) copyout(b)
  for (int i = 0; i < N; i++) {
#pragma acc loop vector
    for (int i = 0; i < C; i++)
      b[i] = 3 * a[i];
  }
  for (int i = 0; i < C; i++)
    CHECK(b[i] == 3 * i);
  return report();
}

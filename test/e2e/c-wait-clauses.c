/* Several `wait` clauses on one directive (`wait(1) wait(2)`; OpenACC
 * limits some clauses to one, not `wait`; GCC's data-2.c test has them):
 * one list of every clause's queues. Was refused ("OpenACC clause 'wait'
 * appears more than once"). Compiled as C and as C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
 */
#include <stdio.h>

int main(void) {
  int n = 64, a[64], b[64];
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    b[i] = 0;
  }
#pragma acc enter data copyin(a[0:n]) async(1)
#pragma acc enter data copyin(b[0:n]) async(2)
#pragma acc parallel loop present(a[0:n], b[0:n]) wait(1) wait(2) async(3)
  for (int i = 0; i < n; i++) {
    a[i] = 7;
    b[i] = 7;
  }
#pragma acc parallel loop present(a[0:n]) wait(3) wait async(4)
  for (int i = 0; i < n; i++)
    a[i] += 1;
#pragma acc exit data copyout(a[0:n], b[0:n]) async(5) wait(1) wait(4)
#pragma acc wait
  if (a[5] != 8 || b[63] != 7) {
    printf("FAIL: %d %d\n", a[5], b[63]);
    return 1;
  }
  return 0;
}

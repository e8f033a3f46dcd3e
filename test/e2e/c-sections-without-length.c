/* Sections without a length of arrays whose declaration gives their size
   (OpenACC 3.3, 2.7.1: the length is the size minus the lower bound):
   `a[:]`, `b[:][:]`, `a[4:]`, in data clauses of compute, data and update
   directives (C_NN_OpenACC's `copyout(i6[:][:])`; refused before as a
   "malformed array section"). Pointers and members still need a length
   (plugin/diagnostics.cpp).
   RUN: %ferry-clang -std=c11 -O2 %s -o %t
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
   RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
   RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
*/
#include <stdio.h>

int main(void) {
  int a[16], b[4][4], c[16];
  for (int i = 0; i < 16; i++)
    c[i] = -1;
#pragma acc parallel loop copyout(a[:], b[:][:])
  for (int i = 0; i < 16; i++) {
    a[i] = i;
    b[i / 4][i % 4] = 2 * i;
  }
#pragma acc data copy(c[4:])
  {
#pragma acc parallel loop present(c[4:12])
    for (int i = 4; i < 16; i++)
      c[i] = i;
#pragma acc update self(c[8:])
    if (c[8] != 8 || c[15] != 15)
      printf("update self(c[8:]) did not bring the device's values\n");
  }
  int bad = 0;
  for (int i = 0; i < 16; i++)
    bad += a[i] != i || b[i / 4][i % 4] != 2 * i || c[i] != (i < 4 ? -1 : i);
  if (bad)
    printf("%d wrong\n", bad);
  return bad != 0;
}

/* A `data present(...)` construct in the body of a `routine seq` (the
   openacc-samples prefix sum's dc_scan_seq_acc, accepted by GCC and NVHPC):
   its clauses only check presence, which the routine's callers provide, and
   it means its statement; other host directives there are refused
   (plugin/routine-host-directives.c). Before: "a compute region cannot call
   'ferry_data_enter' on a GPU" (OpenACC sweep 11 F2).
   RUN: %ferry-clang -std=c11 -O2 %s -o %t
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
   RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
   RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
*/
#include <stdio.h>

#pragma acc routine seq
static void scan_seq(int n, int *a) {
#pragma acc data present(a[0:n])
  {
    int acc = a[0];
    for (int i = 1; i < n; i++) {
      acc += a[i];
      a[i] = acc;
    }
  }
}

int main(void) {
  int a[4][8];
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < 8; i++)
      a[k][i] = k + 1;
#pragma acc parallel loop copy(a)
  for (int k = 0; k < 4; k++)
    scan_seq(8, a[k]);
  int bad = 0;
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < 8; i++)
      bad += a[k][i] != (k + 1) * (i + 1);
  if (bad)
    printf("%d wrong\n", bad);
  return bad != 0;
}

/* A plain loop that is all of a `parallel` construct updates a scalar no
 * clause names: the scalar is firstprivate (OpenACC 3.3, 2.6.2) and keeps
 * its value after the construct, as with GCC (Ferry summed it into the
 * host's variable before, RecHashhh's LAB07 test2.c); named in `reduction`
 * or `copy`, it gets the sum; so it does where a data construct around the
 * construct names it (present: not firstprivate, 2.6.2; the construct's
 * own clauses were the only ones asked before, and the sum was dropped).
 * Compile-time warnings: plugin/firstprivate-updated.c.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 */
#include <stdio.h>

int main(void) {
  int vec[1000], kept = 7, async_kept = 3, reduced = 0, copied = 0, present = 0;
  for (int i = 0; i < 1000; i++)
    vec[i] = i + 1;
#pragma acc parallel copyin(vec)
  for (int i = 0; i < 1000; i++)
    kept += vec[i];
#pragma acc parallel copyin(vec) async
  for (int i = 0; i < 1000; i++)
    async_kept += vec[i];
#pragma acc wait
#pragma acc parallel copyin(vec) reduction(+:reduced)
  for (int i = 0; i < 1000; i++)
    reduced += vec[i];
#pragma acc parallel copyin(vec) copy(copied)
  for (int i = 0; i < 1000; i++)
    copied += vec[i];
#pragma acc data copy(present)
  {
#pragma acc parallel copyin(vec)
    for (int i = 0; i < 1000; i++)
      present += vec[i];
  }
  if (kept != 7 || async_kept != 3 || reduced != 500500 || copied != 500500 ||
      present != 500500) {
    printf("FAIL: %d %d %d %d %d\n", kept, async_kept, reduced, copied, present);
    return 1;
  }
  return 0;
}

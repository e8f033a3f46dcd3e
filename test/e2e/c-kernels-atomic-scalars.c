/* In `kernels`, a local scalar in no clause that an `atomic` construct
 * updates is `copy`, as any scalar its statements assign (OpenACC 2.6.2;
 * LLM4VV's kernels_construct_num_gangs_clause). Before, the rewritten
 * atomic statement hid the write: the scalar was firstprivate and the sum
 * was lost (0 instead of 4950). A plain loop in `kernels`, `kernels loop`,
 * and `atomic capture` in its block form. In C and, compiled as C++, C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

int main(void) {
  int a[100], sum = 0, count = 0, total = 0, last = -1;
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma acc kernels num_gangs(64) copyin(a)
  for (int i = 0; i < 100; i++) {
#pragma acc atomic
    sum += a[i];
  }
#pragma acc kernels loop copyin(a)
  for (int i = 0; i < 100; i++) {
    if (a[i] % 4 == 0) {
#pragma acc atomic update
      count++;
    }
  }
#pragma acc kernels copyin(a)
  for (int i = 0; i < 100; i++) {
    int old;
#pragma acc atomic capture
    {
      old = total;
      total += a[i];
    }
    if (old + a[i] == 4950) {
#pragma acc atomic write
      last = i;
    }
  }
  CHECK(sum == 4950);
  CHECK(count == 25);
  CHECK(total == 4950);
  CHECK(last >= 0 && last < 100);
  return report();
}

/* `true`, `false` and `nullptr` are ordinary identifiers in C before C23
 * (without <stdbool.h>): a program may name variables so (YuanYuanBingZi's
 * matmult counts mismatches in `int false`). Ferry's generated C spelled
 * its own constants with those words and turned every one into 1 or 0, the
 * program's variables too (clang's errors at the directive); the code C
 * shares with C++ writes 0 and 1 now. In a reduction, a data clause, a
 * region's body and a private clause.
 * RUN: %ferry-clang -std=gnu17 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

int main(void) {
  float C[100];
  int i, false = 0, true = 3;
  double nullptr = 0.5, out[100];
  for (i = 0; i < 100; i++)
    C[i] = (i % 10 == 0) ? 1.0f : 3.0f;
#pragma acc parallel loop reduction(+:false) copyin(C)
  for (i = 0; i < 100; i++)
    false += (C[i] != 3.0f);
  CHECK(false == 10);
#pragma acc parallel loop copyin(C, true) copyout(out) firstprivate(nullptr)
  for (i = 0; i < 100; i++)
    out[i] = C[i] * true + nullptr;
  for (i = 0; i < 100; i++)
    CHECK(out[i] == C[i] * 3 + 0.5);
#pragma acc data copy(false)
  {
#pragma acc parallel loop private(true) reduction(+:false)
    for (i = 0; i < 100; i++) {
      true = i % 2;
      false += true;
    }
  }
  CHECK(false == 60);
  return report();
}

/* Plain loops over a floating-point variable in compute constructs
 * (IDRIS's GPU_directive_training: `for (double g = start; g <= end; g +=
 * step)` in a `parallel` region): not canonical, so they run as written, in
 * order (before: "the loop does not terminate" at run time in C, a static
 * assertion in Ferry's header in C++); a loop directive on one is an error
 * that says so (plugin/diagnostics.cpp). In C and, compiled as C++, C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

int main(void) {
  double sum = 0;
  int n = 0, m = 0;
#pragma acc parallel copy(sum, n)
  {
    for (double g = 0; g < 1.0; g += 0.25) {
      sum += g;
      n++;
    }
  }
  CHECK(n == 4 && sum == 1.5);
  double a[8];
#pragma acc kernels copyout(a) copy(m)
  {
    for (int i = 0; i < 8; i++)
      a[i] = i;
    for (float x = 1.0f; x < 100.0f; x *= 2.0f)
      m++;
  }
  CHECK(m == 7);
  for (int i = 0; i < 8; i++)
    CHECK(a[i] == i);
  return report();
}

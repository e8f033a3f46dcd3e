/* `firstprivate(a)` or `private(a)` on a compute construct inside a data
 * construct that names `a` (`data copy(a)`): the region works on its own
 * copy, and the present `a` keeps its value (gcc's libgomp
 * firstprivate-1.c). In C++ the region wrote through to the shared `a`
 * (a 10 where 5 was right), in C it was right; compiled as C and C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

int main(void) {
  int a = 5, c = 0, d = 0, v = 5, w = 0, p = 5, q = 0;
#pragma acc data copy(a, v, p)
  {
#pragma acc parallel firstprivate(a) copyout(c)
    {
      a = 10;
      c = a;
    }
#pragma acc parallel copyout(d) present(a)
    { d = a; }
#pragma acc parallel loop firstprivate(v) copyout(w)
    for (int i = 0; i < 1; i++) {
      v = 10;
      w = v;
    }
#pragma acc parallel loop private(p) copyout(q)
    for (int i = 0; i < 1; i++) {
      p = 3;
      q = p;
    }
  }
  CHECK(c == 10 && d == 5 && a == 5);
  CHECK(w == 10 && v == 5);
  CHECK(q == 3 && p == 5);
  return report();
}

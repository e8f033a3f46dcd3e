// A global in `firstprivate` or `private`: the region writes its own copy
// and the global keeps its value (OpenACC 3.3, 2.5.14, 2.7.13). C++ refused
// the writes ("a compute region cannot write the global variable 'g', which
// is host memory"): a lambda's `[=]` copies no global; it is copied by name
// now. (GCC's data-firstprivate-1.c, built as C++.)
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>

int g = 5;
static double factor = 1.5;

int main() {
  int seen1 = 0, seen2 = 0;
  double seen3 = 0;
#pragma acc parallel firstprivate(g) copyout(seen1)
  {
    g = g + 4;
    seen1 = g;
  }
#pragma acc parallel loop private(g) copyout(seen2)
  for (int i = 0; i < 1; i++) {
    g = 10;
    seen2 = g;
  }
#pragma acc serial firstprivate(factor) copyout(seen3)
  {
    factor *= 2;
    seen3 = factor;
  }
  if (g != 5 || seen1 != 9 || seen2 != 10 || factor != 1.5 || seen3 != 3) {
    std::printf("FAIL: %d %d %d %g %g\n", g, seen1, seen2, factor, seen3);
    return 1;
  }
  return 0;
}

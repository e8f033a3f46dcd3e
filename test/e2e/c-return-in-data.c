/* `return` inside a `data` construct's block (twLQCD's CG inverter returns
 * its result as the block's last statement): the data leaves on the way out
 * (copied back), in C (a cleanup) and C++ (the data scope's destructor).
 * C++ refused it ("'return' is not allowed inside an OpenACC compute
 * region", where no compute region was); in C and C++ inside `host_data`
 * too. Compiled as C and C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

static int bump(float *a, int n, int early) {
#pragma acc data copy(a[0:n])
  {
#pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 1;
    if (early)
      return 2;
#pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] += 10;
    return 1;
  }
}

/* And inside `host_data`, whose block only names device addresses. */
static int first_device_address(float *a, int n, float **out) {
#pragma acc data copy(a[0:n])
  {
#pragma acc host_data use_device(a)
    {
      *out = a;
      if (n > 0)
        return 1;
    }
  }
  return 0;
}

int main(void) {
  float a[64] = {0};
  float *dev = 0;
  CHECK(first_device_address(a, 64, &dev) == 1 && dev != 0);
  CHECK(bump(a, 64, 0) == 1);
  CHECK(a[0] == 11 && a[63] == 11);
  CHECK(bump(a, 64, 1) == 2);
  CHECK(a[0] == 12 && a[63] == 12);
  return report();
}

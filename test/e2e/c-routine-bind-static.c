/* `routine bind(f)` to a `static` function the host never calls (a
 * file-local device version, the usual reason for `bind`): clang left the
 * function out, and the build failed with "this translation unit defines no
 * function or lambda of that name and parameters" (OpenACC sweep 13 F6).
 * The bind target is now kept. The host device runs the host version, the
 * others the bound one. In C and, the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#include <openacc.h>

static double dev_version(double x) { return x * 3; }
#pragma acc routine seq bind(dev_version)
static double host_version(double x) { return x * 2; }

static double dev_negate(double x) { return -x - 1; }
#pragma acc routine seq bind("dev_negate")
static double negate(double x) { return -x; }

int main(void) {
  double o[4], p[4];
#pragma acc parallel loop copyout(o, p)
  for (int i = 0; i < 4; i++) {
    o[i] = host_version(i);
    p[i] = negate(i);
  }
  const int host = acc_get_device_type() == acc_device_host;
  for (int i = 0; i < 4; i++) {
    CHECK(o[i] == (host ? 2.0 : 3.0) * i);
    CHECK(p[i] == (host ? -i : -i - 1.0));
  }
  return report();
}

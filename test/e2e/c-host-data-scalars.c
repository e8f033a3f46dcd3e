/* host_data use_device of a scalar or a struct (not only pointers and
 * arrays): in its statement the variable is the device copy, so `&a` is its
 * device address, which host code hands to device code written elsewhere
 * (the Omni compiler's tests: `use_device(a)` of a double, then a region
 * with deviceptr). Was a raw clang error from Ferry's generated code
 * ("subscripted value is not an array, pointer, or vector"). C and C++.
 * A compute construct inside host_data (host code: allowed, was "compute
 * constructs cannot be nested: this 'parallel loop' is inside a
 * 'host_data'"), on data the host_data does not name.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include <stdio.h>

struct pair {
  int first;
  double second;
};

/* "Device code written elsewhere": it takes device addresses. */
static void set(double *p, struct pair *q) {
#pragma acc parallel num_gangs(1) deviceptr(p, q)
  {
    *p = 42.0;
    q->first = 7;
    q->second = 0.5;
  }
}

int main(void) {
  double a = 1.0, v[8] = {0};
  struct pair s = {0, 0.0};
  int bad = 0;
#pragma acc data copy(a, s, v)
  {
#pragma acc host_data use_device(a, s)
    {
      double *p = &a;
      struct pair *q = &s;
      set(p, q);
#pragma acc parallel loop present(v)
      for (int i = 0; i < 8; ++i)
        v[i] = 2.0 * i;
    }
  }
  for (int i = 0; i < 8; ++i)
    if (v[i] != 2.0 * i) {
      printf("v[%d] %g\n", i, v[i]);
      ++bad;
    }
  if (a != 42.0 || s.first != 7 || s.second != 0.5) {
    printf("a %g, s {%d, %g}\n", a, s.first, s.second);
    ++bad;
  }
  return bad;
}

// A program of a C and a C++ translation unit: a routine defined in C is
// called from a C++ region, a routine defined in C++ from a C region, and
// each file's own regions call its own routines; linked by ferry-clang++.
// RUN: %ferry-clang -std=c11 -O2 -c %s -o %t.c.o
// RUN: %ferry-clangxx -O2 -c %S/Inputs/c-cxx-routines-lib.cpp -o %t.cxx.o
// RUN: %ferry-clangxx %t.c.o %t.cxx.o -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/c-routines.h"
#include "Inputs/check_c.h"

#pragma acc routine seq
double c_poly(double x) { return x * x + 1; }

#pragma acc routine seq
static int c_local(int v) { return v > 10 ? 10 : v; }

int main(void) {
  enum { N = 100 };
  double a[N], b[N];
  int c[N];
  for (int i = 0; i < N; ++i)
    a[i] = b[i] = i;
#pragma acc parallel loop copy(b, c)
  for (int i = 0; i < N; ++i) {
    b[i] = cxx_scale(b[i], 3) + c_poly(1);
    c[i] = c_local(i);
  }
  cxx_region(a, N);
  CHECK(b[7] == 23 && c[5] == 5 && c[50] == 10);
  CHECK(a[3] == 10 && a[99] == 99 * 99 + 1);
  return report();
}

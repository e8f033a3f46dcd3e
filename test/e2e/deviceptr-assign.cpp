// A `deviceptr` variable is a pointer variable of the region that uses it:
// it may be set and stepped there (`d += n`, `d = d - n`, `++d`), in C++
// as in C (before: "no viable overloaded '='" in C++).
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %ferry-clang -x c -std=c99 -O2 %s -o %t.c 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.c 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <openacc.h>

#define N 64

int main(void) {
  double *d = (double *)acc_malloc(2 * N * sizeof(double)), b[N];
#pragma acc serial deviceptr(d)
  {
    d += N;
    for (int i = 0; i < N; i++)
      d[i] = 3 * i;
    d = d - N;
    ++d;
    --d;
    d++;
    d--;
    for (int i = 0; i < N; i++)
      d[i] = d[N + i] + 1;
  }
#pragma acc parallel loop deviceptr(d) copyout(b)
  for (int i = 0; i < N; i++) {
    double *q = d;
    q += i;
    b[i] = *q;
  }
  for (int i = 0; i < N; i++)
    CHECK(b[i] == 3 * i + 1);
  acc_free(d);
  return report();
}

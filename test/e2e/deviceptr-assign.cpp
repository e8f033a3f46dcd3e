// A `deviceptr` variable is a pointer variable of the region that uses it:
// it may be set and stepped there (`d += n`, `d = d - n`, `++d`), in C++
// as in C (before: "no viable overloaded '='" in C++), and its members are
// reached with `->` (gcc libgomp pr101544-1.C; before: "member reference
// type 'device_address<S>' is not a pointer" in C++).
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %ferry-clang -x c -std=c99 -O2 %s -o %t.c 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.c 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <openacc.h>

#define N 64

struct pair {
  int k;
  double x;
};

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
  struct pair h = {5, 0.5}, *p = (struct pair *)acc_copyin(&h, sizeof h);
#pragma acc parallel loop deviceptr(p) copyout(b)
  for (int i = 0; i < N; i++)
    b[i] = p->k * i + p->x;
  for (int i = 0; i < N; i++)
    CHECK(b[i] == 5 * i + 0.5);
  acc_delete(&h, sizeof h);
  return report();
}

// A region that uses a variable of the code around it and declares one of
// the same name in an inner block (C89 code: the lattice Boltzmann of
// OpenARC's randles assigns main's `int is` and declares `int is` in a
// nested block of the same kernels loop): each name is the one its scope
// says. C refused it with clang's "variable is not assignable (missing
// __block type specifier)" (the outer variable was taken for the body's
// own, never captured); a shared scalar (in `copy`) is reached through
// its pointer outside the inner block only.
// Also a later declarator (`int t, is;`) of the body's own.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include <stdio.h>

static int bad;
#define CHECK(cond)                                                                     \
  do {                                                                                  \
    if (!(cond)) {                                                                      \
      printf("line %d: check failed: %s\n", __LINE__, #cond);                           \
      ++bad;                                                                            \
    }                                                                                   \
  } while (0)

#define N 8

int main(void) {
  int a[N], b[N], c[N];
  int i, is, last = -1, s = 0;
  for (i = 0; i < N; i++)
    a[i] = i;
#pragma acc kernels loop gang copyin(a) copyout(b)
  for (i = 0; i < N; i++) {
    int t = 0;
    for (is = 0; is < 3; is++) /* the outer 'is' (private to the iteration) */
      t += a[i] * is;
    {
      int is = a[i] + 1; /* an inner block's own */
      t += is;
    }
    b[i] = t;
  }
  for (i = 0; i < N; i++)
    CHECK(b[i] == 3 * i + i + 1);

  /* A shared scalar (copy: the body reaches it through a pointer). */
#pragma acc serial copyin(a) copyout(c) copy(last)
  {
    for (is = 0; is < N; is++) {
      int last = a[is] * 2; /* shadows the outer 'last' in this block */
      c[is] = last;
    }
    last = is;
  }
  CHECK(last == N);
  for (i = 0; i < N; i++)
    CHECK(c[i] == 2 * i);

  /* A reduction beside a block that declares its name. */
#pragma acc parallel loop reduction(+ : s) copyin(a)
  for (i = 0; i < N; i++) {
    int t, is; /* later declarator: the iteration's own */
    t = a[i];
    is = 1;
    {
      int s = t * 100; /* not the reduction */
      t += s - t * 100;
    }
    s += t + is;
  }
  CHECK(s == N * (N - 1) / 2 + N);
  return bad != 0;
}

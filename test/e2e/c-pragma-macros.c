/* Directives written with `_Pragma`, in the source and from macros the way
   portability layers write them (`ACC(loop gang)`, an object-like
   `ACC_LOOP`, variadic macros, `#x` of a macro's argument): compute
   constructs whose loops are written so run them as loops (the plugin test
   pragma-operator-remarks.c checks how), `data` constructs from macros map
   their data, and a `data` construct from a macro Ferry cannot read (it
   pastes tokens) ends with its block: the `parallel` after it used to take
   its `copyin(a)` for its own and failed on a GPU ("the pointer 'a' ...
   points to memory that is not present"). C and C++.
   RUN: %ferry-clang -std=c11 -O2 %s -o %t
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
   RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
   RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
*/
#include <stdio.h>

#define PRAGMA(...) _Pragma(#__VA_ARGS__)
#define ACC(...) PRAGMA(acc __VA_ARGS__)
#define STRINGIZED(x) _Pragma(#x)
#define ACC_KERNELS _Pragma("acc kernels")
#define ACC_LOOP ACC(loop independent)
#define DATA_PASTED(rest) PRAGMA(acc da##rest)

enum { N = 2048, M = 64 };
static double a[N], b[N], c[N][M];

static int fail(const char *what, int i) {
  printf("c-pragma-macros: %s wrong at %d\n", what, i);
  return 1;
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
  ACC(data copyin(a) copyout(b))
  {
    _Pragma("acc parallel")
    {
      _Pragma("acc loop") for (int i = 0; i < N; i++) b[i] = a[i] + 1;
    }
    ACC_KERNELS
    {
      for (int i = 0; i < N; i++)
        b[i] *= 2;
      ACC_LOOP
      for (int i = 0; i < N; i++)
        b[i] += 1;
    }
  }
  ACC(parallel copyout(c))
  {
    ACC(loop gang)
    for (int i = 0; i < N; i++) {
      STRINGIZED(acc loop vector)
      for (int j = 0; j < M; j++)
        c[i][j] = i + j;
    }
  }
  double s = 0;
  ACC(parallel loop reduction(+ : s) copyin(b))
  for (int i = 0; i < N; i++)
    s += b[i];
  double expected = 0;
  for (int i = 0; i < N; i++) {
    if (b[i] != 2.0 * (i + 1) + 1)
      return fail("b", i);
    expected += b[i];
    for (int j = 0; j < M; j++)
      if (c[i][j] != i + j)
        return fail("c", i);
  }
  if (s != expected)
    return fail("s", 0);

  // A data construct Ferry cannot read ahead: its block still ends it.
  DATA_PASTED(ta copyin(a) copyout(b))
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      b[i] = 3 * a[i];
  }
#pragma acc parallel copy(b)
  {
#pragma acc loop
    for (int i = 0; i < N; i++)
      b[i] += 1;
  }
  for (int i = 0; i < N; i++)
    if (b[i] != 3.0 * i + 1)
      return fail("b after the pasted data construct", i);
  return 0;
}

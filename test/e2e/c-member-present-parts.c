/* A member of a struct entered by itself (`enter data copyin(t.s)`, an
 * array member `t.w`, `p->w`) and named in a construct's present clause:
 * the region reaches the member through its present copy. The struct the
 * member belongs to gets OpenACC's implicit copy, which found it partly
 * present on GPUs and stopped the program ("host range [...) is partially
 * present ... data clause copy(t) failed"; GCC's struct-copyout tests). The
 * implicit copy maps nothing where part of the struct is present. Compiled
 * as C and as C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_CHECK=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_CHECK=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include <stdio.h>
#include <stdlib.h>

struct inner {
  int a, b;
};
struct outer {
  int c, d;
  struct inner s;
  double w[8];
};

static int failures;
static void check(int ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    ++failures;
  }
}

int main(void) {
  struct outer t = {1, 2, {3, 4}, {0}};
#pragma acc enter data copyin(t.s)
#pragma acc serial present(t.s)
  {
    t.s.a = 5;
    t.s.b = 6;
  }
#pragma acc exit data copyout(t.s)
  check(t.s.a == 5 && t.s.b == 6 && t.c == 1, "struct member t.s");

#pragma acc enter data copyin(t.w)
#pragma acc parallel loop present(t.w)
  for (int i = 0; i < 8; i++)
    t.w[i] = 2 * i;
#pragma acc exit data copyout(t.w)
  check(t.w[7] == 14 && t.d == 2, "array member t.w");

  struct outer *p = (struct outer *)malloc(sizeof *p);
  for (int i = 0; i < 8; i++)
    p->w[i] = i;
#pragma acc enter data copyin(p->w)
#pragma acc parallel loop present(p->w)
  for (int i = 0; i < 8; i++)
    p->w[i] += 1;
#pragma acc exit data copyout(p->w)
  check(p->w[7] == 8, "array member through a pointer");

  /* Nothing present: the implicit copy of the struct copies it as before. */
  t.c = 0;
#pragma acc parallel loop copy(t.w)
  for (int i = 0; i < 8; i++)
    t.w[i] = t.c + i;
  check(t.w[3] == 3, "no part present");
  free(p);
  return failures;
}

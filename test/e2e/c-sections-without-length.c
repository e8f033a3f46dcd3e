/* Sections without a length of arrays whose declaration gives their size
   (OpenACC 3.3, 2.7.1: the length is the size minus the lower bound):
   `a[:]`, `b[:][:]`, `a[4:]`, in data clauses of compute, data and update
   directives (C_NN_OpenACC's `copyout(i6[:][:])`; refused before as a
   "malformed array section"), and of member arrays (`s.v[:]`, `p->m[2:]`,
   `s.m[:][:]`, through a subscript `list[1].v[:]`; in C++ `this->arr[:]` and
   a member named alone, `grid[1:][:]`). Pointers still need a
   length (plugin/diagnostics.cpp).
   RUN: %ferry-clang -std=c11 -O2 %s -o %t
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
   RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
   RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
*/
#include <stdio.h>

struct field {
  double v[8];
  int m[3][4];
};

static int members(void) {
  struct field s = {{0}}, t = {{0}}, list[2] = {{{0}}}, *p = &t;
#pragma acc parallel loop copyout(s.v[:], list[1].v[:]) copy(p->m[2:])
  for (int i = 0; i < 8; i++) {
    s.v[i] = i;
    list[1].v[i] = -i;
    if (i < 4)
      p->m[2][i] = 10 + i;
  }
#pragma acc data copy(s.m[:][:])
  {
#pragma acc parallel loop present(s.m[0:3][0:4])
    for (int i = 0; i < 4; i++)
      s.m[0][i] += 1;
  }
  int bad = 0;
  for (int i = 0; i < 8; i++)
    bad += s.v[i] != i || list[1].v[i] != -i;
  for (int i = 0; i < 4; i++)
    bad += t.m[2][i] != 10 + i || s.m[0][i] != 1 || s.m[1][i] != 0;
  if (bad)
    printf("%d member elements wrong\n", bad);
  return bad;
}

#ifdef __cplusplus
/* C++: members named through `this` and alone in a member function. */
struct body {
  double arr[32];
  double grid[4][8];
  int run() {
#pragma acc parallel loop copyout(this->arr[:], grid[1:][:])
    for (int i = 0; i < 24; i++) {
      arr[i] = i;
      grid[1 + i / 8][i % 8] = -i;
    }
    int bad = 0;
    for (int i = 0; i < 24; i++)
      bad += arr[i] != i || grid[1 + i / 8][i % 8] != -i;
    return bad;
  }
};
#endif

int main(void) {
  int a[16], b[4][4], c[16];
  for (int i = 0; i < 16; i++)
    c[i] = -1;
#pragma acc parallel loop copyout(a[:], b[:][:])
  for (int i = 0; i < 16; i++) {
    a[i] = i;
    b[i / 4][i % 4] = 2 * i;
  }
#pragma acc data copy(c[4:])
  {
#pragma acc parallel loop present(c[4:12])
    for (int i = 4; i < 16; i++)
      c[i] = i;
#pragma acc update self(c[8:])
    if (c[8] != 8 || c[15] != 15)
      printf("update self(c[8:]) did not bring the device's values\n");
  }
  int bad = 0;
  for (int i = 0; i < 16; i++)
    bad += a[i] != i || b[i / 4][i % 4] != 2 * i || c[i] != (i < 4 ? -1 : i);
  if (bad)
    printf("%d wrong\n", bad);
  bad += members();
#ifdef __cplusplus
  body object = {};
  bad += object.run();
#endif
  return bad != 0;
}

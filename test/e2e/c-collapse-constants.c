/* collapse and tile counts written as C constant expressions: an
   enumerator, arithmetic of a macro (OpenACC sweep 10 F10). C's `const int`
   is not a constant expression, and Ferry refuses it as GCC does.
   RUN: %ferry-clang -std=c11 -O2 %s -o %t
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
   RUN: not %ferry-clang -std=c11 -fsyntax-only -DCONST_INT %s 2>&1 | %FileCheck %s
   CHECK: error: OpenACC 'collapse(depth)' needs an integer constant from 1 to 64: Ferry evaluates literals, enumerators and constant integer variables with C's operators at the directive, and 'depth' is not one of those
*/
#include <stdio.h>

enum { ROWS = 6, COLS = 10, NEST = 2 };
#define DEPTH (NEST + 1)

static int a[4][ROWS][COLS];

int main(void) {
#pragma acc parallel loop collapse(DEPTH) copyout(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < ROWS; ++j)
      for (int k = 0; k < COLS; ++k) a[i][j][k] = i * 100 + j * 10 + k;
#pragma acc parallel loop collapse(NEST) copy(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < ROWS; ++j) a[i][j][0] += 1000;
#pragma acc parallel loop tile(ROWS / 2, COLS / 2) copy(a)
  for (int j = 0; j < ROWS; ++j)
    for (int k = 0; k < COLS; ++k) a[3][j][k] += 1;
#ifdef CONST_INT
  const int depth = 2;
#pragma acc parallel loop collapse(depth) copy(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < ROWS; ++j) a[i][j][0] += 1;
#endif
  int bad = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < ROWS; ++j)
      for (int k = 0; k < COLS; ++k)
        bad += a[i][j][k] != i * 100 + j * 10 + k + (k == 0 ? 1000 : 0) + (i == 3);
  if (bad)
    printf("%d wrong\n", bad);
  return bad != 0;
}

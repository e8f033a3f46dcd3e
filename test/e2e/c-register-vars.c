// `register` variables of the code around a region (C89 course code:
// `register int i, j, linhas, colunas;`), used in the region as a nested
// loop's bound or in a subscript: the region's copy is assigned, since a
// register variable has no address to copy from (was "address of register
// variable requested" in Ferry's generated code). A const one too.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int i, j, bad = 0;
  register int rows = 10, cols = 12;
  register const float scale = 6.0f;
  double s = 0;
  float *x = (float *)malloc(120 * sizeof(float));
#pragma acc parallel loop reduction(+ : s) copyout(x[0:120])
  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++) {
      x[i * cols + j] = scale;
      s += x[i * cols + j];
    }
  if (s != 720.0)
    printf("s = %g, expected 720\n", s), ++bad;
  for (i = 0; i < 120; i++)
    if (x[i] != 6.0f)
      printf("x[%d] = %g, expected 6\n", i, x[i]), ++bad;
  free(x);
  return bad != 0;
}

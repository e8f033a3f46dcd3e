// A pointer in no clause that a region dereferences (`*a`, as the Omni
// compiler's parallel tests read a malloc'ed int) gets the implicit section
// of its first element, as a[0] does (NVHPC's implicit copy of the element
// a dereference uses; copyin where it is only read). Was: the region
// stopped on GPUs, "the pointer 'a' ... points to memory that is not
// present". A dereference in a product (`x * *w`), written (`*out = ...`:
// copy) and beside subscripts of the same pointer.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int *a = (int *)malloc(4 * sizeof(int));
  double *w = (double *)malloc(4 * sizeof(double)), *out = (double *)malloc(sizeof(double));
  double x[8];
  int c[1], bad = 0;
  a[0] = 123;
  a[1] = 7;
  w[0] = 0.5;
  w[1] = 2.0;
  for (int i = 0; i < 8; ++i)
    x[i] = i;
#pragma acc parallel copy(c)
  c[0] = *a;
  if (c[0] != 123)
    printf("c[0] = %d, expected 123\n", c[0]), ++bad;
#pragma acc parallel loop copy(x)
  for (int i = 0; i < 8; ++i)
    x[i] = x[i] * *w + w[1];
  for (int i = 0; i < 8; ++i)
    if (x[i] != 0.5 * i + 2.0)
      printf("x[%d] = %g, expected %g\n", i, x[i], 0.5 * i + 2.0), ++bad;
  *out = 0;
#pragma acc serial
  *out = *w + 1.0;
  if (*out != 1.5)
    printf("*out = %g, expected 1.5\n", *out), ++bad;
  free(a);
  free(w);
  free(out);
  return bad != 0;
}

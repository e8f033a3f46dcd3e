/* Pointers in no data clause subscripted through an index variable that
 * the region's loops set (`int id = i * W + j; out[id] = 2 * grid[id];`,
 * OpenACC book ch. 3, gol): the implicit section comes from the variable's
 * initializer (ImplicitSections.h). Before, no section was mapped and on
 * devices that do not reach host memory (gfx90a without XNACK, gfx1100)
 * the launch stopped "the pointer at closure offset 0 ... is not present".
 * In C and, the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#include <stddef.h>
#include <stdlib.h>

#define W 24

/* A Game of Life step on a W x W torus-free grid (the border stays 0). */
static void life(const int *grid, int *next) {
#pragma acc kernels
  {
#pragma acc loop independent
    for (int i = 1; i < W - 1; i++)
#pragma acc loop independent
      for (int j = 1; j < W - 1; j++) {
        int id = i * W + j;
        int alive = grid[id - W - 1] + grid[id - W] + grid[id - W + 1] + grid[id - 1] +
                    grid[id + 1] + grid[id + W - 1] + grid[id + W] + grid[id + W + 1];
        int two = alive == 2;
        next[id] = (alive == 3) | (two & grid[id]);
      }
    /* The same name in a second nest (the book copies the grid back so). */
#pragma acc loop independent
    for (int i = 1; i < W - 1; i++)
#pragma acc loop independent
      for (int j = 1; j < W - 1; j++) {
        int id = i * W + j;
        next[id] += 10 * grid[id];
      }
  }
}

/* Odd elements from even ones, through a `const size_t` index. */
static void odd_from_even(double *a, int n) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    const size_t k = 2 * (size_t)i + 1;
    a[k] = a[k - 1] * 3;
  }
}

int main(void) {
  int *grid = (int *)calloc(W * W, sizeof(int)), *next = (int *)calloc(W * W, sizeof(int));
  /* A blinker: a row of three turns into a column of three. */
  grid[5 * W + 4] = grid[5 * W + 5] = grid[5 * W + 6] = 1;
  life(grid, next);
  int count = 0;
  for (int i = 0; i < W * W; i++)
    count += next[i];
  CHECK(count == 33);
  CHECK(next[4 * W + 5] == 1 && next[5 * W + 5] == 11 && next[6 * W + 5] == 1);
  CHECK(next[5 * W + 4] == 10 && next[5 * W + 6] == 10);

  enum { N = 100 };
  double *a = (double *)malloc(2 * N * sizeof(double));
  for (int i = 0; i < 2 * N; i++)
    a[i] = i;
  odd_from_even(a, N);
  for (int i = 0; i < N; i++)
    CHECK(a[2 * i + 1] == 6.0 * i);
  free(a);
  free(grid);
  free(next);
  return report();
}

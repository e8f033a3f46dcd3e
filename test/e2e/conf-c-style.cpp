// Conformance style, C code compiled as C++: malloc without casts hidden
// by macros, loop variables declared at the top of the function, a real_t
// typedef, #define min/max/data macros, arrays of arrays passed as
// parameters with constant inner bounds (copyin(A) of 'real_t A[N][M]'),
// a restrict pointer section, and a VLA-free 2-D array.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define ROWS 50
#define COLS 40

static void matvec(real_t A[ROWS][COLS], real_t *x, real_t *y) {
  int i, j;
#pragma acc parallel loop copyin(A, x[0:COLS]) copyout(y[0:ROWS])
  for (i = 0; i < ROWS; i++) {
    real_t s = 0.0;
    for (j = 0; j < COLS; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

static void axpy(int len, real_t alpha, real_t *restrict_x, real_t *__restrict y) {
  int i;
#pragma acc parallel loop copyin(restrict_x[0:len]) copy(y[0:len])
  for (i = 0; i < len; i++)
    y[i] = alpha * restrict_x[i] + y[i];
}

int test1() {
  int err = 0;
  int i, j;
  real_t(*A)[COLS] = (real_t(*)[COLS])malloc(sizeof(real_t) * ROWS * COLS);
  real_t *x = (real_t *)malloc(COLS * sizeof(real_t));
  real_t *y = (real_t *)malloc(ROWS * sizeof(real_t));
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      A[i][j] = conf_rand();
  for (j = 0; j < COLS; j++)
    x[j] = conf_rand();
  matvec(A, x, y);
  for (i = 0; i < ROWS; i++) {
    real_t s = 0.0;
    for (j = 0; j < COLS; j++)
      s += A[i][j] * x[j];
    if (fabs(y[i] - s) > PRECISION * COLS)
      err++;
  }
  free(A);
  free(x);
  free(y);
  return err;
}

int test2() {
  int err = 0;
  int i;
  real_t *a = (real_t *)malloc(n * sizeof(real_t));
  real_t *b = (real_t *)malloc(n * sizeof(real_t));
  for (i = 0; i < n; i++) {
    a[i] = conf_rand();
    b[i] = 1.0;
  }
  axpy(n, 2.0, a, b);
  for (i = 0; i < n; i++)
    if (fabs(b[i] - (2.0 * a[i] + 1.0)) > PRECISION)
      err++;
  real_t lo = 1e10, hi = -1e10;
#pragma acc parallel loop copyin(a[0:n]) reduction(min:lo) reduction(max:hi)
  for (i = 0; i < n; i++) {
    lo = min(lo, a[i]);
    hi = max(hi, a[i]);
  }
  real_t hlo = 1e10, hhi = -1e10;
  for (i = 0; i < n; i++) {
    hlo = min(hlo, a[i]);
    hhi = max(hhi, a[i]);
  }
  if (lo != hlo || hi != hhi)
    err++;
  free(a);
  free(b);
  return err;
}

int test3() {
  int err = 0;
  int i, j;
  static real_t grid[ROWS][COLS];
  static real_t next[ROWS][COLS];
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      grid[i][j] = next[i][j] = (i == 0) ? 1.0 : 0.0;
#pragma acc data copy(grid) create(next)
  {
    int it;
    for (it = 0; it < 10; it++) {
#pragma acc parallel loop collapse(2)
      for (i = 1; i < ROWS - 1; i++)
        for (j = 1; j < COLS - 1; j++)
          next[i][j] = 0.25 * (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]);
#pragma acc parallel loop collapse(2)
      for (i = 1; i < ROWS - 1; i++)
        for (j = 1; j < COLS - 1; j++)
          grid[i][j] = next[i][j];
    }
  }
  static real_t h[ROWS][COLS], hn[ROWS][COLS];
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      h[i][j] = hn[i][j] = (i == 0) ? 1.0 : 0.0;
  for (int it = 0; it < 10; it++) {
    for (i = 1; i < ROWS - 1; i++)
      for (j = 1; j < COLS - 1; j++)
        hn[i][j] = 0.25 * (h[i - 1][j] + h[i + 1][j] + h[i][j - 1] + h[i][j + 1]);
    for (i = 1; i < ROWS - 1; i++)
      for (j = 1; j < COLS - 1; j++)
        h[i][j] = hn[i][j];
  }
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      if (fabs(grid[i][j] - h[i][j]) > PRECISION)
        err++;
  return err;
}

int main() {
  int failcode = 0;
  srand(21);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}

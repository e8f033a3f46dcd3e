// Conformance style, C code: sizes as enumerators (enum { ROWS = 64 };)
// in loop bounds and steps (a region's loop, a nested loop, a collapse
// nest), array sections, num_gangs, vector_length, and async queue numbers,
// and acc_async_noval (an enumerator of openacc.h) in async. Each was
// refused by a static assertion ("... must be integers").
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

enum { ROWS = 64, COLS = 48, STEP = 2, VL = 64, GANGS = 8 };
enum queue_t { Q_MAIN = 3 };

int test1() {
  int err = 0;
  real_t *a = (real_t *)malloc(sizeof(real_t) * ROWS * COLS);
  int i, j;
#pragma acc parallel loop copyout(a[0:ROWS * COLS]) num_gangs(GANGS) vector_length(VL)
  for (i = 0; i < ROWS * COLS; i += 1)
    a[i] = i;
#pragma acc parallel loop gang copy(a[0:ROWS * COLS])
  for (i = 0; i < ROWS; i++) {
#pragma acc loop vector
    for (j = 0; j < COLS; j += STEP)
      a[i * COLS + j] = -a[i * COLS + j];
  }
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      if (a[i * COLS + j] != ((j % STEP == 0) ? -1.0 : 1.0) * (i * COLS + j))
        err++;
#pragma acc parallel loop collapse(2) copy(a[0:ROWS * COLS])
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      a[i * COLS + j] = i + j;
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      if (a[i * COLS + j] != i + j)
        err++;
  free(a);
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc enter data copyin(a[0:n]) async(Q_MAIN)
#pragma acc parallel loop present(a[0:n]) async(Q_MAIN)
  for (int x = 0; x < n; ++x)
    a[x] += 1;
#pragma acc parallel loop present(a[0:n]) async(acc_async_noval) wait(Q_MAIN)
  for (int x = 0; x < ROWS; ++x)
    a[x] = 0;
#pragma acc wait(Q_MAIN, acc_async_noval)
#pragma acc exit data copyout(a[0:n]) async(acc_async_sync)
  for (int x = 0; x < n; ++x)
    if (a[x] != (x < ROWS ? 0 : x + 1))
      err++;
  int hist[8] = {0};
#pragma acc parallel loop copyin(a[0:n]) reduction(+:hist[0:GANGS])
  for (int x = 0; x < n; ++x)
    hist[x % GANGS] += 1;
  for (int b = 0; b < GANGS; ++b)
    if (hist[b] != n / GANGS)
      err++;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}

// An array present in two pieces, entered one after the other (a program
// that moves a decomposed array block by block; OLCF's poisson2d, each
// OpenMP thread with its rows of one global array): a region whose clause
// names the second piece, `present(p[h:h])`, uses p through that piece's
// device copy, shifted back to p (OpenACC's attach of p to the section).
// Was: p was translated through the piece holding p[0], so p[i], i >= h,
// ran past its end on GPUs (heap corruption, or every element of the
// second piece wrong, silently).
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include <stdio.h>
#include <stdlib.h>

#define N 16
#define M 4
static double A[N][M];

static int check(int ok, const char *what) {
  if (!ok)
    printf("FAIL: %s\n", what);
  return ok ? 0 : 1;
}

int main(void) {
  int n = 1000, h = n / 2, bad = 0, failed = 0;
  double *p = (double *)malloc(n * sizeof *p);
  for (int i = 0; i < n; i++)
    p[i] = 0;
#pragma acc enter data copyin(p[0:h])
#pragma acc enter data copyin(p[h:h])
#pragma acc parallel loop present(p[h:h])
  for (int i = h; i < n; i++)
    p[i] = i;
  // The first piece, named: through its own copy.
#pragma acc parallel loop present(p[0:h])
  for (int i = 0; i < h; i++)
    p[i] = -i;
  // A data construct names the piece; the region inside names none.
#pragma acc data present(p[h:h])
  {
#pragma acc parallel loop
    for (int i = h; i < n; i++)
      p[i] += 1;
  }
#pragma acc exit data copyout(p[h:h])
#pragma acc exit data copyout(p[0:h])
  for (int i = 0; i < n; i++)
    bad += p[i] != (i >= h ? i + 1 : -i);
  failed |= check(bad == 0, "pointer pieces");

  // Two-dimensional: rows of a global array.
  int len = N / 2;
  bad = 0;
#pragma acc enter data copyin(A[0:len][0:M])
#pragma acc enter data copyin(A[len:len][0:M])
#pragma acc parallel loop collapse(2) present(A[len:len][0:M])
  for (int i = len; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] += i + j;
#pragma acc exit data copyout(A[len:len][0:M])
#pragma acc exit data copyout(A[0:len][0:M])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      bad += A[i][j] != (i >= len ? i + j : 0);
  failed |= check(bad == 0, "rows of a global array");
  free(p);
  return failed;
}

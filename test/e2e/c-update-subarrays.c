/* `update` of a subarray of two or three dimensions of an array of rows
 * (T a[N][M], T (*a)[M], T b[L][M][K]) moves the subarray, segment by
 * segment where its inner sections are not whole (before, in C: the whole
 * rows, overwriting host data outside the section, gboncoraglio's Laplace
 * solver; in C++ the program stopped); whole inner sections move as one
 * range; `if_present` skips what is absent. A data clause's section must
 * be contiguous (OpenACC 3.3 2.7.1): one that is not stops the program, in
 * C as in C++. Compiled as C and as C++.
 * GPU: expect-error
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %not --crash %run %t copyout 2>&1 | %FileCheck %s
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %not --crash %run %t.cxx copyout 2>&1 | %FileCheck %s
 * CHECK: ferry: error: array section A[2:2][5:3] is not contiguous: inner dimension 2 must be whole ([0:10])
 */
#include "Inputs/check_c.h"

#include <openacc.h>
#include <stdlib.h>
#include <string.h>

enum { N = 10, L = 4, M = 5, K = 6 };

static double A[N][N];
static double B[L][M][K];

static int in_block(int i, int j) { return i >= 2 && i < 4 && j >= 5 && j < 8; }

/* On the host device the data is the host's: nothing to tell apart. */
#define CHECK_MOVED(cond) CHECK(acc_get_device_type() == acc_device_host || (cond))

int main(int argc, char **argv) {
  int i, j, k;
  double (*P)[N] = (double (*)[N])malloc(sizeof(double[N][N]));
  if (argc > 1 && !strcmp(argv[1], "copyout")) {
#pragma acc parallel loop copyout(A[2:2][5:3])
    for (i = 2; i < 4; i++)
      A[i][5] = 1;
    return 0;
  }
#pragma acc enter data create(A, B, P[0:N][0:N])
#pragma acc parallel loop collapse(2) present(A, P[0:N][0:N])
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = 1;
      P[i][j] = 1;
    }
#pragma acc parallel loop collapse(3) present(B)
  for (i = 0; i < L; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < K; k++)
        B[i][j][k] = 1;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = 7;
      P[i][j] = 7;
    }
  for (i = 0; i < L; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < K; k++)
        B[i][j][k] = 7;
  /* Device to host: the block only, then whole rows as one range. */
#pragma acc update self(A[2:2][5:3], P[2:2][5:3], B[1:1][2:2][3:3])
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      CHECK_MOVED(A[i][j] == (in_block(i, j) ? 1 : 7));
      CHECK_MOVED(P[i][j] == (in_block(i, j) ? 1 : 7));
    }
  for (i = 0; i < L; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < K; k++)
        CHECK_MOVED(B[i][j][k] == (i == 1 && j >= 2 && j < 4 && k >= 3 ? 1 : 7));
#pragma acc update self(A[6:2][0:N]) if_present
  for (j = 0; j < N; j++)
    CHECK_MOVED(A[6][j] == 1 && A[7][j] == 1 && A[5][j] == 7 && A[8][j] == 7);
  /* Host to device: the block only. */
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = 5;
#pragma acc update device(A[2:2][5:3])
#pragma acc parallel loop collapse(2) present(A)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = A[i][j] == 5 ? 2 : 3;
#pragma acc update self(A)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      CHECK_MOVED(A[i][j] == (in_block(i, j) ? 2 : 3));
#pragma acc exit data delete(A, B, P[0:N][0:N])
  free(P);
  return report();
}

/* A `kernels loop` the program does not call independent, over a sum or a
 * maximum (a Jacobi sweep's `error = fmaxf(error, ...)`, izham-sugita's
 * laplace2d.c): the reduction a plain loop of `kernels` gets (NVHPC's
 * implicit reduction), so that the loop runs across the device; it ran in
 * order on one work-item. Race-checked on the emulator.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t -lm 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clang -std=c11 -O2 -fplugin-arg-ferry-remarks -c %s -o /dev/null 2>&1 | %FileCheck %s
 */
#include <math.h>
#include <stdio.h>

#define N 64
static float A[N][N], B[N][N];

int main(void) {
  float err = 0, sum = 0, top = 0;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      A[j][i] = (float)((i * j) % 7);
  // CHECK: c-kernels-loop-reductions.c:[[#@LINE+1]]:{{.*}} 'kernels loop' over 'j', iterations proven independent{{.*}}reductions: max:err
#pragma acc kernels loop copyin(A) copy(B)
  for (int j = 1; j < N - 1; j++)
    for (int i = 1; i < N - 1; i++) {
      B[j][i] = 0.25f * (A[j][i - 1] + A[j][i + 1] + A[j - 1][i] + A[j + 1][i]);
      err = fmaxf(err, fabsf(B[j][i] - A[j][i]));
    }
  // CHECK: c-kernels-loop-reductions.c:[[#@LINE+1]]:{{.*}} 'kernels loop' over 'j', iterations proven independent{{.*}}reductions: +:sum
#pragma acc kernels loop copyin(A)
  for (int j = 0; j < N; j++)
    sum += A[j][1];
  // CHECK: c-kernels-loop-reductions.c:[[#@LINE+1]]:{{.*}} 'kernels loop' over 'j', iterations proven independent{{.*}}reductions: max:top
#pragma acc kernels loop copyin(A)
  for (int j = 0; j < N; j++)
    if (A[j][3] > top)
      top = A[j][3];
  float expectErr = 0, expectSum = 0, expectTop = 0;
  for (int j = 1; j < N - 1; j++)
    for (int i = 1; i < N - 1; i++)
      expectErr = fmaxf(expectErr, fabsf(0.25f * (A[j][i - 1] + A[j][i + 1] + A[j - 1][i] +
                                                   A[j + 1][i]) - A[j][i]));
  for (int j = 0; j < N; j++) {
    expectSum += A[j][1];
    expectTop = A[j][3] > expectTop ? A[j][3] : expectTop;
  }
  if (err != expectErr || sum != expectSum || top != expectTop) {
    printf("FAIL: %g %g %g (expected %g %g %g)\n", err, sum, top, expectErr, expectSum, expectTop);
    return 1;
  }
  return 0;
}

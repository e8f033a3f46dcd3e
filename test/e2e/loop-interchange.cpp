// A `loop` construct that is the whole body of a sequential `for` of host
// control (a column-wise recurrence written row by row, as in an ADI
// sweep) is interchanged with it when its iterations stay independent with
// that loop inside: one launch per time step instead of one per row. Not
// interchanged, and launched per row as before: rows that read the row
// before one column over (the columns meet with the loop over rows inside),
// a triangular inner loop, a loop sharing its braces with another statement
// or loop (a loop alone in braces is interchanged). Results equal the
// sequential sweeps (up to the device's contracted multiply-adds); the outer
// variable ends with the value the loop leaves; FERRY_NOTIFY counts the
// launches.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 ACC_DEVICE_TYPE=host %run %t 2>&1 | %FileCheck %s
// RUN: env FERRY_NOTIFY=1 ACC_DEVICE_TYPE=host %run %t 2>&1 | %FileCheck %s --check-prefix=BRACED
#include "Inputs/check.h"

enum { N = 48, Steps = 3 };
static double x[N][N], a[N][N], b[N][N], rx[N][N], rb[N][N];

static void fill() {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      x[i][j] = rx[i][j] = (i * j % 7) + 1;
      a[i][j] = (i + j) % 5 * 0.1;
      b[i][j] = rb[i][j] = 10 + (i + 2 * j) % 3;
    }
}

int main() {
  const int n = N;
  int t, i, j;
  long after = -1, first = -1;
  fill();
  // The reference: the same sweeps, in order.
  for (t = 0; t < Steps; t++) {
    for (i = 1; i < n; i++)
      for (j = 0; j < n; j++) {
        rx[i][j] = rx[i][j] - rx[i - 1][j] * a[i][j] / rb[i - 1][j];
        rb[i][j] = rb[i][j] - a[i][j] * a[i][j] / rb[i - 1][j];
      }
    for (int k = 0; k < n - 2; k++)
      for (j = 0; j < n; j++)
        rx[n - 2 - k][j] = (rx[n - 2 - k][j] - rx[n - k - 3][j] * a[n - 3 - k][j]) / rb[n - 2 - k][j];
    for (i = 1; i < n; i++)
      for (j = 0; j < n - 1; j++)
        rx[i][j] = rx[i][j] - rx[i - 1][j + 1] * 0.5;
    for (i = 1; i < n; i++)
      for (j = i; j < n; j++)
        rb[i][j] = rb[i][j] + rb[i - 1][j] * 0.25;
    for (i = 0; i < n; i++) {
      for (j = 0; j < n; j++)
        rx[i][j] = rx[i][j] * 0.5 + 1;
    }
    for (i = 1; i < n; i++) {
      for (j = 0; j < n; j++)
        rx[i][j] = rx[i][j] + rx[i - 1][j] * 0.125;
      for (j = 0; j < n; j++)
        rb[i][j] = rb[i][j] + rx[i][j] * 0.0625;
    }
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        rb[i][j] = rb[i][j] * 0.75;
  }
#pragma acc data copy(x, b) copyin(a)
#pragma acc kernels
  {
    for (t = 0; t < Steps; t++) {
      // CHECK-COUNT-3: launch {{.*}}loop-interchange.cpp:[[@LINE+3]] loop
      // CHECK-NOT: loop-interchange.cpp:[[@LINE+2]] loop
      for (i = 1; i < n; i++)
#pragma acc loop independent
        for (j = 0; j < n; j++) {
          x[i][j] = x[i][j] - x[i - 1][j] * a[i][j] / b[i - 1][j];
          b[i][j] = b[i][j] - a[i][j] * a[i][j] / b[i - 1][j];
        }
      after = i;
      // Its variable declared in the header, subscripts reversed.
      for (int k = 0; k < n - 2; k++)
#pragma acc loop independent
        for (j = 0; j < n; j++)
          x[n - 2 - k][j] = (x[n - 2 - k][j] - x[n - k - 3][j] * a[n - 3 - k][j]) / b[n - 2 - k][j];
      // Each row from the row before, one column to the right: independent
      // over j, but not with the loop over i inside (columns meet): per row.
      for (i = 1; i < n; i++)
#pragma acc loop independent
        for (j = 0; j < n - 1; j++)
          x[i][j] = x[i][j] - x[i - 1][j + 1] * 0.5;
      // Triangular: per row.
      for (i = 1; i < n; i++)
#pragma acc loop independent
        for (j = i; j < n; j++)
          b[i][j] = b[i][j] + b[i - 1][j] * 0.25;
      // Alone in braces: interchanged.
      // BRACED-COUNT-3: launch {{.*}}loop-interchange.cpp:[[@LINE+3]] loop
      // BRACED-NOT: loop-interchange.cpp:[[@LINE+2]] loop
      for (i = 0; i < n; i++) {
#pragma acc loop independent
        for (j = 0; j < n; j++)
          x[i][j] = x[i][j] * 0.5 + 1;
      }
      // Two loops in the braces: per row, both.
      for (i = 1; i < n; i++) {
#pragma acc loop independent
        for (j = 0; j < n; j++)
          x[i][j] = x[i][j] + x[i - 1][j] * 0.125;
#pragma acc loop independent
        for (j = 0; j < n; j++)
          b[i][j] = b[i][j] + x[i][j] * 0.0625;
      }
      // With another statement in the braces: per row.
      for (i = 0; i < n; i++) {
#pragma acc loop independent
        for (j = 0; j < n; j++)
          b[i][j] = b[i][j] * 0.75;
        after = i + 1;
      }
      first = after;
    }
  }
  for (int p = 0; p < N; ++p)
    for (int q = 0; q < N; ++q) {
      CHECK(near(x[p][q], rx[p][q]));
      CHECK(near(b[p][q], rb[p][q]));
    }
  CHECK(after == n);
  CHECK(first == n);
  return report();
}

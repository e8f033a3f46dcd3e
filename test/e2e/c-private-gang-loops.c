// Private copies of array sections and variable-length arrays in C on a
// gang loop whose iterations run loops of their own over the gang's
// work-items (`loop vector`, a vector reduction, `loop worker`): the gang's
// work-items share its copy, found by the gang's number (before: by the
// work-item's, so gang g used copy g x block size: wrong sums with few
// gangs, writes past the copies and SIGSEGV with more; OpenACC sweep 17
// F2). Results on the host and the emulated gfx90a and gfx1100.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a env FERRY_EMU_CHECK=1 %run %t 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <stdlib.h>

/* Row i's copy holds i + k; its sum is n*i + n(n-1)/2. */
static long expected(int i, int n) { return (long)n * i + (long)n * (n - 1) / 2; }

static void pointer_section(int n, int m) {
  int *a = (int *)malloc(n * sizeof(int));
  long *out = (long *)malloc(m * sizeof(long));
#pragma acc parallel loop gang private(a[0:n]) copyout(out[0:m])
  for (int i = 0; i < m; i++) {
#pragma acc loop vector
    for (int k = 0; k < n; k++)
      a[k] = i + k;
    long s = 0;
#pragma acc loop vector reduction(+:s)
    for (int k = 0; k < n; k++)
      s += a[k];
    out[i] = s;
  }
  for (int i = 0; i < m; i++)
    CHECK(out[i] == expected(i, n));
  free(a);
  free(out);
}

static void vla(int n, int m) {
  int a[n];
  long *out = (long *)malloc(m * sizeof(long));
#pragma acc parallel loop gang private(a) copyout(out[0:m])
  for (int i = 0; i < m; i++) {
#pragma acc loop vector
    for (int k = 0; k < n; k++)
      a[k] = i + k;
    long s = 0;
    for (int k = 0; k < n; k++)
      s += a[k];
    out[i] = s;
  }
  for (int i = 0; i < m; i++)
    CHECK(out[i] == expected(i, n));
  free(out);
}

/* firstprivate: each gang's copy starts from the host's values (a[0], which
 * no iteration writes; the others each iteration writes before it reads). */
static void vla_firstprivate(int n, int m) {
  int a[n];
  for (int k = 0; k < n; k++)
    a[k] = 5;
  long *out = (long *)malloc(m * sizeof(long));
#pragma acc parallel loop gang firstprivate(a) copyout(out[0:m])
  for (int i = 0; i < m; i++) {
#pragma acc loop vector
    for (int k = 1; k < n; k++)
      a[k] = a[0] + k + i;
    long s = 0;
    for (int k = 0; k < n; k++)
      s += a[k];
    out[i] = s;
  }
  for (int i = 0; i < m; i++)
    CHECK(out[i] == 5L * n + (long)(n - 1) * i + (long)n * (n - 1) / 2);
  free(out);
}

/* Workers as the inner level, inside `kernels`. */
static void workers(int n, int m) {
  int *a = (int *)malloc(n * sizeof(int));
  long *out = (long *)malloc(m * sizeof(long));
#pragma acc kernels copyout(out[0:m])
#pragma acc loop gang private(a[0:n])
  for (int i = 0; i < m; i++) {
#pragma acc loop worker
    for (int k = 0; k < n; k++)
      a[k] = i + k;
    long s = 0;
    for (int k = 0; k < n; k++)
      s += a[k];
    out[i] = s;
  }
  for (int i = 0; i < m; i++)
    CHECK(out[i] == expected(i, n));
  free(a);
  free(out);
}

int main(void) {
  pointer_section(16, 8);
  pointer_section(40, 300);
  vla(16, 8);
  vla(24, 256);
  vla_firstprivate(16, 200);
  workers(16, 100);
  return report();
}

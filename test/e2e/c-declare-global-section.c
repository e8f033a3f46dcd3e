// The C form of declare-global-section.cpp: 'declare' of one-dimensional
// array sections at file scope, registered by a constructor when the program
// starts: a global pointer null then (nothing entered; the program
// allocates and enters the data, used in regions and a routine through the
// pointer), a pointer that a static initializer points to a global buffer
// (its section copied in at the first use), sections of global arrays (present,
// the rest of the arrays not).
// RUN: %ferry-clang -std=c11 -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

int n = 1000;
double *a;
#pragma acc declare create(a[0:n])
static double pool[64] = {1, 2, 3, 4};
double *p = pool;
#pragma acc declare copyin(p[:64])
double buf[100];
#pragma acc declare create(buf[10:20])
float tail[16];
#pragma acc declare link(tail[4:])

#pragma acc routine seq
static double twice(int i) { return 2 * a[i]; }

static int check(const char *what, double got, double want) {
  if (got == want)
    return 0;
  printf("%s: got %g, want %g\n", what, got, want);
  return 1;
}

int main(void) {
  int err = 0;
  const int host = acc_get_device_type() == acc_device_host;

  err += check("p present", acc_is_present(p, 64 * sizeof(double)), 1);
  double sum = 0;
#pragma acc parallel loop default(present) reduction(+ : sum)
  for (int i = 0; i < 64; ++i)
    sum += p[i];
  err += check("sum of p", sum, 10);

  err += check("buf[10:20] present", acc_is_present(buf + 10, 20 * sizeof(double)), 1);
  err += check("tail[4:] present", acc_is_present(tail + 4, 12 * sizeof(float)), 1);
  if (!host) {
    err += check("buf[9] present", acc_is_present(buf + 9, sizeof(double)), 0);
    err += check("buf[30] present", acc_is_present(buf + 30, sizeof(double)), 0);
    err += check("tail[3] present", acc_is_present(tail + 3, sizeof(float)), 0);
  }
#pragma acc parallel loop present(buf[10:20])
  for (int i = 10; i < 30; ++i)
    buf[i] = i;
  if (!host)
    err += check("host buf[12] before update", buf[12], 0);
#pragma acc update self(buf[10:20])
  err += check("buf[12]", buf[12], 12);
  err += check("buf[29]", buf[29], 29);

  a = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    a[i] = -1;
  if (!host)
    err += check("a present before enter data", acc_is_present(a, n * sizeof(double)), 0);
#pragma acc enter data create(a[0:n])
#pragma acc parallel loop default(present)
  for (int i = 0; i < n; ++i)
    a[i] = i;
  double *b = (double *)malloc(n * sizeof(double));
#pragma acc parallel loop default(present) copyout(b[0:n])
  for (int i = 0; i < n; ++i)
    b[i] = twice(i);
  err += check("b[7]", b[7], 14);
  if (!host)
    err += check("host a[7] before update", a[7], -1);
#pragma acc update self(a[0:n])
  err += check("a[7]", a[7], 7);
  err += check("a[n-1]", a[n - 1], n - 1);
#pragma acc exit data delete(a[0:n])
  free(b);
  free(a);
  return err;
}

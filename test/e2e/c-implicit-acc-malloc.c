/* Pointers to device memory used in a region without deviceptr (acc_malloc's
 * blocks, acc_deviceptr's addresses): their inferred sections are not mapped
 * (device memory is never copied as if it were the host's), and the kernel
 * gets the pointer as it is, as OpenACC's implicit attach leaves memory that
 * is not present alone. These regions stopped with "points to memory that
 * is not present". A pointer into another device's memory stops the region
 * with a message naming both devices. FERRY_TIME shows that nothing of the
 * device memory moved. In C and, compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: env FERRY_TIME=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
 * RUN: env ACC_DEVICE_TYPE=radeon FERRY_EMULATE=gfx90a,gfx1100 %not --crash %run %t other 2>&1 | %FileCheck %s --check-prefix=OTHER
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_TIME=1 %emu-gfx90a %run %t.cxx 2>&1 | %FileCheck %s
 * The rows of FERRY_TIME (bytes to and from the device):
 * CHECK-DAG: c-implicit-acc-malloc.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 8000 0{{ }}
 * CHECK-DAG: c-implicit-acc-malloc.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 0 0{{ }}
 * CHECK-DAG: data directives and API outside regions {{.*}} 8000 16000{{$}}
 * OTHER: ferry: error: c-implicit-acc-malloc.c:{{[0-9]+}} parallel loop {{.*}}: the pointer 'd' (closure offset {{[0-9]+}}, {{.*}}) points to memory of radeon device 1, but the region runs on device 0
 */
#include "Inputs/check_c.h"

#include <openacc.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000 };

/* d written through, h read: h[0:n] copyin (8000 bytes in), d nothing. */
static void twice(double *d, const double *h, int n) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    d[i] = 2 * h[i];
}

/* Through acc_deviceptr's address of present data: nothing moves. */
static void increment(double *d, int n) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    d[i] += 1;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "other") == 0) {
    acc_set_device_num(1, acc_device_radeon);
    double *d = (double *)acc_malloc(N * sizeof *d);
    acc_set_device_num(0, acc_device_radeon);
    increment(d, N);
    return 1;
  }
  double *h = (double *)malloc(N * sizeof *h), *x = (double *)malloc(N * sizeof *x);
  double *d = (double *)acc_malloc(N * sizeof *d);
  for (int i = 0; i < N; ++i) {
    h[i] = i;
    x[i] = -i;
  }
  twice(d, h, N);
  acc_memcpy_from_device(x, d, N * sizeof *d);
  for (int i = 0; i < N; ++i)
    CHECK(x[i] == 2.0 * i);
  acc_free(d);

#pragma acc enter data copyin(x[0:N])
  increment((double *)acc_deviceptr(x), N);
#pragma acc exit data copyout(x[0:N])
  for (int i = 0; i < N; ++i)
    CHECK(x[i] == 2.0 * i + 1);
  free(h);
  free(x);
  return report();
}

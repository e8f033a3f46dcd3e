// Checking mode on the emulated AMD devices (FERRY_EMU_CHECK=1) checks the
// regions' global accesses against the device's memory: a loop that writes
// past the section its clause maps fails the launch naming the access, the
// block it ran past and the region (without the check the write lands in
// the host process: device memory is host memory there). The regions that
// stay within their data run as before: sections, `create`, memory from
// acc_malloc (deviceptr), a declared global, a reduction, enter data.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t past 2>&1 | %count 0
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx90a %not --crash %run %t past 2>&1 | %FileCheck %s
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx1100 %not --crash %run %t past 2>&1 | %FileCheck %s
// CHECK: out-of-bounds global memory access: 8 bytes at 0x{{[0-9a-f]+}}, in no buffer of the launch (8 bytes past the end of the 8000-byte buffer at 0x{{[0-9a-f]+}}), by work-item
// CHECK-SAME: in the region {{.*}}emu-check-global.c:[[#@LINE+34]] parallel loop
#include "Inputs/check_c.h"
#include <openacc.h>
#include <stdlib.h>

#define N 1000

static double g[N];
#pragma acc declare create(g)

int main(int argc, char **argv) {
  double *a = malloc((N + 40) * sizeof *a), *b = malloc(N * sizeof *b);
  double *d = acc_malloc(N * sizeof *d);
  double sum = 0;
  for (int i = 0; i < N + 40; i++)
    a[i] = i;
#pragma acc enter data copyin(a[0:N])
#pragma acc parallel loop present(a[0:N]) create(b[0:N]) deviceptr(d) reduction(+:sum)
  for (int i = 0; i < N; i++) {
    b[i] = a[i] * 2;
    d[i] = b[i] + 1;
    g[i] = d[i];
    sum += g[i];
  }
  CHECK(sum == N * (double)(N - 1) + N);
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = g[i];
#pragma acc exit data copyout(a[0:N])
  for (int i = 0; i < N; i++)
    CHECK(a[i] == 2.0 * i + 1);
  acc_free(d);
  if (argc > 1) {
    // Writes 40 elements past the mapped section.
#pragma acc parallel loop copy(a[0:N])
    for (int i = 0; i < N; i++)
      a[i + 40] = i;
  }
  return report();
}

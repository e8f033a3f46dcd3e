// A kernel that reads through a wild pointer: on the emulated AMD devices
// the launch fails as a GPU's memory access fault does, naming the kernel,
// the address, the work-item and the region (before, the process died of
// SIGSEGV without a word); on the host the program crashes as the same
// loop would without directives. A fault in host code after an emulated
// launch is still the program's own crash (the handler passes it on).
// RUN: %ferry-clang -std=c99 -O2 %s -o %t
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s
// RUN: %emu-gfx1100 %not --crash %run %t 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t 2>&1 | %FileCheck %s --check-prefix=SEGV
// RUN: %emu-gfx90a %not --crash %run %t host 2>&1 | %FileCheck %s --check-prefix=SEGV
// SEGV-NOT: ferry
// SEGV: Segmentation fault
// SEGV-NOT: ferry
// GPU: expect-error
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// CHECK: ferry: error: emulated gfx{{[0-9a-f]+}}: ferry-emu: kernel '{{.*}}memory_fault_c_[[#@LINE+4]]_parallel_loop{{.*}}': memory access fault (SIGSEGV) at address 0x{{[0-9a-f]+}}: the kernel read or wrote memory that is not there {{.*}}, by work-item ({{[0-9]+}},0,0) of work-group ({{[0-9]+}},0,0); in the region device-memory-fault.c:[[#@LINE+4]] parallel loop
// CHECK-NOT: ferry: error
static void copy_from(double *a, int n, uintptr_t from) {
  double *src = (double *)from;
#pragma acc parallel loop copy(a[0:n]) deviceptr(src)
  for (int i = 0; i < n; i++)
    a[i] = src[i] + 1;
}

int main(int argc, char **argv) {
  int n = 1000;
  double *a = (double *)calloc(n, sizeof(double));
  if (argc > 1 && strcmp(argv[1], "host") == 0) {
    // A launch that works, then the host's own fault.
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] = i;
    volatile double *none = (double *)(uintptr_t)argc;
    return (int)*none;
  }
  copy_from(a, n, 0x1000);
  printf("%f\n", a[5]);
  return 0;
}

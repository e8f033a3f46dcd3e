// An `enter data`, `exit data` or `update` directive whose data cannot be
// moved stops the program with a message naming the directive, its source
// location and the clause, as a data construct's clause does (before: the
// OpenACC routine that implements it was named, "acc_copyin_async: data_arg
// 0x... was not made present", with no location, and the program went on
// with data that was not where the directive put it).
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t grow 2>&1 | %FileCheck %s --check-prefix=GROW
// RUN: %emu-gfx90a %not --crash %run %t absent 2>&1 | %FileCheck %s --check-prefix=ABSENT
// RUN: %emu-gfx90a %not --crash %run %t exit 2>&1 | %FileCheck %s --check-prefix=EXIT
// RUN: %emu-gfx90a %not --crash %run %t rows 2>&1 | %FileCheck %s --check-prefix=ROWS
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t null 2>&1 | %FileCheck %s --check-prefix=NULL
// RUN: %emu-gfx90a %not --crash %run %t null 2>&1 | %FileCheck %s --check-prefix=NULL
// RUN: %emu-gfx90a %not --crash %run %t past 2>&1 | %FileCheck %s --check-prefix=PAST
// RUN: %emu-gfx90a %not --crash %run %t past-out 2>&1 | %FileCheck %s --check-prefix=PAST-OUT
// RUN: %emu-gfx90a %not --crash %run %t past-overlap 2>&1 | %FileCheck %s --check-prefix=PAST-OVERLAP
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t.cxx grow 2>&1 | %FileCheck %s --check-prefix=GROW
// RUN: %emu-gfx90a %not --crash %run %t.cxx absent 2>&1 | %FileCheck %s --check-prefix=ABSENT
// RUN: %emu-gfx90a %not --crash %run %t.cxx rows 2>&1 | %FileCheck %s --check-prefix=ROWS
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t.cxx null 2>&1 | %FileCheck %s --check-prefix=NULL
//
// GROW: partially present on radeon device 0
// GROW-NEXT: ferry: error: c-data-directive-errors.c:[[#@LINE+28]] enter data ({{.*}}c-data-directive-errors.c:[[#@LINE+28]]): copyin(a[0:2*n]): the section 0x{{[0-9a-f]+}} (2048 bytes) was not made present on radeon device 0
// GROW-NOT: went on
// ABSENT: it is not present on radeon device 0
// ABSENT-NEXT: ferry: error: c-data-directive-errors.c:{{[0-9]+}} update ({{.*}}): self(b[0:n]): the section 0x{{[0-9a-f]+}} (1024 bytes) was not updated on radeon device 0
// ABSENT-NOT: went on
// EXIT: ferry: error: c-data-directive-errors.c:{{[0-9]+}} exit data ({{.*}}): copyout(a[0:2*n]): the section 0x{{[0-9a-f]+}} (2048 bytes) was not copied out on radeon device 0
// EXIT-NOT: went on
// ROWS: ferry: error: c-data-directive-errors.c:{{[0-9]+}} update ({{.*}}): device(m[0:2][0:n]): the section 0x{{[0-9a-f]+}} (1024 bytes) was not updated on radeon device 0
// ROWS-NOT: went on
// NULL: ferry: error: c-data-directive-errors.c:{{[0-9]+}} enter data ({{.*}}): create(p[0:n]): the section is a null pointer but bytes is 1024
// NULL-NOT: went on
// PAST: ferry: error: {{.*}}c-data-directive-errors.c:[[#@LINE+36]]): data clause copyin(b[0:big]): the 536870912 bytes at the section 0x{{[0-9a-f]+}} run into host memory that is not mapped (bytes is larger than the data); nothing done
// PAST-NOT: went on
// PAST-OUT: ferry: error: {{.*}}c-data-directive-errors.c:[[#@LINE+43]]): data clause copyout(b[0:big]): the 536870912 bytes at the section 0x{{[0-9a-f]+}} run into host memory that is not mapped (bytes is larger than the data); nothing done
// PAST-OUT-NOT: went on
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  const int n = 128;
  double *a = (double *)calloc(2 * n, sizeof(double));
  double *b = (double *)calloc(n, sizeof(double));
  double *m[2] = {(double *)calloc(2 * n, sizeof(double)), (double *)calloc(2 * n, sizeof(double))};
  double *p = argc > 5 ? a : NULL; // null, unknown to the optimizer
#pragma acc enter data copyin(a[0:n])
  if (!strcmp(mode, "grow")) {
#pragma acc enter data copyin(a[0:2*n])
  }
  if (!strcmp(mode, "absent")) {
#pragma acc update self(b[0:n])
  }
  if (!strcmp(mode, "exit")) {
#pragma acc exit data copyout(a[0:2*n])
  }
#pragma acc enter data copyin(m[0:2][0:n / 2])
  if (!strcmp(mode, "rows")) {
#pragma acc update device(m[0:2][0:n])
  }
  if (!strcmp(mode, "null")) {
#pragma acc enter data create(p[0:n])
  }
  if (!strcmp(mode, "past")) {
    // A section far longer than its data (DRACC's out-of-bounds copyin):
    // named, where the emulator's copy faulted in the runtime.
    const long long big = 64ll << 20;
#pragma acc data copyin(b[0:big])
    {
      fprintf(stderr, "went on in '%s'\n", mode);
    }
  }
  if (!strcmp(mode, "past-out")) {
    // The same on copyout (DRACC's MxV_out_of_bounds_Copyout): named when
    // the construct starts, where the copy at its end crashed.
    const long long big = 64ll << 20;
#pragma acc data copyout(b[0:big])
    {
      fprintf(stderr, "went on in '%s'\n", mode);
    }
  }
  if (!strcmp(mode, "past-overlap")) {
    // The same where another clause's block lies inside the long section
    // (DRACC's MxV_out_of_bounds_Copyin_other): one device copy of the
    // overlapping sections, named before it is made.
    const long long big = 64ll << 20;
    double *c = b + 8;
#pragma acc data copyin(b[0:big]) copyout(c[0:8])
    // PAST-OVERLAP: ferry: error: {{.*}}c-data-directive-errors.c:[[#@LINE-1]]): data clause copyin(b[0:big]): the 536870912 bytes at the section 0x{{[0-9a-f]+}} run into host memory that is not mapped (bytes is larger than the data); nothing done
    // PAST-OVERLAP-NOT: went on
    {
      fprintf(stderr, "went on in '%s'\n", mode);
    }
  }
  // What works stays silent: an update of present data, a section inside
  // present data, data that leaves, the rows that leave.
#pragma acc update device(a[1:n - 1]) self(m[0:2][0:n / 2])
#pragma acc exit data copyout(a[0:n]) delete(m[0:2][0:n / 2])
  if (*mode)
    fprintf(stderr, "went on after '%s'\n", mode);
  free(a);
  free(b);
  free(m[0]);
  free(m[1]);
  return 0;
}

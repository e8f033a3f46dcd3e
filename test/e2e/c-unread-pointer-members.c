// A struct a region captures whole (firstprivate) whose pointer member the
// region's code never reads (XSBench: `Inputs in` with `char *HM` pointing
// into argv): the launch stopped with "the pointer 'in.name' ... points to
// memory that is not present" on devices without host memory, although
// nothing dereferences it. Now the outliner follows the closure's uses
// (plugin/ClosureUses.cpp) and translates only the pointers the code may
// read; one it reads is still translated, or named when it is not present.
// RUN: %ferry-clang -std=c11 -O2 -fplugin-arg-ferry-remarks %s -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t read 2>&1 | %FileCheck %s --check-prefix=READ
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t.cxx read 2>&1 | %FileCheck %s --check-prefix=READ
// REMARK: remark: 'c-unread-pointer-members.c:{{[0-9]+}} parallel loop': kernel {{.*}}; closure of {{[0-9]+}} bytes, pointers attached at offsets {{[0-9]+}}, 1 pointer its code never reads, left as it is
// READ: ferry: error: c-unread-pointer-members.c:{{[0-9]+}} parallel loop ({{.*}}): the pointer 'in.name' (closure offset {{[0-9]+}}, 0x{{[0-9a-f]+}}) points to memory that is not present
#include "Inputs/check_c.h"

#include <string.h>

typedef struct {
  int n;
  char *name; /* host memory no clause names */
  int scale;
} Inputs;

static int scaled(Inputs in, int i) { return i * in.scale; }

int main(int argc, char **argv) {
  Inputs in = {100, argv[0], 3};
  int out[100];
  if (argc > 1 && !strcmp(argv[1], "read")) {
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < in.n; i++)
      out[i] = in.name[0] != 0;
    return 0;
  }
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < in.n; i++)
    out[i] = scaled(in, i) + 1;
  for (int i = 0; i < 100; i++)
    CHECK(out[i] == 3 * i + 1);
  return report();
}

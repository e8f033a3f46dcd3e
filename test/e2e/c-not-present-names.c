// A pointer in a region's closure that points to memory the device does not
// have stops the launch with a message naming the variable (before: only
// "the pointer at closure offset 8"): a local pointer, a struct's member, a
// captured struct's member in C++. The plugin's AST pass reads the closure
// with its names (ClosureNames.h), the outliner embeds them with the
// pointers' offsets. (No implicit section: the subscripts are not affine.)
// GPU: expect-error
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s --check-prefix=LOCAL
// RUN: %emu-gfx90a %not --crash %run %t member 2>&1 | %FileCheck %s --check-prefix=MEMBER
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t.cxx 2>&1 | %FileCheck %s --check-prefix=LOCAL
// RUN: %emu-gfx90a %not --crash %run %t.cxx member 2>&1 | %FileCheck %s --check-prefix=MEMBER
// LOCAL: ferry: error: c-not-present-names.c:{{[0-9]+}} parallel loop ({{.*}}): the pointer 'grid' (closure offset {{[0-9]+}}, 0x{{[0-9a-f]+}}) points to memory that is not present on the radeon device
// MEMBER: ferry: error: c-not-present-names.c:{{[0-9]+}} parallel loop ({{.*}}): the pointer 'field.data' (closure offset {{[0-9]+}}, 0x{{[0-9a-f]+}}) points to memory that is not present on the radeon device
#include "Inputs/check_c.h"

#include <stdlib.h>
#include <string.h>

struct field {
  int n;
  double *data;
};

int main(int argc, char **argv) {
  enum { N = 64 };
  double out[N];
  double *grid = (double *)calloc(N, sizeof(double));
  struct field field = {N, grid};
  if (argc > 1 && !strcmp(argv[1], "member")) {
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < N; i++)
      out[i] = field.data[(i * i) % N] + 1;
  } else {
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < N; i++)
      out[i] = grid[(i * i) % N] + 1;
  }
  for (int i = 0; i < N; i++)
    CHECK(out[i] == 1);
  free(grid);
  return report();
}

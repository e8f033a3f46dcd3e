// A construct's statement may come from an #include: the included file's
// end is not the end of the statement. A directive at the end of a header,
// whose statement would be in the file that includes it, is an error at the
// header's end (the handler does not lex on past the file it was called
// from), not a crash.
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=none -I%S/Inputs %s -o %t
// RUN: %t
// RUN: %not %ferry-clangxx -fsyntax-only -DHEADER_END -I%S/Inputs %s 2>&1 | %FileCheck %s
// CHECK: directive-ends-header.h:4:1: error: unexpected end of file inside the statement of an OpenACC construct
// CHECK-NOT: Stack dump
#include <cstdio>

#ifdef HEADER_END
void f(int *a) {
#include "directive-ends-header.h"
  { a[0] = 1; }
}
#endif

int main() {
  int a[16];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 16; ++i)
#include "statement-body.inc"
  for (int i = 0; i < 16; ++i)
    if (a[i] != 3 * i + 1) {
      std::printf("a[%d] = %d\n", i, a[i]);
      return 1;
    }
  return 0;
}

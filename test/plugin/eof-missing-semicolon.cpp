// A statement of a region missing its ';' makes the construct's statement
// run into the end of the file: Ferry says so once (the read-ahead of plain
// loops in `kernels` and `parallel` said it three times) and stops at the
// file's end, so that clang's own error names the missing ';'.
// RUN: %not %ferry-clangxx -fsyntax-only -DCONSTRUCT=kernels %s 2>&1 | %FileCheck %s
// RUN: %not %ferry-clangxx -fsyntax-only -DCONSTRUCT=parallel %s 2>&1 | %FileCheck %s
// RUN: %not %ferry-clangxx -fsyntax-only -DCONSTRUCT=serial %s 2>&1 | %FileCheck %s
// CHECK-COUNT-1: error: unexpected end of file inside the statement of an OpenACC construct
// CHECK-NOT: unexpected end of file
// CHECK: eof-missing-semicolon.cpp:[[@LINE+7]]:22: error: expected ';' after expression
// CHECK-NOT: unexpected end of file
// CHECK-NOT: Stack dump
void f(float *a, int n) {
#pragma acc CONSTRUCT copy(a[0:n])
  {
    for (int i = 0; i < n; ++i)
      a[i] = 2 * a[i]
  }
}

// A data construct whose statement runs into the end of the file: an error,
// and clang still ends normally (no crash).
// RUN: %not %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s
// CHECK: error: unexpected end of file inside the statement of an OpenACC construct
// CHECK-NOT: Stack dump
void f(int *a) {
#pragma acc data copyin(a[0:1])

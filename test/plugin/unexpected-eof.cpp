// A loop construct whose statement runs into the end of the file.
// RUN: %not %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s
// CHECK: error: unexpected end of file inside the statement of an OpenACC construct
void f(int n, int *a) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    a[i] = 0;

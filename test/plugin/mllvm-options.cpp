// -mllvm options hold for the host code after the outliner compiled device
// code: lld, which links code objects in process, resets every LLVM option,
// and the plugin applies the compilation's -mllvm options again.
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=gfx90a -O2 -c -mllvm -print-after=instcombine %s -o /dev/null 2>&1 | %FileCheck %s
// CHECK: IR Dump After InstCombinePass on _Z4useri

static int twice(int x) {
  int s = 0;
  for (int i = 0; i < x; ++i)
    s += i * x;
  return s;
}
int user(int n) { return twice(n) + twice(n + 1); }

void region(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}

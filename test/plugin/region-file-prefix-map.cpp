// A region's record names its file as __FILE__ does: -ffile-prefix-map (and
// -fmacro-prefix-map) remap it, so the object need not hold the directory
// it was built in.
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=none -ffile-prefix-map=%S=SRC -S -emit-llvm %s -o - | %FileCheck %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=none -fmacro-prefix-map=%S=SRC -S -emit-llvm %s -o - | %FileCheck %s
// CHECK-DAG: c"region-file-prefix-map.cpp:[[#@LINE+3]] parallel loop\00"
// CHECK-DAG: c"SRC{{/|\\\\}}region-file-prefix-map.cpp\00"
void f(int n, int *a) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    a[i] = 1;
}

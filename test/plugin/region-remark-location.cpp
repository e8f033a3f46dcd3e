// The remark of the pass that outlines a region (during code generation) is
// a clang remark at the construct, as the directive's own remark is: with
// clang's file name, the source line and a caret, and in clang's other
// diagnostic formats.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fplugin-arg-ferry-targets=sm_80 -O2 -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fplugin-arg-ferry-targets=sm_80 -O2 -c %s -o /dev/null -fdiagnostics-format=sarif -Wno-sarif-format-unstable 2>&1 | %FileCheck %s --check-prefix=SARIF
// CHECK: region-remark-location.cpp:[[@LINE+4]]:1: remark: 'region-remark-location.cpp:[[@LINE+4]] parallel loop': kernel
// CHECK-NEXT: {{^ *}}[[@LINE+3]] | #pragma acc parallel loop copy(x[0:n])
// SARIF: "text":"'region-remark-location.cpp:{{[0-9]+}} parallel loop': kernel
void scale(float *x, int n) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] *= 2.0f;
}

// The runtime reads images with the same reader as ferry-info: a program
// whose code object lost its AMDGPU metadata note stops with a message naming
// the image and what is missing, instead of launching a kernel whose
// resources and arguments are unknown (on the fake-ROCR AMD device and on the
// emulated gfx90a).
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=gfx90a -O2 %s -o %t
// RUN: %emu-gfx90a %run %t | %FileCheck %s --check-prefix=GOOD
// RUN: %python %S/Inputs/corrupt-image.py %t %t.bad
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %not --crash %run %t.bad.nonote 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %not --crash %run %t.bad.nonote 2>&1 | %FileCheck %s
// CHECK: ferry: error: image 0 (gfx90a): the code object has no AMDGPU metadata note (NT_AMDGPU_METADATA)
// CHECK: ferry: error: image-without-metadata.cpp:{{[0-9]+}} parallel loop ({{.*}}): no image for this radeon device
// CHECK-NOT: reached the end
// GOOD: reached the end
#include <cstdio>

int main() {
  int v[64] = {0};
#pragma acc parallel loop copy(v)
  for (int i = 0; i < 64; ++i)
    v[i] = i;
  if (v[63] != 63)
    return 1;
  std::printf("reached the end\n");
  return 0;
}

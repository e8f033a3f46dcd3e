// The runtime reads images with the same reader as ferry-info: a program
// whose code object lost its AMDGPU metadata note stops with a message naming
// the image, instead of launching a kernel whose resources and arguments are
// unknown (on the fake-ROCR AMD device and on the emulated gfx90a). The
// package's digest (ferry/ImageDigest.h) finds the damage before the reader;
// runtime/bad-images.test checks the reader's own message on a bare code
// object.
// RUN: %ferry-clangxx -fno-offload-lto -fplugin-arg-ferry-targets=gfx90a -O2 %s -o %t
// RUN: %emu-gfx90a %run %t | %FileCheck %s --check-prefix=GOOD
// RUN: %python %S/Inputs/corrupt-image.py %t %t.bad
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %not --crash %run %t.bad.nonote 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %not --crash %run %t.bad.nonote 2>&1 | %FileCheck %s
// CHECK: ferry: error: corrupt device image package ({{[0-9]+}} bytes) at offset {{[0-9]+}}: the object image for 'gfx90a' is damaged: its digest is fnv1a64w:{{[0-9a-f]+}}, the package says fnv1a64w:{{[0-9a-f]+}}
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

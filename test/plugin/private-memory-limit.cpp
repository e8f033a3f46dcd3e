// An array of 160 KiB declared in a gang's iteration whose nested loops run
// in order inside it (arrays over 4 KiB per gang are not shared in group
// memory): each work-item's own copy is over the 128 KiB of private memory
// an AMD work-item has. The error stands at the region's construct, names
// the region besides its kernel and says where the memory comes from
// (before: the kernel's name only, no location; jkelling/openacctests'
// sharedMem). With the images compiled in the compile (-fno-offload-lto)
// the compile says it; by default the link does, at the same construct.
// RUN: not %ferry-clangxx -O2 -fno-offload-lto -fplugin-arg-ferry-targets=gfx90a -c %s -o %t.o 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -O2 -fplugin-arg-ferry-targets=gfx90a -c %s -o %t.lto.o
// RUN: not %ferry-clangxx -shared %t.lto.o -o %t.so 2>&1 | %FileCheck %s --check-prefix=LINK
// LINK: private-memory-limit.cpp:[[#@LINE+7]]:{{[0-9]+}}: error: ferry-link: cannot compile the device code of '{{.*}}.lto.o' for gfx90a: {{.*}}stack frame size ({{[0-9]+}}) exceeds limit ({{[0-9]+}}) in function '__ferry_private_memory_limit_cpp_{{[0-9]+}}_loop_{{[0-9a-f]+}}' (the region 'private-memory-limit.cpp:[[#@LINE+7]] loop'); that is the private memory of each work-item: {{.*}} Declare a large array outside the region
// CHECK: private-memory-limit.cpp:[[#@LINE+6]]:{{[0-9]+}}: error: ferry: cannot compile this file's compute regions for gfx90a: stack frame size ({{[0-9]+}}) exceeds limit ({{[0-9]+}}) in function '__ferry_private_memory_limit_cpp_{{[0-9]+}}_loop_{{[0-9a-f]+}}' (the region 'private-memory-limit.cpp:[[#@LINE+6]] loop'); that is the private memory of each work-item: {{.*}} Declare a large array outside the region
static constexpr int Gangs = 8, Workers = 64, Size = 40 << 10;

int run(int *data) {
#pragma acc parallel copy(data[0:Gangs])
  {
#pragma acc loop gang
    for (int g = 0; g < Gangs; ++g) {
      int local[Size];
#pragma acc loop worker
      for (int q = 0; q < Size; ++q)
        local[q] = 0;
#pragma acc loop worker
      for (int w = 0; w < Workers; ++w) {
#pragma acc atomic update
        local[Size / 2] += 1;
      }
      data[g] += local[Size / 2];
    }
  }
  return data[0];
}

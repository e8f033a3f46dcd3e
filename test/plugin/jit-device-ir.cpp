// -fplugin-arg-ferry-jit: the regions' device module is embedded as NVVM
// bitcode for the runtime to compile for the device a program runs on
// (test/e2e/jit-device-code.test runs it). Alone it is the only device code;
// with targets= the images of those targets come too.
// RUN: %ferry-clangxx -fplugin-arg-ferry-jit -O2 -c %s -o %t.o
// RUN: %llvm-objdump --offloading %t.o | %FileCheck %s --check-prefix=ALONE
// ALONE: OFFLOADING IMAGE [0]:
// ALONE-NEXT: kind llvm ir
// ALONE-NEXT: arch {{$}}
// ALONE-NEXT: triple nvptx64-nvidia-cuda
// ALONE-NOT: OFFLOADING IMAGE
// The role the runtime compiles it into, beside the image's digest.
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); print(d.count(b'\0ferry-deferred\0'), d.count(b'\0kernels\0'))" %t.o | %FileCheck %s --check-prefix=ROLE
// ROLE: {{^1 1$}}
// RUN: %ferry-clangxx -fplugin-arg-ferry-jit -fplugin-arg-ferry-targets=gfx90a -fplugin-arg-ferry-remarks -O2 -c %s -o %t.both.o 2>&1 | %FileCheck %s --check-prefix=BOTH-REMARK
// BOTH-REMARK: remark: 'jit-device-ir.cpp:[[L:[0-9]+]] parallel loop': kernel __ferry_jit_device_ir_cpp_[[L]]_parallel_loop_{{[0-9a-f]+}} for gfx90a and the device it runs on (jit);
// RUN: %llvm-objdump --offloading %t.both.o | %FileCheck %s --check-prefix=BOTH
// BOTH: kind elf
// BOTH-NEXT: arch gfx90a
// BOTH: kind llvm ir
// BOTH-NEXT: arch gfx90a
// BOTH: kind llvm ir
// BOTH-NEXT: arch {{$}}
// BOTH-NEXT: triple nvptx64-nvidia-cuda
// RUN: %ferry-clangxx -fplugin-arg-ferry-jit -fplugin-arg-ferry-remarks -O2 -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REMARK
// REMARK: kernel __ferry_jit_device_ir_cpp_{{[0-9]+}}_parallel_loop_{{[0-9a-f]+}} for the device it runs on (jit);
// targets=none without jit stays host code only.
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=none -O2 -c %s -o %t.none.o
// RUN: %llvm-objdump --offloading %t.none.o | %FileCheck %s --check-prefix=NONE --allow-empty
// NONE-NOT: OFFLOADING IMAGE

void scale(float *x, int n) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
}

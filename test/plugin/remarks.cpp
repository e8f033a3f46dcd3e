// -fplugin-arg-ferry-remarks: one remark per construct saying how it runs,
// the data it maps, and how the body sees its variables.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark
// The outliner adds, per region, the kernel, its targets, its closure and
// geometry, what is attached (targets compiled at the link by default).
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fplugin-arg-ferry-targets=gfx90a,sm_80 -O2 -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=KERNEL
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=gfx90a -O2 -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// KERNEL: remarks.cpp:[[PL:[0-9]+]]:1: remark: 'remarks.cpp:[[PL]] parallel loop': kernel __ferry_remarks_cpp_[[PL]]_parallel_loop_{{[0-9a-f]+}} for gfx90a,sm_80 when linked; closure of {{[0-9]+}} bytes, pointers attached at offsets {{[0-9]+}} {{[0-9]+}}; vector_length work-items per block (256 by default), blocks to cover the iterations up to 65536 (num_gangs), grid-stride; reduction partials of 4 bytes combined per block, then on the host
// KERNEL: remarks.cpp:[[L:[0-9]+]]:1: remark: 'remarks.cpp:[[L]] loop': kernel __ferry_remarks_cpp_[[L]]_loop_{{[0-9a-f]+}} for gfx90a,sm_80 when linked; closure of {{[0-9]+}} bytes, pointers attached at offsets {{[0-9]+}}; one work-item (iterations in order)

void f(int n, float *x, float *y, float a, float &s) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n]) reduction(+:s) private(a)
  for (int i = 0; i < n; ++i) {
    a = x[i];
    y[i] += a;
    s += a;
  }
// CHECK: remarks.cpp:14:13: remark: ferry: 'parallel loop' over 'i': runs on the selected device (a GPU kernel, or the host's threads); data: copyin(x[0:n]) copy(y[0:n]); pointers captured by value (attached on a GPU): x, y; reductions: +:s; private(a); other variables: scalars firstprivate, arrays and the structs it changes copy
#pragma acc kernels
  {
#pragma acc loop collapse(2)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        y[i + j] = 0;
  }
// CHECK: remarks.cpp:[[@LINE-5]]:13: remark: ferry: 'loop' over a collapse(2) nest, iterations in order: runs on the selected device (a GPU kernel, or the host's threads)
// CHECK: remarks.cpp:[[@LINE-8]]:13: remark: ferry: 'kernels' (its loops are regions of their own); data: none
#pragma acc enter data copyin(x[0:n])
// CHECK: remarks.cpp:[[@LINE-1]]:13: remark: ferry: 'enter data': maps data on the selected device; data: copyin(x[0:n])
}
// With the images compiled in the compile, the targets alone.
// RUN: %ferry-clangxx -fno-offload-lto -fplugin-arg-ferry-remarks -fplugin-arg-ferry-targets=gfx90a,sm_80 -O2 -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=AOT
// AOT: remark: 'remarks.cpp:{{[0-9]+}} parallel loop': kernel __ferry_remarks_cpp_{{[0-9]+}}_parallel_loop_{{[0-9a-f]+}} for gfx90a,sm_80; closure

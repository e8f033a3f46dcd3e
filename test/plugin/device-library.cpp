// Ferry's device library (ferry-device.bc next to the plugin, or
// -fplugin-arg-ferry-device-library=PATH): a missing or damaged one is an
// error naming it, never a program without device code.
// RUN: %not %ferry-clangxx -fno-offload-lto -fplugin-arg-ferry-device-library=%t.missing.bc -fplugin-arg-ferry-targets=sm_80 -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=MISSING
// MISSING: error: ferry: cannot read Ferry's device library '{{.*}}.missing.bc': No such file or directory
// RUN: echo "not bitcode" > %t.bad.bc
// RUN: %not %ferry-clangxx -fno-offload-lto -fplugin-arg-ferry-device-library=%t.bad.bc -fplugin-arg-ferry-targets=sm_80 -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: ferry: Ferry's device library '{{.*}}.bad.bc' is not valid bitcode: {{.+}}
// The one the build made works when named.
// RUN: %ferry-clangxx -fno-offload-lto -fplugin-arg-ferry-device-library=%ferry-libdir/ferry-device.bc -fplugin-arg-ferry-targets=sm_80 -c %s -o %t.o
// RUN: %llvm-objdump --offloading %t.o | %FileCheck %s --check-prefix=OK
// OK: arch sm_80

void scale(int n, float *x) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
}

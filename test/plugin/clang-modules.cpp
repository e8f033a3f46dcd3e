// With -fmodules clang builds the modules a unit imports (its builtin
// headers are modules) in compiler instances of their own, with the plugin
// loaded again: Ferry's header belongs to the unit, not to those builds
// (in them it imported the module being built: "cyclic dependency in
// module '_Builtin_stddef'"). The unit compiles, its region runs on the
// host and the emulated gfx90a.
// RUN: rm -rf %t.modules
// RUN: %ferry-clangxx -fmodules -fmodules-cache-path=%t.modules -O2 -fplugin-arg-ferry-embed-ir %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a FERRY_NOTIFY=1 %run %t 2>&1 | %FileCheck %s
// CHECK: ferry: launch {{.*}} on emulated gfx90a
#include <cstddef>
#include <vector>

int main() {
  std::vector<double> a(1000, 0.5);
  double *p = a.data();
  double s = 0;
#pragma acc parallel loop copyin(p[0:1000]) reduction(+:s)
  for (int i = 0; i < 1000; ++i)
    s += p[i];
  return s == 500 ? 0 : 1;
}

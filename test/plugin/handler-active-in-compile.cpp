// In a real compile clang 19's Parser installs its own `acc` handler; the
// plugin must swap its own back in. If it did not, the loop below would stay
// a plain loop and no call to the runtime would appear.
// RUN: %ferry-clangxx -O1 -S -emit-llvm -o - %s | %FileCheck %s

void scale(int n, double *v) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    v[i] *= 2.0;
}
// CHECK-LABEL: define {{.*}}void @_Z5scaleiPd(
// CHECK:       {{call|invoke}} {{.*}}@ferry_launch_loop(

// On a device with a real present table (the fake-ROCR AMD device and the
// emulated gfx90a here), a
// 'present' clause for data that is not present stops the program with a
// message naming the construct, its location and the clause; it never runs
// on regardless. On the host everything is present.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %not --crash %run %t 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s
// CHECK: ferry: error: present-error.cpp:{{[0-9]+}} data ({{.*}}present-error.cpp:[[LINE:[0-9]+]]): data clause present(b[0:n]) failed
// CHECK-NOT: reached the end
#include <cstdio>
#include <vector>

int main() {
  const int n = 64;
  std::vector<float> av(n), bv(n);
  float *a = av.data(), *b = bv.data();
#pragma acc data copyin(a[0:n]) present(b[0:n])
  {
    a[0] = 1;
  }
  std::printf("reached the end\n");
  return 0;
}

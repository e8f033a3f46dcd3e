// A section of a null pointer with a length is never copied from address 0,
// on any device (the host included). A data construct's clause stops the
// program with a message naming the construct, its location, the clause and
// the variable, as other data clause errors do; `enter data` goes through
// acc_copyin_async, which names itself and does nothing. A section of length
// 0 of a null pointer is no action.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 0 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t 64 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %not --crash %run %t 64 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %not --crash %run %t 64 2>&1 | %FileCheck %s
// CHECK: ferry: error: acc_copyin_async: data_arg is a null pointer but bytes is 256
// CHECK-NEXT: after enter data
// CHECK-NEXT: ferry: error: data-null-section.cpp:{{[0-9]+}} data ({{.*}}data-null-section.cpp:[[#@LINE+12]]): data clause copyin(p[0:n]): the section's pointer is null but the section has 256 bytes
// CHECK-NOT: reached the end
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 0;
  float *p = argc > 2 ? new float[n] : nullptr; // null, unknown to the optimizer
  float sum = 0;
#pragma acc enter data copyin(p[0:n])
  if (n)
    std::fprintf(stderr, "after enter data\n");
#pragma acc data copyin(p[0:n])
  {
    for (int i = 0; i < n; ++i)
      sum += p[i];
  }
  if (n)
    std::fprintf(stderr, "reached the end\n");
  return sum == 0 ? 0 : 1;
}
